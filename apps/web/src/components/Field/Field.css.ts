import { style } from '@vanilla-extract/css';
import { vars } from '../styles.css';

export const field = style({ display: 'flex', flexDirection: 'column', gap: 4 });

export const input = style({
  font: 'inherit',
  padding: '8px 12px',
  borderRadius: vars.radius.control,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: {
    '&[aria-invalid]': { borderColor: vars.color.danger },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: 1 },
  },
});
