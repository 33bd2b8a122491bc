import { vars } from '@recell/ui/theme';
import { style } from '@vanilla-extract/css';

/**
 * The guide's line under a price: one line is kept while the guide loads, so the fields below do not move
 * when the words arrive.
 */
export const line = style({
  margin: 0,
  minHeight: `calc(${vars.lineHeight.body} * 1em)`,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
  maxWidth: '60ch',
});

/** How far a listing's price is from the median: the part a buyer decides by. */
export const compared = style({ color: vars.color.text, fontWeight: vars.fontWeight.bold });
