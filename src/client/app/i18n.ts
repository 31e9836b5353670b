import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../../shared/api/route';

/** Where the language chosen in the side panel is remembered. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** Spec 1: a browser language starting with "es" means Spanish; anything else English. */
export const toLocale = (lng: string | undefined | null): Locale => (lng && lng.toLowerCase().startsWith('es') ? 'es' : 'en');

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    // Texts are loaded per language (loadLocale): a first page downloads only its own language (issue 14 §5).
    resources: {},
    partialBundledLanguages: true,
    supportedLngs: ['es', 'en'],
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
      convertDetectedLanguage: toLocale,
    },
    react: { useSuspense: false },
  });

/** The locale of API calls and of dates: always one of es / en. */
export const currentLocale = (): Locale => toLocale(i18n.resolvedLanguage ?? i18n.language);

const TEXTS: Record<Locale, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import(/* webpackChunkName: "texts-en" */ '../locales/en.json'),
  es: () => import(/* webpackChunkName: "texts-es" */ '../locales/es.json'),
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
