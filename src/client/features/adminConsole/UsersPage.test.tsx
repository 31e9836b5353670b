import { screen, waitFor, within } from '@testing-library/react';
import i18n from '../../lib/i18n/i18n';
import { adminWorld } from '../../testing/handlers/adminConsole';
import { fakeApi, NEWCOMER } from '../../testing/handlers/fakeApi';
import { openConsole, useAdminConsoleApi } from './testing/consoleTestKit';

useAdminConsoleApi();

describe('admin console: users', () => {
  it('says when no admin action has been recorded yet', async () => {
    await openConsole('/admin/users');
    expect(await screen.findByText('No admin action has been recorded yet.')).toBeInTheDocument();
  });

  it('filters as one types (by name or email, on the server, once typing pauses) and shows leagues, verification and last sign-in', async () => {
    fakeApi.users.push({ ...NEWCOMER });
    const { user } = await openConsole('/admin/users');
    expect(await screen.findByTestId('user-9')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Name or email' }), 'ana@');
    await waitFor(() => expect(screen.queryByTestId('user-9')).not.toBeInTheDocument());
    // One request for the pause, none for each key typed.
    expect(adminWorld.calls.filter((call) => call.startsWith('users:'))).toEqual(['users:', 'users:ana@']);
    const ana = screen.getByTestId('user-1');
    expect(within(ana).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(ana).getByText('Office pool')).toBeInTheDocument();
    expect(within(ana).getByText('Email confirmed')).toBeInTheDocument();
    expect(within(ana).getByText('Last sign-in').nextSibling).toHaveTextContent(/2026/);
    expect(adminWorld.calls).toContain('users:ana@');
  });

  it('resends the confirmation link to an unverified user and sends a password reset, with the server\'s words', async () => {
    fakeApi.users.push({ ...NEWCOMER });
    const { user } = await openConsole('/admin/users');
    const nico = await screen.findByTestId('user-9');
    expect(within(nico).getByText('Email not confirmed')).toBeInTheDocument();
    expect(within(screen.getByTestId('user-1')).queryByRole('button', { name: 'Resend confirmation link' })).not.toBeInTheDocument();
    await user.click(within(nico).getByRole('button', { name: 'Resend confirmation link' }));
    expect(await screen.findByText('A new confirmation link was sent to nico@example.com')).toBeInTheDocument();
    await user.click(within(nico).getByRole('button', { name: 'Send password reset' }));
    expect(await screen.findByText('Password reset instructions were sent to nico@example.com')).toBeInTheDocument();
    expect(adminWorld.calls).toEqual(expect.arrayContaining(['adminResendVerification:9', 'adminPasswordReset:9']));
  });

  it('filters as one types in Spanish too, and clearing the box lists everyone again', async () => {
    fakeApi.users.push({ ...NEWCOMER });
    await i18n.changeLanguage('es');
    const { user } = await openConsole('/admin/users');
    await screen.findByTestId('user-9');
    const box = screen.getByRole('searchbox', { name: 'Nombre o correo' });
    await user.type(box, 'nico');
    await waitFor(() => expect(screen.queryByTestId('user-1')).not.toBeInTheDocument());
    expect(screen.getByTestId('user-9')).toBeInTheDocument();
    await user.clear(box);
    expect(await screen.findByTestId('user-1')).toBeInTheDocument();
  });

  it('disables an account after asking (its sessions end) and enables it again; never offers to disable yourself', async () => {
    const { user } = await openConsole('/admin/users');
    const ana = await screen.findByTestId('user-1');
    expect(within(screen.getByTestId('user-2')).queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    fakeApi.tokens.set('ana-session', 1);
    await user.click(within(ana).getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Ana?' });
    expect(dialog).toHaveTextContent('Ana (ana@example.com) will be signed out everywhere at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(adminWorld.calls).not.toContain('adminDisableUser:1');
    await user.click(await within(ana).findByRole('button', { name: 'Disable' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }));
    expect(await within(ana).findByText('Disabled')).toBeInTheDocument();
    expect(fakeApi.tokens.has('ana-session')).toBe(false);
    // The action is in the recent admin actions, with who did it.
    expect(await screen.findByText('Disabled user Ana')).toBeInTheDocument();
    expect(screen.getByText(/^Root, /)).toBeInTheDocument();
    await user.click(await within(ana).findByRole('button', { name: 'Enable' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Enable Ana?' })).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(within(ana).queryByText('Disabled')).not.toBeInTheDocument());
    expect(adminWorld.calls).toEqual(expect.arrayContaining(['adminDisableUser:1', 'adminEnableUser:1']));
  });

  it('promotes and demotes after asking, and shows the refusal to demote the last admin', async () => {
    const { user } = await openConsole('/admin/users');
    const root = await screen.findByTestId('user-2');
    await user.click(within(root).getByRole('button', { name: 'Remove admin' }));
    await user.click(within(await screen.findByRole('dialog', { name: "Remove Root's admin rights?" })).getByRole('button', { name: 'Remove admin' }));
    expect(await screen.findByText('The last admin cannot be demoted')).toBeInTheDocument();

    const ana = screen.getByTestId('user-1');
    await user.click(await within(ana).findByRole('button', { name: 'Make admin' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Make Ana an admin?' })).getByRole('button', { name: 'Make admin' }));
    expect(await within(ana).findByText('Admin')).toBeInTheDocument();
    expect(adminWorld.calls).toContain('adminSetAdmin:1:{"admin":true}');
  });
});
