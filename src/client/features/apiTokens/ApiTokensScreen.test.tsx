import { screen, waitFor, within } from '@testing-library/react';
import { server } from '../../testing/server';
import { apiTokenHandlers } from '../../testing/handlers/apiTokens';
import { PLAYER } from '../../testing/handlers/fakeApi';
import { renderApp, signInAs } from '../../testing/renderWithProviders';

describe('API tokens screen', () => {
  it('is reached from the account page, creates a betting token shown once with a copy button, lists it and revokes it', async () => {
    const fake = apiTokenHandlers();
    server.use(...fake.handlers);
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/users/edit' });
    // After user-event's setup, which puts its own clipboard in place.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(await screen.findByRole('link', { name: 'API tokens' }));
    expect(await screen.findByRole('heading', { name: 'API tokens' })).toBeInTheDocument();
    expect(await screen.findByText('You have no API tokens yet.')).toBeInTheDocument();

    // A name is required.
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText("can't be blank")).toBeInTheDocument();
    expect(fake.tokens).toHaveLength(0);

    await user.click(screen.getByLabelText('Token name'));
    await user.keyboard('Tipping bot');
    await user.click(screen.getByRole('combobox', { name: 'What it may do' }));
    await user.click(await screen.findByRole('option', { name: 'Read and bet' }));
    await user.click(screen.getByRole('combobox', { name: 'Expires in' }));
    await user.click(await screen.findByRole('option', { name: '90 days' }));
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('status');
    expect(within(shown).getByText(/it will not be shown again/)).toBeInTheDocument();
    const value = within(shown).getByLabelText('Your new token') as HTMLInputElement;
    expect(value.value).toMatch(/^porra_pat_1_/);
    await user.click(within(shown).getByRole('button', { name: 'Copy token' }));
    expect(writeText).toHaveBeenCalledWith(value.value);
    expect(await screen.findByText('Token copied')).toBeInTheDocument();
    expect(fake.tokens[0]).toMatchObject({ name: 'Tipping bot', scope: 'bet' });
    const days = (Date.parse(fake.tokens[0]!.expires_at) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(90);

    const list = await screen.findByRole('list', { name: 'Your tokens' });
    expect(await within(list).findByText('Tipping bot')).toBeInTheDocument();
    expect(within(list).getByText('Read and bet')).toBeInTheDocument();
    expect(within(list).getByText(/never used/)).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Revoke Tipping bot' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(fake.tokens).toHaveLength(0));
    expect(await screen.findByText('You have no API tokens yet.')).toBeInTheDocument();
  });
});
