import { vars } from '@recell/ui/theme';
import { style } from '@vanilla-extract/css';

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.md });

/** One offer: the phone's picture beside what was offered, what it is now, and what can be done. */
export const card = style({
  display: 'grid',
  // minmax(0, 1fr): the text column shrinks to the card at 375 px instead of pushing past it
  gridTemplateColumns: '72px minmax(0, 1fr)',
  gap: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 12,
  background: vars.color.surface,
});

export const picture = style({ objectFit: 'contain', background: vars.color.surfaceRaised, borderRadius: 8 });

export const body = style({ display: 'grid', gap: vars.space.xs, minWidth: 0 });

export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.lg });

export const facts = style({
  display: 'grid',
  // the term's column at most half: a long name wraps instead of squeezing the amounts and dates
  gridTemplateColumns: 'fit-content(50%) minmax(0, 1fr)',
  columnGap: vars.space.md,
  rowGap: 2,
  margin: 0,
  fontVariantNumeric: 'tabular-nums',
});

export const term = style({ color: vars.color.textMuted });

/** A note a person wrote: shown as their text, quoted. */
export const note = style({
  margin: 0,
  paddingInlineStart: vars.space.sm,
  borderInlineStart: `3px solid ${vars.color.border}`,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const warning = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: 8,
  background: vars.color.warningSubtle,
  color: vars.color.onWarningSubtle,
  fontSize: vars.fontSize.sm,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginTop: vars.space.xs,
});

export const promise = style({ margin: 0, fontSize: vars.fontSize.sm });
