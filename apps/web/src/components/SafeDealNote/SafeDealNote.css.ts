import { vars } from '@recell/ui/theme';
import { style } from '@vanilla-extract/css';

export const note = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  maxWidth: '60ch',
});
