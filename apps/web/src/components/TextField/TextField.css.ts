import { style } from '@vanilla-extract/css';
import { vars } from '../styles.css';

export const field = style({ display: 'flex', flexDirection: 'column', gap: 4 });

export const input = style({
  font: 'inherit',
  padding: '8px 12px',
  borderRadius: vars.controlRadius,
  border: `1px solid ${vars.border}`,
  background: vars.surface,
  color: vars.text,
  selectors: {
    '&[aria-invalid]': { borderColor: vars.danger },
    '&:focus-visible': { outline: `3px solid ${vars.accent}`, outlineOffset: 1 },
  },
});
