import { style } from '@vanilla-extract/css';
import { vars } from '@recell/ui/theme';

export const note = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
