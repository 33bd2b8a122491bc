import { assignVars, createTheme, globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';
import './font-fallback.css';
import { darkPalette, fontFamily, fontSize, lightPalette, media, space, type Palette } from './tokens';

function scales(color: Palette, shadow: { sm: string; md: string; lg: string }) {
  return {
    color,
    shadow,
    space,
    radius: { control: '8px', card: '12px', full: '9999px' },
    font: { body: fontFamily },
    fontSize,
    lineHeight: { tight: '1.25', body: '1.5' },
    fontWeight: { regular: '400', medium: '500', semibold: '600', bold: '700' },
    motion: { fast: '120ms', normal: '220ms' },
  };
}

const light = scales(lightPalette, {
  sm: '0 1px 2px rgba(16, 32, 40, 0.08)',
  md: '0 2px 8px rgba(16, 32, 40, 0.10), 0 1px 2px rgba(16, 32, 40, 0.06)',
  lg: '0 12px 32px rgba(16, 32, 40, 0.18)',
});
// Dark surfaces show elevation with borders and lighter surfaces, so shadows are nearly gone.
const dark = scales(darkPalette, { sm: 'none', md: 'none', lg: '0 12px 32px rgba(0, 0, 0, 0.5)' });

export const lightThemeClass = createTheme(vars, light, 'light');
export const darkThemeClass = createTheme(vars, dark, 'dark');

// Before the app's script has put a theme class on <html> (the server's static first frame paints without
// it), the page follows the system's scheme. A theme picked with the toggle shows once the app runs.
const noThemeChosen = `:root:not(${lightThemeClass}):not(${darkThemeClass})`;
globalStyle(noThemeChosen, {
  vars: assignVars(vars, light),
  '@media': { '(prefers-color-scheme: dark)': { vars: assignVars(vars, dark) } },
});

globalStyle(lightThemeClass, { colorScheme: 'light' });
globalStyle(darkThemeClass, { colorScheme: 'dark' });

// Motion tokens collapse to zero for people who asked for less motion; every transition reads them.
for (const themeClass of [lightThemeClass, darkThemeClass, noThemeChosen]) {
  globalStyle(themeClass, {
    '@media': { [media.reducedMotion]: { vars: { [vars.motion.fast]: '0ms', [vars.motion.normal]: '0ms' } } },
  });
}

export const themeClasses = { light: lightThemeClass, dark: darkThemeClass } as const;
export type ThemeName = keyof typeof themeClasses;
