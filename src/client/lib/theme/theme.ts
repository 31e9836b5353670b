import { enUS, esES } from '@mui/material/locale';
import { createTheme, type ThemeOptions } from '@mui/material/styles';
import type { Locale } from '../../../shared/domain/locales';

/** Design tokens: every colour and size the screens use comes from here (no literals in components). */
export const tokens = {
  primary: '#1b5e20',
  primaryLight: '#4c8c4a',
  secondary: '#f9a825',
  // Teal: the success badge (5 points or more) never reads as the primary's green (1 or 2 points).
  success: '#00796b',
  info: '#0277bd',
  // Dark enough for text and outlined buttons on white (4.8:1, WCAG AA).
  warning: '#bf5000',
  error: '#c62828',
  // The badge of no points: white text on it keeps 4.6:1 (WCAG AA).
  zero: '#757575',
  background: '#f4f6f4',
  paper: '#ffffff',
  // Dark scheme: lighter greens and amber keep 4.5:1 on the dark surfaces (WCAG AA).
  darkPrimary: '#81c784',
  darkPrimaryLight: '#a5d6a7',
  darkWarning: '#ffb74d',
  darkError: '#ef9a9a',
  darkInfo: '#81d4fa',
  darkSuccess: '#80cbc4',
  darkZero: '#9e9e9e',
  darkBackground: '#121512',
  darkPaper: '#1c211c',
  radius: 8,
  overlayZIndex: 2000,
  drawerWidth: 320,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
} as const;

/** The points badge's colour for no points (0 or less), beside MUI's own roles. */
declare module '@mui/material/styles' {
  interface Palette { zero: Palette['primary'] }
  interface PaletteOptions { zero?: PaletteOptions['primary'] }
}

/** Where the player's choice of light, dark or system theme is kept (MUI's colour-scheme manager reads it). */
export const THEME_MODE_STORAGE_KEY = 'porra.theme';
export type ThemeMode = 'light' | 'dark' | 'system';

/** Light and dark palettes; the ThemeProvider follows the choice, or the system's preference for 'system'. */
const themeOptions: ThemeOptions = {
  colorSchemes: {
    light: {
      palette: {
        primary: { main: tokens.primary, light: tokens.primaryLight },
        secondary: { main: tokens.secondary },
        success: { main: tokens.success },
        info: { main: tokens.info },
        warning: { main: tokens.warning },
        error: { main: tokens.error },
        zero: { main: tokens.zero, contrastText: '#fff' },
        background: { default: tokens.background, paper: tokens.paper },
      },
    },
    dark: {
      palette: {
        primary: { main: tokens.darkPrimary, light: tokens.darkPrimaryLight },
        secondary: { main: tokens.secondary },
        success: { main: tokens.darkSuccess },
        info: { main: tokens.darkInfo },
        warning: { main: tokens.darkWarning },
        error: { main: tokens.darkError },
        zero: { main: tokens.darkZero, contrastText: 'rgba(0, 0, 0, 0.87)' },
        background: { default: tokens.darkBackground, paper: tokens.darkPaper },
      },
    },
  },
  shape: { borderRadius: tokens.radius },
  typography: { fontFamily: tokens.fontFamily, h1: { fontSize: '2rem', fontWeight: 600 }, h2: { fontSize: '1.5rem', fontWeight: 600 }, h3: { fontSize: '1.25rem', fontWeight: 600 } },
  components: {
    // Surfaces
    MuiAppBar: { defaultProps: { elevation: 1 } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: tokens.radius } } },
    // Inputs
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal', size: 'small' } },
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
    // Feedback
    MuiSnackbar: { defaultProps: { anchorOrigin: { vertical: 'bottom', horizontal: 'left' } } },
  },
};

/**
 * One theme per language: MUI's own words (an Autocomplete's "Open" and "No options", pagination's "Go to page 3")
 * come from its locale pack, so they speak the language the app speaks.
 */
export const themes: Record<Locale, ReturnType<typeof createTheme>> = {
  en: createTheme(themeOptions, enUS),
  // MUI's Spanish pack names the Autocomplete's open button "Abierto" (the state); a button says what it does.
  es: createTheme(themeOptions, esES, { components: { MuiAutocomplete: { defaultProps: { openText: 'Abrir' } } } }),
};

export const theme = themes.en;
