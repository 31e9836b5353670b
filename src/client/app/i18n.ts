import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../../shared/api/route';
import es from '../locales/es.json';
import en from '../locales/en.json';

/** Where the language chosen in the side panel is remembered. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** Spec 1: a browser language starting with "es" means Spanish; anything else English. */
export const toLocale = (lng: string | undefined | null): Locale => (lng && lng.toLowerCase().startsWith('es') ? 'es' : 'en');

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { es: { translation: es }, en: { translation: en } },
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

/** Switches the interface language; the detector caches the choice in localStorage. */
export async function changeLocale(locale: Locale): Promise<void> {
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}

export default i18n;
