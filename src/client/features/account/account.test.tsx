import { screen, waitFor, within } from '@testing-library/react';
import i18n from '../../lib/i18n/i18n';
import { readToken } from '../../lib/session/authDb';
import { fakeApi, PLAYER } from '../../testing/handlers/fakeApi';
import { renderApp, signInAs } from '../../testing/renderWithProviders';

const field = (label: RegExp | string) => screen.getByLabelText(label, { selector: 'input' });

describe('account screens', () => {
  describe('sign in', () => {
    it('asks for the missing fields, shows the server refusal, then signs in and goes back where the visitor was going', async () => {
      const { user } = renderApp({ route: '/users/edit' });
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'Sign in' }));
      expect(screen.getAllByText("can't be blank")).toHaveLength(2);

      await user.type(field('Email'), PLAYER.email);
      await user.type(field('Password'), 'wrong-password');
      await user.click(await screen.findByRole('button', { name: 'Sign in' }));
      expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
      expect(await readToken()).toBeNull();

      await user.clear(field('Password'));
      await user.type(field('Password'), PLAYER.password);
      await user.click(await screen.findByRole('checkbox', { name: 'Remember me' }));
      await user.click(await screen.findByRole('button', { name: 'Sign in' }));
      expect(await screen.findByRole('heading', { name: 'Edit profile' })).toBeInTheDocument();
      expect(await readToken()).toMatch(/^token-1-/);
      // Not remembered: the token is dropped when this browser session ends.
      expect(localStorage.getItem('porra.forget')).toBe('1');
    });
  });

  describe('sign up', () => {
    it('checks length and confirmation, shows "already taken" from the server, and signs the new user in', async () => {
      const { user } = renderApp({ route: '/users/sign_up' });
      expect(await screen.findByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
      await user.type(field('Name'), 'Bea');
      await user.type(field('Email'), PLAYER.email);
      await user.type(field('Password'), 'short');
      await user.type(field('Password confirmation'), 'other');
      await user.click(await screen.findByRole('button', { name: 'Sign up' }));
      expect(screen.getByText('8 characters minimum')).toBeInTheDocument();

      await user.clear(field('Password'));
      await user.type(field('Password'), 'longenough');
      await user.click(await screen.findByRole('button', { name: 'Sign up' }));
      expect(screen.getByText("doesn't match the password")).toBeInTheDocument();

      await user.clear(field('Password confirmation'));
      await user.type(field('Password confirmation'), 'longenough');
      await user.click(await screen.findByRole('button', { name: 'Sign up' }));
      expect(await screen.findByText('has already been taken')).toBeInTheDocument();

      await user.clear(field('Email'));
      await user.type(field('Email'), 'bea@example.com');
      await user.click(await screen.findByRole('button', { name: 'Sign up' }));
      await waitFor(() => expect(screen.queryByRole('heading', { name: 'Sign up' })).not.toBeInTheDocument());
      expect(await readToken()).toMatch(/^token-3-/);
      expect(fakeApi.users.find((row) => row.email === 'bea@example.com')).toMatchObject({ name: 'Bea', locale: 'en' });
    });
  });

  describe('edit profile', () => {
    it('requires the current password, shows a wrong one, and saves name, password and reminders', async () => {
      await signInAs(PLAYER);
      const { user } = renderApp({ route: '/users/edit' });
      expect(await screen.findByRole('heading', { name: 'Edit profile' })).toBeInTheDocument();
      await waitFor(() => expect(field('Name')).toHaveValue('Ana'));
      expect(field('Email')).toHaveValue(PLAYER.email);

      await user.clear(field('Name'));
      await user.type(field('Name'), 'Ana María');
      await user.click(await screen.findByRole('button', { name: 'Save changes' }));
      expect(screen.getByText("can't be blank")).toBeInTheDocument();

      await user.type(field('Current password'), 'not-it');
      await user.click(await screen.findByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('is not correct')).toBeInTheDocument();

      await user.clear(field('Current password'));
      await user.type(field('Current password'), PLAYER.password);
      await user.type(field('New password'), 'brandnew123');
      await user.type(field('Password confirmation'), 'brandnew123');
      await user.click(await screen.findByRole('checkbox', { name: 'Email me when I have bets about to close' }));
      await user.click(await screen.findByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Changes saved')).toBeInTheDocument();
      expect(fakeApi.users[0]).toMatchObject({ name: 'Ana María', password: 'brandnew123', email_reminders: true });
    });

    it('shows whether the player appears in the overall rankings, and saves the choice as ranking_hidden', async () => {
      await signInAs(PLAYER);
      const { user } = renderApp({ route: '/users/edit' });
      const visible = await screen.findByRole('switch', { name: 'Show me in the overall rankings' });
      await waitFor(() => expect(visible).toBeChecked());
      expect(visible).toHaveAccessibleDescription(/Off: you are left out and the others close up/);
      await user.click(visible);
      await user.type(field('Current password'), PLAYER.password);
      await user.click(await screen.findByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Changes saved')).toBeInTheDocument();
      expect(fakeApi.users[0].ranking_hidden).toBe(true);
      // The session read again says so: the switch stays off.
      await waitFor(() => expect(screen.getByRole('switch', { name: 'Show me in the overall rankings' })).not.toBeChecked());
    });

    it('shows an opted-out player the switch off, in Spanish too, and turns it back on', async () => {
      fakeApi.users[0].ranking_hidden = true;
      await i18n.changeLanguage('es');
      await signInAs(PLAYER);
      const { user } = renderApp({ route: '/users/edit' });
      const visible = await screen.findByRole('switch', { name: 'Mostrarme en las clasificaciones generales' });
      await waitFor(() => expect(field('Nombre')).toHaveValue('Ana'));
      expect(visible).not.toBeChecked();
      await user.click(visible);
      await user.type(field('Contraseña actual'), PLAYER.password);
      await user.click(await screen.findByRole('button', { name: 'Guardar cambios' }));
      await waitFor(() => expect(fakeApi.users[0].ranking_hidden).toBe(false));
    });

    it('revokes every API token with the change only when the box is ticked, then unticks it', async () => {
      await signInAs(PLAYER);
      const { user } = renderApp({ route: '/users/edit' });
      await waitFor(() => expect(field('Name')).toHaveValue('Ana'));
      const revoke = await screen.findByRole('checkbox', { name: /Also revoke every API token/ });
      expect(revoke).not.toBeChecked();
      await user.type(field('Current password'), PLAYER.password);
      await user.click(revoke);
      await user.click(await screen.findByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Changes saved')).toBeInTheDocument();
      expect(fakeApi.users[0].apiTokenRevocations).toBe(1);
      expect(revoke).not.toBeChecked();
      await user.type(field('Name'), ' María');
      await user.type(field('Current password'), PLAYER.password);
      await user.click(await screen.findByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(fakeApi.users[0].name).toBe('Ana María'));
      expect(fakeApi.users[0].apiTokenRevocations).toBe(1);
    });

    it('leaves the password unchanged when the new one is blank', async () => {
      await signInAs(PLAYER);
      const { user } = renderApp({ route: '/users/edit' });
      await waitFor(() => expect(field('Name')).toHaveValue('Ana'));
      await user.type(field('Current password'), PLAYER.password);
      await user.click(await screen.findByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Changes saved')).toBeInTheDocument();
      expect(fakeApi.users[0].password).toBe(PLAYER.password);
    });

    it('deletes the account only after confirmation with the current password', async () => {
      await signInAs(PLAYER);
      const { user } = renderApp({ route: '/users/edit' });
      await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete my account' });
      expect(within(dialog).getByRole('button', { name: 'Delete it' })).toBeDisabled();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(fakeApi.users.some((row) => row.id === PLAYER.id)).toBe(true);

      await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
      const again = await screen.findByRole('dialog', { name: 'Delete my account' });
      await user.type(within(again).getByLabelText('Current password', { selector: 'input' }), PLAYER.password);
      await user.click(within(again).getByRole('button', { name: 'Delete it' }));
      await waitFor(() => expect(screen.queryByRole('heading', { name: 'Edit profile' })).not.toBeInTheDocument());
      expect(fakeApi.users.some((row) => row.id === PLAYER.id)).toBe(false);
      expect(await readToken()).toBeNull();
    });
  });

  describe('password reset', () => {
    it('requests the instructions with the site origin and says so without telling whether the email exists', async () => {
      const { user } = renderApp({ route: '/users/password/new' });
      expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'Send me reset password instructions' }));
      expect(screen.getByText("can't be blank")).toBeInTheDocument();
      await user.type(field('Email'), 'someone@example.com');
      await user.click(await screen.findByRole('button', { name: 'Send me reset password instructions' }));
      expect(await screen.findByText(/you will receive a password recovery link/)).toBeInTheDocument();
      expect(fakeApi.resetRequests).toEqual([{ api_v1_user: { email: 'someone@example.com' }, origin: 'http://localhost' }]);
    });

    it('sets a new password from the emailed link and signs in; a bad link is explained', async () => {
      const { user } = renderApp({ route: '/users/password/edit?reset_password_token=bad-token' });
      expect(await screen.findByRole('heading', { name: 'Change your password' })).toBeInTheDocument();
      await user.type(field('New password'), 'another123');
      await user.type(field('Password confirmation'), 'another123');
      await user.click(await screen.findByRole('button', { name: 'Change my password' }));
      expect(await screen.findByText('The password reset link is not valid or has expired')).toBeInTheDocument();
      expect(screen.getByText('is invalid')).toBeInTheDocument();
    });

    it('signs in after a good reset', async () => {
      const { user } = renderApp({ route: '/users/password/edit?reset_password_token=good-token' });
      await user.type(await screen.findByLabelText('New password', { selector: 'input' }), 'another123');
      await user.type(field('Password confirmation'), 'another123');
      await user.click(await screen.findByRole('button', { name: 'Change my password' }));
      await waitFor(() => expect(screen.queryByRole('heading', { name: 'Change your password' })).not.toBeInTheDocument());
      expect(await readToken()).toMatch(/^token-1-/);
      expect(fakeApi.users[0].password).toBe('another123');
    });
  });
});
