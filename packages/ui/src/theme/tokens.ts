// Raw values live here as plain data so that node-side tests (contrast) can read them without the
// vanilla-extract compiler; components never import this file, they read `vars` from the contract.

export interface Palette {
  /** the page behind everything */
  background: string;
  /** cards, fields, menus */
  surface: string;
  /** dialogs, drawers, popovers: one step above surface (lighter in the dark theme) */
  surfaceRaised: string;
  /** wells, table headers, skeletons */
  surfaceSunken: string;
  text: string;
  textMuted: string;
  /** decorative separators (not a control's boundary) */
  border: string;
  /** control boundaries: at least 3:1 against the surfaces */
  borderStrong: string;
  primary: string;
  primaryHover: string;
  primaryPressed: string;
  onPrimary: string;
  primarySubtle: string;
  onPrimarySubtle: string;
  link: string;
  accent: string;
  accentHover: string;
  onAccent: string;
  accentSubtle: string;
  onAccentSubtle: string;
  successSubtle: string;
  onSuccessSubtle: string;
  /** error text under fields and error icons, on surface and background */
  danger: string;
  dangerSolid: string;
  onDangerSolid: string;
  dangerSubtle: string;
  onDangerSubtle: string;
  warningSubtle: string;
  onWarningSubtle: string;
  focusRing: string;
  backdrop: string;
  skeleton: string;
  skeletonHighlight: string;
}

/** Cool grey ramp with deep teal and warm amber. */
export const lightPalette: Palette = {
  background: '#f5f7f8',
  surface: '#ffffff',
  surfaceRaised: '#ffffff',
  surfaceSunken: '#eaeff2',
  text: '#132029',
  textMuted: '#4b5b67',
  border: '#d3dce2',
  borderStrong: '#71828e',
  primary: '#0b6466',
  primaryHover: '#095254',
  primaryPressed: '#073f41',
  onPrimary: '#ffffff',
  primarySubtle: '#ddf1ef',
  onPrimarySubtle: '#074446',
  link: '#0a5d5f',
  accent: '#f4b740',
  accentHover: '#e9a820',
  onAccent: '#2b1d00',
  accentSubtle: '#fff2d2',
  onAccentSubtle: '#6a4500',
  successSubtle: '#e1f4e7',
  onSuccessSubtle: '#14572c',
  danger: '#b3261e',
  dangerSolid: '#b3261e',
  onDangerSolid: '#ffffff',
  dangerSubtle: '#fdeceb',
  onDangerSubtle: '#8c1c16',
  warningSubtle: '#fff2d2',
  onWarningSubtle: '#6a4500',
  focusRing: '#0b6466',
  backdrop: 'rgba(12, 20, 26, 0.55)',
  skeleton: '#e3e9ed',
  skeletonHighlight: '#f3f6f8',
};

/** A theme of its own, not an inverted light theme: surfaces get lighter as they rise. */
export const darkPalette: Palette = {
  background: '#0d1316',
  surface: '#151d21',
  surfaceRaised: '#1d272c',
  surfaceSunken: '#0a0f11',
  text: '#e7eef1',
  textMuted: '#a5b5be',
  border: '#2b383f',
  borderStrong: '#71868f',
  primary: '#4cc2b9',
  primaryHover: '#6dd1c9',
  primaryPressed: '#38a9a1',
  onPrimary: '#04231f',
  primarySubtle: '#123835',
  onPrimarySubtle: '#a6e9e3',
  link: '#6fd3cb',
  accent: '#f4b740',
  accentHover: '#f7c767',
  onAccent: '#2b1d00',
  accentSubtle: '#3a2c0c',
  onAccentSubtle: '#ffd98a',
  successSubtle: '#11301d',
  onSuccessSubtle: '#8fe3ac',
  danger: '#ff8f86',
  dangerSolid: '#ff8f86',
  onDangerSolid: '#2d0704',
  dangerSubtle: '#3a1613',
  onDangerSubtle: '#ffc1bb',
  warningSubtle: '#3a2c0c',
  onWarningSubtle: '#ffd98a',
  focusRing: '#6dd1c9',
  backdrop: 'rgba(0, 0, 0, 0.7)',
  skeleton: '#222d33',
  skeletonHighlight: '#2c3940',
};

/** Min widths. Card grids: 1 column below tablet, 2 from tablet, 3 from desktop. */
export const breakpoints = { tablet: 640, desktop: 1024 } as const;

export const media = {
  tablet: `screen and (min-width: ${breakpoints.tablet}px)`,
  desktop: `screen and (min-width: ${breakpoints.desktop}px)`,
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;

/** 4 px grid. */
export const space = {
  none: '0',
  xxs: '2px',
  xs: '4px',
  sm: '8px',
  md: '12px',
  lg: '16px',
  xl: '24px',
  xxl: '32px',
  xxxl: '48px',
} as const;

/** Modular scale (ratio 1.2) around a 16 px body. */
export const fontSize = {
  xs: '0.75rem',
  sm: '0.875rem',
  md: '1rem',
  lg: '1.2rem',
  xl: '1.44rem',
  xxl: '1.728rem',
  xxxl: '2.074rem',
} as const;

/** Local fonts sized to Inter, drawn until it has arrived (font-fallback.css.ts). */
export const interFallbacks = { arial: 'Inter Fallback Arial', dejaVu: 'Inter Fallback DejaVu' } as const;

export const fontFamily = `'Inter Variable', '${interFallbacks.arial}', '${interFallbacks.dejaVu}', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`;

/** Readable content width. */
export const contentMaxWidth = '1200px';
