import { media, vars } from '@recell/ui/theme';
import { style } from '@vanilla-extract/css';

// the buying actions under a listing (Book, Add To Cart, Report), at the card's foot
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 'auto' });

export const sections = style({ display: 'flex', flexDirection: 'column', gap: 32 });

/**
 * On a phone's page the main action stays in view on a phone (issue 27): the bar sticks to the bottom of the
 * screen while the listing scrolls, and sits in place from a tablet up.
 */
export const actionBar = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 1,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  marginInline: `calc(-1 * ${vars.space.lg})`,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  '@media': {
    [media.tablet]: { position: 'static', margin: 0, padding: 0, background: 'none', borderTop: 'none' },
  },
});
