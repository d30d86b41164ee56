import { alpha, createTheme, responsiveFontSizes } from '@mui/material/styles';

/** Brand colours, also used directly for the dark hero and footer surfaces. */
export const brand = {
  primary: '#5530d9',
  primaryDark: '#3b1fa3',
  primaryLight: '#7c5cf0',
  accent: '#ff6b4a',
  ink: '#1a1533',
  night: '#160f33',
  nightRaised: '#2d1b78',
  /** Soft text on the night surfaces: 10:1 on `night`, 8:1 on `nightRaised`. */
  mist: '#c9bfff',
  canvas: '#f7f6fb',
} as const;

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
    warning: { main: '#ed6c02', light: '#ff9800', dark: '#b54708', contrastText: '#fff' },
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
    MuiCssBaseline: {
      styleOverrides: {
        html: { scrollBehavior: 'auto' },
        // A focus ring that is always visible for keyboard users, on every surface.
        ':focus-visible': { outline: `3px solid ${brand.primaryLight}`, outlineOffset: 2 },
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            transitionDuration: '0.01ms !important',
            animationDuration: '0.01ms !important',
          },
        },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 999, paddingInline: 20 },
        sizeLarge: { paddingBlock: 12, paddingInline: 28, fontSize: '1rem' },
      },
    },
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

export const theme = responsiveFontSizes(base, { factor: 2.4 });
