import { vars } from '@recell/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';

export const earnings = style({ marginBottom: 24 });

export const figures = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 16,
  margin: 0,
});

export const figure = style({
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.card,
  background: vars.color.surfaceRaised,
  padding: '12px 16px',
  minWidth: 200,
});

export const state = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 4 });

export const note = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

globalStyle(`${figure} dt`, { fontSize: vars.fontSize.sm, color: vars.color.textMuted });
globalStyle(`${figure} dd`, { margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });
