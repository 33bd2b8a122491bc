import './fonts';
import './global.css';

export { vars } from './contract.css';
export { lightThemeClass, darkThemeClass, themeClasses, type ThemeName } from './themes.css';
export { sprinkles, type Sprinkles } from './sprinkles.css';
export { focusRing, visuallyHidden, tabularNumbers } from './styles.css';
export { breakpoints, media, contentMaxWidth, lightPalette, darkPalette, type Palette } from './tokens';
