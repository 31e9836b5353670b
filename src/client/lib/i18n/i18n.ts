import i18n, { type LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../../../shared/domain/locales';

/** Where the language chosen in the side panel is remembered. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** A browser language starting with "es" means Spanish; anything else English. */
export const toLocale = (lng: string | undefined | null): Locale => (lng && lng.toLowerCase().startsWith('es') ? 'es' : 'en');

/**
 * The language chosen in the side panel (localStorage), else the browser's first language. A few lines instead of
 * i18next-browser-languagedetector, which the first page would download for two of its eight sources.
 */
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => {
    try {
      const chosen = localStorage.getItem(LANGUAGE_STORAGE_KEY);
      if (chosen) return toLocale(chosen);
    } catch {
      // Storage disabled: the browser's language.
    }
    const languages = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
    return toLocale(languages[0]);
  },
  cacheUserLanguage: (lng: string) => {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, toLocale(lng));
    } catch {
      // Storage disabled: the choice lasts for this visit.
    }
  },
};

void i18n
  .use(languageDetector)
  .use(initReactI18next)
  .init({
    // Texts are loaded per language (loadLocale): a first page downloads only its own language.
    resources: {},
    partialBundledLanguages: true,
    supportedLngs: ['es', 'en'],
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });

/** The locale of API calls and of dates: always one of es / en. */
export const currentLocale = (): Locale => toLocale(i18n.resolvedLanguage ?? i18n.language);

const TEXTS: Record<Locale, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import(/* webpackChunkName: "texts-en" */ './locales/en.json'),
  es: () => import(/* webpackChunkName: "texts-es" */ './locales/es.json'),
};

/** Loads a language's texts once (its own chunk); rendering waits for the current one (main.tsx). */
export async function loadLocale(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const texts = await TEXTS[locale]();
  i18n.addResourceBundle(locale, 'translation', texts.default, true, true);
}

/** Switches the interface language (its texts loaded first); the detector caches the choice in localStorage. */
export async function changeLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}

export default i18n;
