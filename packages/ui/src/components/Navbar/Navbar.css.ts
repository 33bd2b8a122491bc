import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { contentMaxWidth, media } from '../../theme/tokens';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 50,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

/** Narrower than the tablet breakpoint. */
const phone = `not ${media.tablet}`;

// one row on a phone (menu, brand, search); from a tablet up the links and actions join it and may wrap
export const inner = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  maxWidth: contentMaxWidth,
  margin: '0 auto',
  padding: `${vars.space.sm} ${vars.space.md}`,
  '@media': {
    [media.tablet]: {
      flexWrap: 'wrap',
      gap: `${vars.space.xs} ${vars.space.md}`,
      padding: `${vars.space.sm} ${vars.space.lg}`,
    },
  },
});

// display is left alone outside the media query, so a test without CSS media (jsdom) still sees both
export const phoneOnly = style({ '@media': { [media.tablet]: { display: 'none' } } });
export const wideOnly = style({ '@media': { [phone]: { display: 'none' } } });

export const drawerBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const drawerLinks = style({});

export const brand = style({
  display: 'inline-flex',
  flexShrink: 0,
  alignItems: 'center',
  gap: vars.space.xs,
  '@media': { [media.tablet]: { marginInlineEnd: 'auto' } },
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
});

export const brandMark = style({ color: vars.color.primary });

// the narrowest phones (320 px) keep the mark and give the word's room to the search box; the link's name (aria-label) stays
export const brandWord = style({ '@media': { 'not screen and (min-width: 360px)': { display: 'none' } } });

export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

// the rest of a phone's row; in line beside the links from a tablet up
export const search = style({
  flex: '1 1 auto',
  minWidth: 0,
  '@media': { [media.tablet]: { flex: '0 1 280px' } },
});

// the links stacked in the drawer
globalStyle(`${drawerLinks} ul`, { flexDirection: 'column', alignItems: 'flex-start' });

/** A link with an icon (the bell): the icon and the label on one line, centred. */
export const withIcon = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

export const icon = style({ display: 'inline-flex', flexShrink: 0 });

/** A link's count (unread messages, notifications): a small pill after its words. */
export const count = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '1.25rem',
  padding: `0 ${vars.space.xxs}`,
  borderRadius: vars.radius.full,
  background: vars.color.primarySubtle,
  color: vars.color.onPrimarySubtle,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.body,
});
