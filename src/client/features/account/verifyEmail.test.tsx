import { screen, waitFor } from '@testing-library/react';
import { changeLocale } from '../../lib/i18n/i18n';
import { fakeApi, NEWCOMER, PLAYER } from '../../testing/handlers/fakeApi';
import { renderApp, signInAs } from '../../testing/renderWithProviders';

/** Nico signed up and has not opened his link yet. */
async function signInNewcomer() {
  fakeApi.users.push({ ...NEWCOMER });
  await signInAs(NEWCOMER);
}

describe('email verification', () => {
  describe('banner', () => {
    it('asks an unverified user to confirm, and resends the link as a tracked process', async () => {
      await signInNewcomer();
      const { user } = renderApp({ route: '/' });
      const banner = await screen.findByTestId('verify-email-banner');
      expect(banner).toHaveTextContent('Please confirm your email address: open the link we sent to nico@example.com.');
      await user.click(await screen.findByRole('button', { name: 'Send the link again' }));
      expect(await screen.findByText('We have sent you a new verification link')).toBeInTheDocument();
      // The process's spinner left when its work ended: only the outcome stays.
      await waitFor(() => expect(screen.queryByText('Sending a new confirmation link')).toBeNull());
      expect(fakeApi.verificationResends).toBe(1);
    });

    it('is not shown to verified users or visitors', async () => {
      const visitor = renderApp({ route: '/' });
      expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
      expect(screen.queryByTestId('verify-email-banner')).not.toBeInTheDocument();
      visitor.unmount();

      await signInAs(PLAYER);
      renderApp({ route: '/users/edit' });
      expect(await screen.findByRole('heading', { name: 'Edit profile' })).toBeInTheDocument();
      expect(screen.queryByTestId('verify-email-banner')).not.toBeInTheDocument();
    });

    it('speaks Spanish', async () => {
      await changeLocale('es');
      await signInNewcomer();
      renderApp({ route: '/' });
      expect(await screen.findByTestId('verify-email-banner'))
        .toHaveTextContent('Confirma tu dirección de email: abre el enlace que te enviamos a nico@example.com.');
      expect(await screen.findByRole('button', { name: 'Enviar el enlace otra vez' })).toBeInTheDocument();
    });
  });

  describe('landing page', () => {
    it('confirms the address once; the banner goes away', async () => {
      await signInNewcomer();
      renderApp({ route: '/verify_email?token=good-verification-token' });
      expect(await screen.findByRole('heading', { name: 'Email confirmation' })).toBeInTheDocument();
      expect(await screen.findByText('Your email address is confirmed. Thank you!')).toBeInTheDocument();
      expect(fakeApi.users.find((row) => row.id === NEWCOMER.id)!.email_verified).toBe(true);
      expect(fakeApi.verificationTokens.size).toBe(0);
      expect(fakeApi.requests.filter((line) => line === 'POST /api/v1/users/verify_email')).toHaveLength(1);
      expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
      await waitFor(() => expect(screen.queryByTestId('verify-email-banner')).not.toBeInTheDocument());
    });

    it('works for a visitor too (the link may be opened on another device)', async () => {
      fakeApi.users.push({ ...NEWCOMER });
      renderApp({ route: '/verify_email?token=good-verification-token' });
      expect(await screen.findByText('Your email address is confirmed. Thank you!')).toBeInTheDocument();
      expect(fakeApi.users.find((row) => row.id === NEWCOMER.id)!.email_verified).toBe(true);
    });

    it('explains a dead link and offers a new one to a signed-in user', async () => {
      await signInNewcomer();
      const { user } = renderApp({ route: '/verify_email?token=expired-token' });
      expect(await screen.findByText(/This link is not valid any more: it has expired \(links last 24 hours\)/)).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'Send the link again' }));
      await waitFor(() => expect(fakeApi.verificationResends).toBe(1));
    });

    it('sends a visitor with a dead link to sign in, in Spanish', async () => {
      await changeLocale('es');
      renderApp({ route: '/verify_email?token=expired-token' });
      expect(await screen.findByRole('heading', { name: 'Confirmación del email' })).toBeInTheDocument();
      expect(await screen.findByText(/Este enlace ya no es válido: ha caducado \(los enlaces duran 24 horas\)/)).toBeInTheDocument();
      expect(await screen.findByRole('link', { name: 'Inicia sesión para recibir un enlace nuevo' })).toHaveAttribute('href', '/users/sign_in');
    });

    it('a link without a token is dead, and nothing is posted', async () => {
      renderApp({ route: '/verify_email' });
      expect(await screen.findByText(/This link is not valid any more/)).toBeInTheDocument();
      expect(fakeApi.verificationTokens.size).toBe(1);
      expect(fakeApi.requests.filter((line) => line.includes('verify_email'))).toEqual([]);
    });

    it('a used-up link for an address confirmed since reads as already confirmed', async () => {
      fakeApi.users.push({ ...NEWCOMER, email_verified: true });
      await signInAs(NEWCOMER);
      renderApp({ route: '/verify_email?token=used-token' });
      expect(await screen.findByText('Your email address was already confirmed.')).toBeInTheDocument();
      expect(screen.queryByText(/This link is not valid any more/)).not.toBeInTheDocument();
    });

    it('a second click on a link says the address was already confirmed, even to a visitor, in Spanish', async () => {
      await changeLocale('es');
      fakeApi.users.push({ ...NEWCOMER });
      const first = renderApp({ route: '/verify_email?token=good-verification-token' });
      expect(await screen.findByText('Tu dirección de email está confirmada. ¡Gracias!')).toBeInTheDocument();
      first.unmount();
      renderApp({ route: '/verify_email?token=good-verification-token' });
      expect(await screen.findByText('Tu dirección de email ya estaba confirmada.')).toBeInTheDocument();
      expect(screen.queryByText(/Este enlace ya no es válido/)).not.toBeInTheDocument();
    });
  });
});
