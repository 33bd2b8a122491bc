// Interim app styles until the design system (@recell/ui) lands; they read only these few variables.
import { createGlobalTheme, globalStyle, style } from '@vanilla-extract/css';

export const vars = createGlobalTheme(':root', {
  primary: '#0f766e',
  primaryText: '#ffffff',
  accent: '#b45309',
  text: '#1f2937',
  muted: '#4b5563',
  surface: '#ffffff',
  raised: '#f3f4f6',
  border: '#d1d5db',
  danger: '#b91c1c',
  success: '#15803d',
  radius: '12px',
  controlRadius: '8px',
});

globalStyle(':root', {
  colorScheme: 'light dark',
  fontFamily: 'Inter, system-ui, sans-serif',
  '@media': {
    '(prefers-color-scheme: dark)': {
      vars: {
        [vars.primary]: '#2dd4bf',
        [vars.primaryText]: '#042f2e',
        [vars.accent]: '#fbbf24',
        [vars.text]: '#f3f4f6',
        [vars.muted]: '#cbd5e1',
        [vars.surface]: '#111827',
        [vars.raised]: '#1f2937',
        [vars.border]: '#4b5563',
        [vars.danger]: '#fca5a5',
        [vars.success]: '#86efac',
      },
    },
  },
});
globalStyle('body', { margin: 0, color: vars.text, background: vars.surface, lineHeight: 1.5 });
globalStyle('a', { color: vars.primary });
globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

export const container = style({ maxWidth: 1200, margin: '0 auto', padding: '0 16px' });

export const button = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 8,
  padding: '8px 16px',
  border: `1px solid ${vars.primary}`,
  borderRadius: vars.controlRadius,
  background: vars.primary,
  color: vars.primaryText,
  font: 'inherit',
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
    '&:focus-visible': { outline: `3px solid ${vars.accent}`, outlineOffset: 2 },
  },
});

export const secondaryButton = style([button, { background: 'transparent', color: vars.primary }]);

export const card = style({
  border: `1px solid ${vars.border}`,
  borderRadius: vars.radius,
  padding: 16,
  background: vars.raised,
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
  background: vars.surface,
  borderRadius: vars.controlRadius,
});

export const errorText = style({ color: vars.danger, margin: 0 });

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

export const formStack = style({ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 420 });

export const tableWrap = style({ overflowX: 'auto' });

export const table = style({ width: '100%', borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums' });

globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  padding: '8px 12px',
  borderBottom: `1px solid ${vars.border}`,
});

export const thumb = style({ objectFit: 'contain', background: vars.raised, borderRadius: 4 });
