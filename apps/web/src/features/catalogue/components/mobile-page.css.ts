// The detail page: the picture large beside what a buyer decides on (price, condition), one column on phones.
import { media, sprinkles, vars } from '@recell/ui/theme';
import { style } from '@vanilla-extract/css';

export const page = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 6fr) minmax(0, 5fr)' } },
});

/** The same 4:3 frame as the cards, so nothing moves while the picture loads. */
export const frame = style({
  margin: 0,
  aspectRatio: '4 / 3',
  overflow: 'hidden',
  borderRadius: vars.radius.card,
  background: vars.color.surfaceSunken,
});

export const picture = style({ display: 'block', width: '100%', height: '100%', objectFit: 'contain' });

export const summary = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
});

export const badges = sprinkles({ display: 'flex', flexWrap: 'wrap', gap: 'xs' });

export const priceRow = style([
  sprinkles({ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', gap: 'sm' }),
  { margin: 0 },
]);

export const price = style({
  fontSize: vars.fontSize.xxxl,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
});

export const muted = style({ color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' });

export const condition = style({ margin: 0, fontSize: vars.fontSize.lg });

export { factList as facts } from '../../../components/styles.css';

export const term = style({ color: vars.color.textMuted });

export const value = style({
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  overflowWrap: 'anywhere',
});

export const details = style({ gridColumn: '1 / -1', maxWidth: '70ch' });

export const back = style({ gridColumn: '1 / -1', margin: 0 });

/** The IMEI check's two sentences, one per line. */
export const imeiCheck = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
