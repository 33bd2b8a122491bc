import { style } from '@vanilla-extract/css';
import { media, vars } from '@recell/ui/theme';

export const shell = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column' });

export const skipLink = style({
  position: 'absolute',
  left: -9999,
  selectors: { '&:focus': { left: 16, top: 8, zIndex: 10, background: vars.color.surface, padding: 8 } },
});

// a full-width flex item: with the container's auto margins it would otherwise size to its content's widest line.
// At least a screen tall, so the footer starts below the fold and does not jump down as the page's data arrives
// (Lighthouse counted that jump as most of the layout shift).
export const main = style({ flex: 1, width: '100%', minWidth: 0, paddingBlock: 24, minHeight: '100vh' });

export const dashboard = style({
  display: 'grid',
  gap: 24,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.desktop]: { gridTemplateColumns: '220px minmax(0, 1fr)' } },
});

// below 1024 px the side menu lives in the navbar's drawer only
export const sideColumn = style({
  display: 'none',
  '@media': { [media.desktop]: { display: 'block', alignSelf: 'start' } },
});

export const dashboardContent = style({ minWidth: 0 });

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

export const sideLink = style({
  display: 'block',
  padding: '8px 4px',
  selectors: { '&[aria-current="page"]': { fontWeight: 700 } },
});

export const errorPage = style({ textAlign: 'center', padding: '48px 0' });

// the demo-mode marker: one quiet line above the navbar, in body colours (contrast as the page's own text)
export const demoMode = style({
  margin: 0,
  padding: '2px 16px',
  textAlign: 'center',
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  background: vars.color.surfaceRaised,
  borderBottom: `1px dashed ${vars.color.borderStrong}`,
});

export const errorLinks = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 8 });
