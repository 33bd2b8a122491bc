import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const rating = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.body,
  color: vars.color.text,
  whiteSpace: 'nowrap',
});

/** The star is filled in the accent colour; the words carry the meaning, never the colour alone. */
export const star = style({ fill: 'currentColor', color: vars.color.accent });

export const fresh = style({ fontWeight: vars.fontWeight.regular, color: vars.color.textMuted });
