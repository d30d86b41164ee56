import { alpha, createTheme, responsiveFontSizes, type Theme } from '@mui/material/styles';
import { brand } from './brand';

/** The app's focus ring, for keyboard focus (`:focus-visible`, MUI's `Mui-focusVisible`). */
export const focusRing = {
  '&.Mui-focusVisible': { outline: `3px solid ${brand.primaryLight}`, outlineOffset: 2 },
};

function createAppTheme(): Theme {
  const base = createTheme({
    palette: {
      mode: 'light',
      primary: {
        main: brand.primary,
        dark: brand.primaryDark,
        light: brand.primaryLight,
        contrastText: '#fff',
      },
      secondary: { main: brand.accent, contrastText: brand.ink },
      // MUI's warning, but a darker `dark`: pages set text in it ('Needs improvement', 'Degraded',
      // a split's warning), and MUI's #e65100 has 3.8:1 on white (axe color-contrast); this 5.4:1.
      // Dark ink on it: white on this orange (a filled warning chip, 'HIGH', 'Waiting for the
      // artist') has 3.1:1.
      warning: { main: '#ed6c02', light: '#ff9800', dark: '#b54708', contrastText: brand.ink },
      // MUI's info, one shade darker: white on #0288d1 (a filled info chip: 'Delivering', 'Sent') has
      // 3.9:1 (axe color-contrast); on #0277bd 4.8:1.
      info: { main: '#0277bd', light: '#03a9f4', dark: '#01579b', contrastText: '#fff' },
      text: { primary: brand.ink, secondary: '#4a4560' },
      background: { default: brand.canvas, paper: '#ffffff' },
      divider: 'rgba(26, 21, 51, 0.12)',
    },
    shape: { borderRadius: 12 },
    typography: {
      fontFamily: '"Roboto", "Roboto Fallback", "Helvetica Neue", Arial, sans-serif',
      h1: { fontWeight: 800, fontSize: '3.25rem', lineHeight: 1.1, letterSpacing: '-0.02em' },
      h2: { fontWeight: 700, fontSize: '2.25rem', lineHeight: 1.2, letterSpacing: '-0.01em' },
      h3: { fontWeight: 700, fontSize: '1.5rem', lineHeight: 1.3 },
      h4: { fontWeight: 700, fontSize: '1.25rem', lineHeight: 1.35 },
      h5: { fontWeight: 600, fontSize: '1.125rem' },
      h6: { fontWeight: 600, fontSize: '1rem' },
      subtitle1: { fontSize: '1.125rem', lineHeight: 1.6 },
      body1: { lineHeight: 1.7 },
      button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
      overline: { fontWeight: 700, letterSpacing: '0.12em' },
    },
    components: {
      // A disabled field's helper text usually says why it is disabled ('Please select a country
      // first'): keep it readable instead of MUI's low-contrast disabled grey.
      MuiFormHelperText: {
        styleOverrides: { root: { '&.Mui-disabled:not(.Mui-error)': { color: '#4a4560' } } },
      },
      // Every field would otherwise bring its own copy of MUI's autofill keyframes, each a global
      // style that Emotion compiles and inserts as the page hydrates (nine on the submission form's
      // first step). The keyframes and the animation that tells a field it was autofilled (so its
      // label rises off the browser's text) are here once instead, as InputBase writes them.
      MuiInputBase: { defaultProps: { disableInjectingGlobalStyles: true } },
      MuiCssBaseline: {
        styleOverrides: {
          '@keyframes mui-auto-fill': { from: { animationName: 'mui-auto-fill' } },
          '@keyframes mui-auto-fill-cancel': { from: { animationName: 'mui-auto-fill-cancel' } },
          '.MuiInputBase-input': {
            animationName: 'mui-auto-fill-cancel',
            animationDuration: '10ms',
            '&:-webkit-autofill': { animationName: 'mui-auto-fill', animationDuration: '5000s' },
          },
          html: { scrollBehavior: 'auto' },
          // A focus ring that is always visible for keyboard users, on every surface.
          ':focus-visible': focusRing['&.Mui-focusVisible'],
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              transitionDuration: '0.01ms !important',
              animationDuration: '0.01ms !important',
            },
          },
        },
      },
      // Buttons show the focus ring above when focused from the keyboard (ButtonBase's own
      // `outline: 0` comes after the global rule, hence `focusRing` on each), not MUI's focus ripple,
      // which mounted a ripple and ran an endless pulsing animation whenever a button took focus (the
      // beta notice's button, focused as it opens, gave the submit page's load a long task).
      MuiButton: {
        defaultProps: { disableElevation: true, disableFocusRipple: true },
        styleOverrides: {
          root: { borderRadius: 999, paddingInline: 20, ...focusRing },
          sizeLarge: { paddingBlock: 12, paddingInline: 28, fontSize: '1rem' },
        },
      },
      MuiIconButton: { defaultProps: { disableFocusRipple: true }, styleOverrides: { root: focusRing } },
      // Subtitles are lead paragraphs, not headings (MUI maps them to h6 by default).
      MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
      MuiLink: { defaultProps: { underline: 'always' } },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 16 } } },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: { root: { borderRadius: 16, borderColor: alpha(brand.ink, 0.1) } },
      },
      MuiContainer: { defaultProps: { maxWidth: 'lg' } },
      MuiAccordion: {
        defaultProps: { disableGutters: true, elevation: 0 },
        styleOverrides: {
          root: {
            border: `1px solid ${alpha(brand.ink, 0.1)}`,
            borderRadius: 12,
            '&:before': { display: 'none' },
            '&:not(:last-of-type)': { marginBottom: 12 },
          },
        },
      },
    },
  });

  return responsiveFontSizes(base, { factor: 2.4 });
}

let created: Theme | undefined;

/**
 * The app's MUI theme, made on first use rather than when the module loads: the browser then makes
 * it while rendering, not inside the long task that runs the app's scripts. One theme,
 * shared by every render (it never changes).
 */
export function appTheme(): Theme {
  created ??= createAppTheme();
  return created;
}
