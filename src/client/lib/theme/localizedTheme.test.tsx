import { act, screen, waitFor } from '@testing-library/react';
import i18n from '../i18n/i18n';
import { PLAYER } from '../../testing/handlers/fakeApi';
import { renderApp, signInAs } from '../../testing/renderWithProviders';

describe("MUI's built-in words follow the app's language", () => {
  it('says "Open" in English', async () => {
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/new' });
    expect(await screen.findByRole('button', { name: 'Open' })).toBeInTheDocument();
  });

  it('says "Abrir" and "Sin opciones" in Spanish', async () => {
    await i18n.changeLanguage('es');
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/new' });
    expect(await screen.findByRole('button', { name: 'Abrir' })).toBeInTheDocument();
    // The page hides while anything it reads is loading: type once it shows.
    await waitFor(() => expect(screen.getByRole('main')).toBeVisible(), { timeout: 5_000 });
    await user.type(await screen.findByRole('combobox', { name: 'Equipos seleccionados' }), 'zzzz');
    expect(await screen.findByText('Sin opciones', undefined, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('switches with the language while the app is open', async () => {
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/new' });
    await screen.findByRole('button', { name: 'Open' });
    await act(() => i18n.changeLanguage('es'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Nueva liga'));
    expect(await screen.findByRole('button', { name: 'Abrir' })).toBeInTheDocument();
  });
});
