import { vars } from '@recell/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });

/** The money by state: cards that wrap, one a row on a phone. */
export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 180px), 1fr))',
  gap: vars.space.md,
  margin: 0,
});

export const figure = style({
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.card,
  background: vars.color.surfaceRaised,
  padding: `${vars.space.sm} ${vars.space.md}`,
  minWidth: 0,
});

globalStyle(`${figure} dt`, { fontSize: vars.fontSize.sm, color: vars.color.textMuted });
globalStyle(`${figure} dd`, { margin: 0, overflowWrap: 'anywhere' });

export const amount = style({
  display: 'block',
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
});

export const note = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const card = style({
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.card,
  background: vars.color.surfaceRaised,
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.lg });

export const missing = style({ margin: 0, paddingInlineStart: vars.space.lg });

export const state = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 4 });

export const quote = style({
  margin: 0,
  paddingInlineStart: vars.space.md,
  borderInlineStart: `3px solid ${vars.color.border}`,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const pictures = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  listStyle: 'none',
  padding: 0,
  margin: 0,
});

export const picture = style({
  width: 120,
  aspectRatio: '4 / 3',
  objectFit: 'cover',
  borderRadius: vars.radius.control,
  background: vars.color.surfaceRaised,
});

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});

globalStyle(`${facts} dt`, { color: vars.color.textMuted });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const tabs = style({
  display: 'flex',
  gap: vars.space.xs,
  listStyle: 'none',
  margin: `0 0 ${vars.space.md}`,
  padding: 0,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const tab = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  paddingInline: vars.space.md,
  color: vars.color.text,
  textDecoration: 'none',
  borderBottom: '3px solid transparent',
  selectors: {
    '&[aria-current="page"]': { borderBottomColor: vars.color.primary, fontWeight: vars.fontWeight.bold },
    '&:hover': { color: vars.color.link },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});
