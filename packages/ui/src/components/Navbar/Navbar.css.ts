import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { contentMaxWidth, media } from '../../theme/tokens';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 50,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const inner = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.md}`,
  maxWidth: contentMaxWidth,
  margin: '0 auto',
  padding: `${vars.space.sm} ${vars.space.lg}`,
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  marginInlineEnd: 'auto',
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
});

export const brandMark = style({ color: vars.color.primary });

export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const actions = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

// last and full width on a phone (the bar wraps), so the box is wide enough to type in; in line from a tablet up
export const search = style({
  flex: '1 1 100%',
  order: 1,
  minWidth: 0,
  '@media': { [media.tablet]: { flex: '0 1 280px', order: 0 } },
});
