import { screen, waitFor, within } from '@testing-library/react';
import { adminWorld } from '../../testing/handlers/adminConsole';
import { openConsole, useAdminConsoleApi } from './testing/consoleTestKit';

useAdminConsoleApi();

describe('admin console: mail and notifications', () => {
  it('lists the outbox with recipient, kind, time and error, filtered by status; push counts and the last reminder run', async () => {
    const { user } = await openConsole('/admin/mail');
    const failed = await screen.findByTestId('mail-2');
    expect(within(failed).getByRole('heading', { name: 'Confirm your email' })).toBeInTheDocument();
    expect(within(failed).getByText('nico@example.com')).toBeInTheDocument();
    expect(within(failed).getByText('Email confirmation')).toBeInTheDocument();
    expect(within(failed).getByText('connect ECONNREFUSED 127.0.0.1:25')).toBeInTheDocument();
    expect(screen.getByText('Push subscriptions').nextSibling).toHaveTextContent('5');
    expect(screen.getByText('Users with push on').nextSibling).toHaveTextContent('3');
    expect(within(screen.getByTestId('process-run-3')).getByText('7 reminders sent')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Sent' }));
    await waitFor(() => expect(screen.queryByTestId('mail-2')).not.toBeInTheDocument());
    expect(screen.getByTestId('mail-1')).toBeInTheDocument();
  });

  it('sends a test email to the admin\'s own address, with no other address to type', async () => {
    const { user } = await openConsole('/admin/mail');
    expect(await screen.findByText('It goes to your own address, once verified.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Send to' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Send test email' }));
    expect(await screen.findByText('Test email sent to root@example.com')).toBeInTheDocument();
    expect(adminWorld.calls).toEqual(expect.arrayContaining(['mail_test:root@example.com']));
    // The outbox is read again: the test mail is in it.
    expect(await screen.findByTestId('mail-3')).toHaveTextContent('Porra test email');
  });
});

describe('admin console: settings', () => {
  it('shows versions and the configuration read-only, secrets as the server masks them', async () => {
    await openConsole('/admin/settings');
    expect((await screen.findByText('App version')).nextSibling).toHaveTextContent('0.1.0');
    expect(screen.getByText('Database schema').nextSibling).toHaveTextContent('20261124_m_admin_console');
    expect(screen.getByText('Database').nextSibling).toHaveTextContent('SQLite');
    expect(screen.getByText('APP_ORIGIN').nextSibling).toHaveTextContent('https://porra.example.com');
    expect(screen.getByText('SMTP_URL').nextSibling).toHaveTextContent('smtp://porra:********@smtp.example.com (secret)');
    expect(screen.getByText('FOOTBALL_DATA_TOKEN').nextSibling).toHaveTextContent('not set (secret)');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
