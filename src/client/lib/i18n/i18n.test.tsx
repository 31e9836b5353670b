import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../testing/handlers/fakeApi';
import { renderApp } from '../../testing/renderWithProviders';
import { formatDate, formatDateTime, formatShortDateTime, formatTime } from './dates';
import i18n, { changeLocale, currentLocale, LANGUAGE_STORAGE_KEY, toLocale } from './i18n';
import en from './locales/en.json';
import es from './locales/es.json';

const keysOf = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
    : [prefix];

describe('languages', () => {
  it('maps any es* browser language to Spanish and everything else to English', () => {
    expect(['es', 'es-ES', 'es-419', 'ES-mx'].map(toLocale)).toEqual(['es', 'es', 'es', 'es']);
    expect(['en-US', 'fr-FR', 'pt', '', undefined].map(toLocale)).toEqual(['en', 'en', 'en', 'en', 'en']);
  });

  it('detects the browser language when nothing was chosen', async () => {
    const languages = jest.spyOn(window.navigator, 'languages', 'get');
    languages.mockReturnValue(['es-ES', 'en']);
    await i18n.changeLanguage(undefined);
    expect(currentLocale()).toBe('es');
    languages.mockReturnValue(['fr-FR']);
    localStorage.clear();
    await i18n.changeLanguage(undefined);
    expect(currentLocale()).toBe('en');
    languages.mockRestore();
  });

  it('has the same keys in Spanish and English', () => {
    expect(keysOf(es).sort()).toEqual(keysOf(en).sort());
  });

  it('switches from the side panel, remembers the choice and calls the API in that language', async () => {
    const { user } = renderApp({ route: '/help/about' });
    expect(await screen.findByRole('heading', { name: 'About Porra' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Open the user panel' }));
    const panel = await screen.findByRole('navigation', { name: 'User panel' });
    await user.click(within(panel).getByRole('button', { name: 'Español' }));
    expect(await within(panel).findByRole('link', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Acerca de Porra', hidden: true })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    await user.click(within(panel).getByRole('link', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findAllByText('no puede estar en blanco')).toHaveLength(2);
    // Reference data already read stays cached; the next read carries the new locale.
    fakeApi.requests.length = 0;
    const { store } = renderApp({ route: '/help/about' });
    await waitFor(() => expect(fakeApi.requests).toContain('GET /api/v1/es/users/index'));
    expect(store).toBeDefined();
  });

  it('formats dates and times in 24-hour format', () => {
    expect(formatTime('2026-06-20T18:05:00Z')).toMatch(/\d{2}:05/);
    expect(formatTime('2026-06-20T18:05:00Z')).not.toMatch(/PM|AM/);
    expect(formatDateTime('2026-06-20T18:05:00Z')).toMatch(/2026/);
  });

  it('writes dates in one format per language: Spanish by numbers, day first; English with the month\'s short name', async () => {
    const at = '2026-12-05T12:05:00Z';
    try {
      await changeLocale('en');
      expect(formatDateTime(at)).toMatch(/^5 Dec 2026, \d\d:05$/);
      expect(formatShortDateTime(at)).toMatch(/^5 Dec, \d\d:05$/);
      expect(formatDate(at)).toBe('5 Dec 2026');
      await changeLocale('es');
      expect(formatDateTime(at)).toMatch(/^05\/12\/2026, \d\d:05$/);
      expect(formatShortDateTime(at)).toMatch(/^05\/12, \d\d:05$/);
      expect(formatDate(at)).toBe('05/12/2026');
    } finally {
      await changeLocale('en');
    }
  });
});
