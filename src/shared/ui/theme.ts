import { createTheme } from '@mui/material/styles';

/**
 * The look of Print Junction Trade, shared by the customer app and the staff area.
 * A deep ink blue (the colour of a press's process-cyan-and-black "rich" blue) carries the brand;
 * a warm orange marks the one thing to do next on a page. Both pass WCAG AA with white text.
 */
export const BRAND = {
  ink: '#163a6b',
  inkDark: '#0d2647',
  inkLight: '#3d5f92',
  accent: '#b9501a',
  accentDark: '#8f3d12',
  accentLight: '#e07a3a',
  paper: '#f5f6f8',
} as const;

// System fonts only: no web-font download, and they are what the reader's device renders best.
const fontFamily = ['system-ui', '-apple-system', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', 'Arial', 'sans-serif'].join(',');

// Headings a size smaller on phones, so a title like "Open a trade account" keeps to two lines.
const phone = '@media (max-width:599.95px)';

export const theme = createTheme({
  palette: {
    primary: { main: BRAND.ink, dark: BRAND.inkDark, light: BRAND.inkLight, contrastText: '#ffffff' },
    secondary: { main: BRAND.accent, dark: BRAND.accentDark, light: BRAND.accentLight, contrastText: '#ffffff' },
    // MUI's default warning (#ed6c02) and info (#0288d1) give white text 3.1:1 and 3.9:1 (the staff
    // "Awaiting approval" chip): darker shades that pass WCAG AA (≥ 4.5:1) with white.
    warning: { main: '#b45309', dark: '#8a3f06', light: '#d97706', contrastText: '#ffffff' },
    info: { main: '#0277bd', dark: '#01579b', light: '#0288d1', contrastText: '#ffffff' },
    background: { default: BRAND.paper, paper: '#ffffff' },
    text: { primary: '#1c2430', secondary: '#4a5565' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily,
    h1: { fontSize: '2rem', fontWeight: 700, lineHeight: 1.25, [phone]: { fontSize: '1.625rem' } },
    h2: { fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.3, [phone]: { fontSize: '1.3125rem' } },
    h3: { fontSize: '1.25rem', fontWeight: 600, lineHeight: 1.35 },
    h4: { fontSize: '1.125rem', fontWeight: 600 },
    h5: { fontSize: '1rem', fontWeight: 600 },
    h6: { fontSize: '1rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // A clear keyboard focus ring on everything clickable (MUI's own is a faint ripple): orange
    // reads on white, on the grey page and on the ink-blue bars alike.
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': { outline: `3px solid ${BRAND.accentLight}`, outlineOffset: 2 } } } },
    MuiLink: {
      // Always underlined: a link in running text is not told apart by its colour alone (axe: link-in-text-block).
      defaultProps: { underline: 'always' },
      styleOverrides: { root: { '&:focus-visible': { outline: `3px solid ${BRAND.accentLight}`, outlineOffset: 2, borderRadius: 2 } } },
    },
    // Inside menus, drawers and cards the ring goes inside the item, where no overflow clips it.
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -3 } } } },
    MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -3 } } } },
    MuiCardActionArea: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -3 } } } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
  },
});
