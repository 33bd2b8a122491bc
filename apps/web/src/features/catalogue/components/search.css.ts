import { media, vars } from '@recell/ui/theme';
import { style } from '@vanilla-extract/css';

// the navbar's box (the navbar places it): the field takes what the button leaves
export const navbarSearch = style({ display: 'flex', alignItems: 'flex-end', gap: vars.space.xs });
export const navbarBox = style({ flex: 1, minWidth: 0 });

// what someone typed can be one long word: it wraps instead of pushing the page sideways
export const title = style({ overflowWrap: 'anywhere' });

export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const controls = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const queryRow = style({ display: 'flex', alignItems: 'flex-end', gap: vars.space.sm });
export const queryBox = style({ flex: 1 });

// two columns on a phone and a tablet (min and max price side by side); on a desktop five a row, and from
// 1200 px all eight in one (the seller rating made eight), so a results page at 1280 px shows 8 cards in its first 2,000 px
export const filters = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  margin: 0,
  padding: 0,
  border: 0,
  '@media': {
    [media.desktop]: { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' },
    'screen and (min-width: 1200px)': { gridTemplateColumns: 'repeat(8, minmax(0, 1fr))' },
  },
});

// the filters' fold exists on a phone only: from a tablet up they are always shown
export const filtersToggle = style({
  alignSelf: 'flex-start',
  '@media': { [media.tablet]: { display: 'none' } },
});
export const filtersFolded = style({ '@media': { [`not ${media.tablet}`]: { display: 'none' } } });

export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const count = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontVariantNumeric: 'tabular-nums',
  // the sticky navbar must not cover the heading that paging moves focus to
  scrollMarginTop: 160,
  ':focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: 2 },
});

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

// the list that is being replaced stays readable but looks (and is marked) busy
export const stale = style({ opacity: 0.6, transition: `opacity ${vars.motion.fast}` });

export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
