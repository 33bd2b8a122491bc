// App-level styles (layout, cards, tables) over the design system's theme variables; controls come from @recell/ui.
import { vars } from '@recell/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';

export { vars };
export { visuallyHidden } from '@recell/ui/theme';

globalStyle('a', { color: vars.color.link });

export const container = style({ maxWidth: 1200, margin: '0 auto', padding: '0 16px' });

export const button = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 8,
  padding: '8px 16px',
  border: `1px solid ${vars.color.primary}`,
  borderRadius: vars.radius.control,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  font: 'inherit',
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});

export const secondaryButton = style([button, { background: 'transparent', color: vars.color.primary }]);

export const card = style({
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.card,
  padding: 16,
  background: vars.color.surfaceRaised,
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
});

export const grid = style({
  display: 'grid',
  gap: 16,
  gridTemplateColumns: '1fr',
  padding: 0,
  listStyle: 'none',
  '@media': {
    'screen and (min-width: 640px)': { gridTemplateColumns: 'repeat(2, 1fr)' },
    'screen and (min-width: 1024px)': { gridTemplateColumns: 'repeat(3, 1fr)' },
  },
});

export const picture = style({
  width: '100%',
  aspectRatio: '4 / 3',
  objectFit: 'contain',
  background: vars.color.surface,
  borderRadius: vars.radius.control,
});

export const errorText = style({ color: vars.color.danger, margin: 0 });

export const formStack = style({ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 420 });

export const thumb = style({ objectFit: 'contain', background: vars.color.surfaceRaised, borderRadius: 4 });
