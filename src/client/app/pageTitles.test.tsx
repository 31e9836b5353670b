import { screen, waitFor, within } from '@testing-library/react';
import i18n from '../lib/i18n/i18n';
import { PLAYER } from '../testing/handlers/fakeApi';
import { renderApp, signInAs } from '../testing/renderWithProviders';

const titleBecomes = (title: string) => waitFor(() => expect(document.title).toBe(title));

describe('page titles', () => {
  it.each([
    ['/', 'Home · Porra', 'Inicio · Porra'],
    ['/users/sign_in', 'Sign in · Porra', 'Iniciar sesión · Porra'],
    ['/users/password/new', 'Forgotten password · Porra', 'Contraseña olvidada · Porra'],
    ['/help/how_to_play', 'How to play · Porra', 'Cómo jugar · Porra'],
    ['/help/privacy_policy', 'Privacy policy · Porra', 'Política de privacidad · Porra'],
    ['/no/such/page', 'Page not found · Porra', 'Página no encontrada · Porra'],
  ])('gives %s its own title in English and in Spanish', async (route, english, spanish) => {
    renderApp({ route });
    await titleBecomes(english);
    await i18n.changeLanguage('es');
    await titleBecomes(spanish);
  });

  it("names a signed-in player's pages, and follows the language switched from the side panel", async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/5' });
    await titleBecomes('League · Porra');
    await user.click(await screen.findByRole('button', { name: 'Open the user panel' }));
    await user.click(within(await screen.findByRole('navigation', { name: 'User panel' })).getByRole('button', { name: 'Español' }));
    await titleBecomes('Liga · Porra');
  });
});
