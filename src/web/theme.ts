// The theme as tests and stories use it. The app itself takes it from app-theme.ts, on first use,
// and pages take the brand colours from brand.ts: importing this module makes the theme at once.
import { appTheme } from './app-theme';

export { brand } from './brand';
export const theme = appTheme();
