import { screen, within } from '@testing-library/react';
import { THEME_MODE_STORAGE_KEY, tokens } from '../../lib/theme/theme';
import { renderApp } from '../../testing/renderWithProviders';

const openPanel = async (user: ReturnType<typeof renderApp>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Open the user panel' }));
  return screen.findByRole('navigation', { name: 'User panel' });
};
/** The page background CssBaseline paints from the palette in use. */
const pageBackground = () => getComputedStyle(document.body).backgroundColor;
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

function prefersDark(dark: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: dark && query.includes('dark'), media: query, onchange: null,
      addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
    }),
  });
}

afterEach(() => { delete (window as { matchMedia?: unknown }).matchMedia; });

describe('light, dark or system theme', () => {
  it('follows the system by default, switches to dark from the user panel and remembers it after a reload', async () => {
    prefersDark(false);
    const first = renderApp({ route: '/help/about' });
    await screen.findByRole('heading', { name: 'About Porra' });
    expect(pageBackground()).toBe(rgb(tokens.background));
    const panel = await openPanel(first.user);
    const group = within(panel).getByRole('group', { name: 'Theme' });
    expect(within(group).getByRole('button', { name: 'Same as the device' })).toHaveAttribute('aria-pressed', 'true');
    await first.user.click(within(group).getByRole('button', { name: 'Dark theme' }));
    expect(localStorage.getItem(THEME_MODE_STORAGE_KEY)).toBe('dark');
    expect(pageBackground()).toBe(rgb(tokens.darkBackground));
    first.unmount();

    const again = renderApp({ route: '/help/about' });
    await screen.findByRole('heading', { name: 'About Porra' });
    expect(pageBackground()).toBe(rgb(tokens.darkBackground));
    const reopened = await openPanel(again.user);
    expect(within(reopened).getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
    await again.user.click(within(reopened).getByRole('button', { name: 'Light theme' }));
    expect(localStorage.getItem(THEME_MODE_STORAGE_KEY)).toBe('light');
    expect(pageBackground()).toBe(rgb(tokens.background));
  });

  it('uses the dark palette when the device prefers dark and the player chose nothing', async () => {
    prefersDark(true);
    renderApp({ route: '/help/about' });
    await screen.findByRole('heading', { name: 'About Porra' });
    expect(pageBackground()).toBe(rgb(tokens.darkBackground));
  });
});
