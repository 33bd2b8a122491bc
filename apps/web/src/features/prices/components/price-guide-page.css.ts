// The public price page: the 90-day figures and the ranges side by side from a tablet up, the history
// below them at full width, then where the figures come from. One column on a phone.
import { media, vars } from '@recell/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';

export const page = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  paddingBlock: vars.space.lg,
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)' } },
});

export const wide = style({ gridColumn: '1 / -1', minWidth: 0 });

export const header = style([wide, { display: 'flex', flexDirection: 'column', gap: vars.space.xs }]);

export const eyebrow = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
});

export const lead = style({ margin: 0, color: vars.color.textMuted, maxWidth: '65ch' });

/** A block of the page on its own surface, as the design system's cards are. */
export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
  padding: vars.space.lg,
  borderRadius: vars.radius.card,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const panelTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.tight,
});

export const median = style({
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space.sm,
});

export const medianValue = style({
  fontSize: vars.fontSize.xxxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  fontVariantNumeric: 'tabular-nums',
});

export const muted = style({ margin: 0, color: vars.color.textMuted });

export const plain = style({ margin: 0 });

/** A short table that fits a phone; should it not, it scrolls inside itself, never the page. */
export const tableWrap = style({
  overflowX: 'auto',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontVariantNumeric: 'tabular-nums',
  fontSize: vars.fontSize.sm,
});

globalStyle(`${table} caption`, {
  textAlign: 'start',
  paddingBlockEnd: vars.space.sm,
  color: vars.color.textMuted,
});

globalStyle(`${table} th, ${table} td`, {
  textAlign: 'start',
  // narrower on a phone: four columns of figures fit across 320 px
  padding: `${vars.space.sm} ${vars.space.xs}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
  '@media': { [media.tablet]: { padding: `${vars.space.sm} ${vars.space.sm}` } },
});

globalStyle(`${table} thead th`, {
  background: vars.color.surfaceSunken,
  fontWeight: vars.fontWeight.semibold,
});

globalStyle(`${table} tbody th`, { fontWeight: vars.fontWeight.medium });

/** Words in a column of figures ("Not enough deals (2 of 5)"): aligned with them, free to wrap on a phone. */
export const wordsEnd = style({});
globalStyle(`${table} td${wordsEnd}`, { textAlign: 'end' });

/** A month ("Dec 2025") stays on one line. */
export const nowrap = style({ whiteSpace: 'nowrap' });

/** Numbers line up on the right, as in a ledger. */
export const number = style({});
globalStyle(`${table} th${number}, ${table} td${number}`, { textAlign: 'end', whiteSpace: 'nowrap' });

export const source = style([
  wide,
  {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.sm,
    padding: vars.space.lg,
    borderRadius: vars.radius.card,
    background: vars.color.primarySubtle,
    color: vars.color.onPrimarySubtle,
    maxWidth: '80ch',
  },
]);

globalStyle(`${source} a`, { color: 'inherit' });

export const sourceTitle = style({
  margin: 0,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.md,
});

export const historyParts = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
});

// The chart: an SVG for the lines only (it stretches to the plot, its strokes keep their width), the labels in
// HTML around it, so they keep the page's type size at 375 px and at 1280 px alike.
export const figure = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const caption = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const chart = style({
  display: 'grid',
  gridTemplateColumns: '3.5rem minmax(0, 1fr)',
  gridTemplateRows: '12rem auto',
  fontSize: vars.fontSize.xs,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.textMuted,
  '@media': { [media.tablet]: { gridTemplateRows: '15rem auto' } },
});

export const yAxis = style({ position: 'relative' });

export const yLabel = style({
  position: 'absolute',
  insetInlineEnd: vars.space.sm,
  transform: 'translateY(50%)',
  whiteSpace: 'nowrap',
});

export const plot = style({
  position: 'relative',
  borderBottom: `1px solid ${vars.color.borderStrong}`,
});

export const svg = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  overflow: 'visible',
});

export const grid = style({ stroke: vars.color.border, strokeWidth: 1 });

export const line = style({
  fill: 'none',
  stroke: vars.color.primary,
  strokeWidth: 2.5,
  strokeLinejoin: 'round',
  strokeLinecap: 'round',
});

/** A zero-length path with a round cap: a dot that stays round however the plot stretches. */
export const dot = style({
  fill: 'none',
  stroke: vars.color.primary,
  strokeWidth: 10,
  strokeLinecap: 'round',
});

export const months = style({
  gridColumn: 2,
  display: 'grid',
  gridTemplateColumns: 'repeat(12, minmax(0, 1fr))',
  margin: 0,
  padding: 0,
  paddingBlockStart: vars.space.xs,
  textAlign: 'center',
});

// centred under its point; a label wider than its month spills evenly to both sides (the next one is hidden)
export const monthLabel = style({ display: 'flex', justifyContent: 'center', whiteSpace: 'nowrap' });

// on a phone every other month is named (the current one among them): twelve would not fit side by side
globalStyle(`${months} > ${monthLabel}:nth-last-child(even)`, {
  '@media': { [`not ${media.tablet}`]: { visibility: 'hidden' } },
});

export const back = style([wide, { margin: 0 }]);
