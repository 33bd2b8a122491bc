import { style } from '@vanilla-extract/css';
import { vars } from '../components/styles.css';

export const shell = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column' });

export const skipLink = style({
  position: 'absolute',
  left: -9999,
  selectors: { '&:focus': { left: 16, top: 8, zIndex: 10, background: vars.color.surface, padding: 8 } },
});

export const header = style({
  borderBottom: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surfaceRaised,
});

export const nav = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 12,
  paddingBlock: 12,
});

export const brand = style({
  fontWeight: 800,
  fontSize: '1.25rem',
  textDecoration: 'none',
  marginRight: 'auto',
});

export const navList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 12,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  alignItems: 'center',
});

export const main = style({ flex: 1, paddingBlock: 24 });

export const dashboard = style({
  display: 'grid',
  gap: 24,
  gridTemplateColumns: '1fr',
  '@media': { 'screen and (min-width: 1024px)': { gridTemplateColumns: '220px 1fr' } },
});

export const sideMenu = style({
  listStyle: 'none',
  margin: 0,
  padding: 16,
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.card,
  alignSelf: 'start',
});

// on small screens the drawer shows only when opened with the menu button; wide screens always show it
export const drawerClosed = style({
  display: 'none',
  '@media': { 'screen and (min-width: 1024px)': { display: 'block' } },
});

export const errorPage = style({ textAlign: 'center', padding: '48px 0' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 'auto' });

export const sections = style({ display: 'flex', flexDirection: 'column', gap: 32 });
