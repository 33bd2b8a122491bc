// The app's own layout pieces over the design system's tokens; controls, breakpoints and the content width come
// from @recell/ui (LinkButton for a link drawn as a button).
import { contentMaxWidth, sprinkles, vars } from '@recell/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';

globalStyle('a', { color: vars.color.link });

export const container = style({ maxWidth: contentMaxWidth, margin: '0 auto', paddingInline: vars.space.lg });

/** Card lists: one column on a phone, two from a tablet, three on a desktop. */
export const grid = style([
  sprinkles({ display: 'grid', gap: 'lg', columns: [1, 2, 3], padding: 'none' }),
  { listStyle: 'none' },
]);

export const errorText = style({ color: vars.color.danger, margin: 0 });

export const formStack = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  maxWidth: 420,
});

export const thumb = style({ objectFit: 'contain', background: vars.color.surfaceRaised, borderRadius: 4 });

/** A term / value list in two columns (a listing's facts, a booking's): the terms muted, the values wrapping. */
export const factList = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  columnGap: vars.space.lg,
  rowGap: vars.space.xs,
  margin: 0,
});
