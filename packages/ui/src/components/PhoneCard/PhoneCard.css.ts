import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/**
 * A fixed 3:2 frame, so grids never jump while pictures load; wide rather than tall, so a results page shows eight
 * cards in its first 2,000 px at 1280. The picture is contained, never cropped.
 */
export const frame = style({
  position: 'relative',
  aspectRatio: '3 / 2',
  background: vars.color.surfaceSunken,
  overflow: 'hidden',
});

export const picture = style({
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'contain',
});

export const badges = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs });

export const priceRow = style({
  display: 'flex',
  alignItems: 'baseline',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: 0,
});

export const price = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
});

export const originalPrice = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: vars.space.md,
  rowGap: vars.space.xxs,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const factValue = style({ margin: 0, color: vars.color.text, overflowWrap: 'anywhere' });

// the heading's weight, not the inline link's; doubled class so it wins over the link's own style
export const titleLink = style({ selectors: { '&&': { fontWeight: 'inherit' } } });
