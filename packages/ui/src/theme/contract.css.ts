import { createThemeContract } from '@vanilla-extract/css';
import { lightPalette, type Palette } from './tokens';

// The palette's keys are the contract's colour names, so a colour added to one palette must be added to all.
const color = Object.fromEntries(Object.keys(lightPalette).map((key) => [key, null])) as Record<
  keyof Palette,
  null
>;

/** Every theme must fill all of it; components read only these variables. */
export const vars = createThemeContract({
  color,
  shadow: { sm: null, md: null, lg: null },
  space: { none: null, xxs: null, xs: null, sm: null, md: null, lg: null, xl: null, xxl: null, xxxl: null },
  radius: { control: null, card: null, full: null },
  font: { body: null },
  fontSize: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null, xxxl: null },
  lineHeight: { tight: null, body: null },
  fontWeight: { regular: null, medium: null, semibold: null, bold: null },
  motion: { fast: null, normal: null },
});
