import { vars } from '@recell/ui/theme';
import { style } from '@vanilla-extract/css';

export const note = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  maxWidth: '60ch',
});

export const guide = style({
  fontSize: vars.fontSize.sm,
  maxWidth: '60ch',
});

export const summary = style({
  cursor: 'pointer',
  color: vars.color.text,
  ':focus-visible': {
    outline: `2px solid ${vars.color.focusRing}`,
    outlineOffset: '2px',
  },
});

export const list = style({
  margin: 0,
  display: 'grid',
  gap: vars.space.xs,
});

export const term = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });

export const definition = style({ margin: 0, color: vars.color.textMuted });
