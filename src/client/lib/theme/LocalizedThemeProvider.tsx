import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '../i18n/i18n';
import { THEME_MODE_STORAGE_KEY, themes } from './theme';

/** The app's theme in the language i18next speaks now: switching language switches MUI's built-in words too. */
export function LocalizedThemeProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ThemeProvider theme={themes[toLocale(i18n.resolvedLanguage ?? i18n.language)]} defaultMode="system" modeStorageKey={THEME_MODE_STORAGE_KEY}>
      {children}
    </ThemeProvider>
  );
}
