import { media, vars } from '@recell/ui/theme';
import { style } from '@vanilla-extract/css';

// the buying actions under a listing (Book, Add To Cart, Report), at the card's foot
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 'auto' });

export const sections = style({ display: 'flex', flexDirection: 'column', gap: 32 });

/**
 * On a phone's page the main action stays in view on a phone, and never hides the price: a
 * compact bar of one row, the price and the one main action, sticks to the bottom of the screen while the listing
 * scrolls; the other actions and the safe-deal line sit in the page below it. From a tablet up it sits in place.
 */
export const actionBar = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 1,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginInline: `calc(-1 * ${vars.space.lg})`,
  padding: `${vars.space.xs} ${vars.space.lg}`,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  '@media': {
    [media.tablet]: {
      position: 'static',
      justifyContent: 'flex-start',
      margin: 0,
      padding: 0,
      background: 'none',
      borderTop: 'none',
    },
  },
});

/** Book and Make an offer side by side in the bar, wrapping under each other only where they cannot fit. */
export const barActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  justifyContent: 'flex-end',
});

/** The price again in the bar, for the screens where the bar is all that shows; the page's own price says it. */
export const barPrice = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
  '@media': { [media.tablet]: { display: 'none' } },
});

/** A line under the actions: the safe deal, or where a visitor comes back to. */
export const actionNote = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** My Orders' and My Buyers' tabs: links in a row, the current one underlined (and said: aria-current). */
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
