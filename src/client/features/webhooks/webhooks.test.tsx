import { screen, waitFor, within } from '@testing-library/react';
import { changeLocale } from '../../lib/i18n/i18n';
import { PLAYER } from '../../testing/handlers/fakeApi';
import { webhookHandlers, webhookWorld, type WebhookWorld } from '../../testing/handlers/webhooks';
import { renderApp, signInAs } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';

let world: WebhookWorld;
beforeEach(() => {
  world = webhookWorld();
  server.use(...webhookHandlers(world));
});

describe('chat webhooks of a league', () => {
  it('lets the owner add a JSON hook, shows its secret once, sends a test and removes it', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/admin/5' });
    await user.click(await screen.findByRole('link', { name: 'Chat webhooks' }, { timeout: 15_000 }));
    const add = await screen.findByRole('region', { name: 'Connect a chat' }, { timeout: 15_000 });
    expect(await screen.findByText('No chat is connected yet.')).toBeInTheDocument();

    await user.click(within(add).getByRole('combobox', { name: 'Where to' }));
    await user.click(await screen.findByRole('option', { name: 'JSON endpoint' }));
    await user.click(within(add).getByRole('textbox', { name: 'Webhook URL' }));
    await user.type(within(add).getByRole('textbox', { name: 'Webhook URL' }), 'http://10.0.0.5/hook');
    await user.click(within(add).getByRole('checkbox', { name: 'Pinned posts' }));
    await user.click(within(add).getByRole('button', { name: 'Add webhook' }));
    expect(await within(add).findByText("must be an address on the public internet (not the server's own network)")).toBeInTheDocument();

    const url = within(add).getByRole('textbox', { name: 'Webhook URL' });
    await user.clear(url);
    await user.type(url, 'https://hooks.example.com/porra');
    await user.click(within(add).getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: "The webhook's secret" });
    expect(within(dialog).getByRole('textbox', { name: 'Secret' })).toHaveValue('a'.repeat(64));
    expect(world.hooks[0]).toMatchObject({ kind: 'json', events: ['result', 'matchday_winners', 'pinned_post'] });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('a'.repeat(64))).not.toBeInTheDocument();

    const card = await screen.findByRole('region', { name: 'JSON endpoint · hooks.example.com' });
    expect(within(card).getByText('Results and the top 5, Matchday winners, Pinned posts')).toBeInTheDocument();
    expect(within(card).getByText('Nothing sent yet.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Test message on its way: its delivery shows below in a few seconds')).toBeInTheDocument();
    expect(await within(card).findByText('Delivered')).toBeInTheDocument();
    expect(within(card).getByText(/1 attempt · HTTP 204/)).toBeInTheDocument();
    expect(world.tests).toBe(1);

    await user.click(within(card).getByRole('button', { name: 'Remove webhook' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove webhook' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove webhook' }));
    expect(await screen.findByText('No chat is connected yet.')).toBeInTheDocument();
    expect(world.hooks).toEqual([]);
  });

  it('speaks Spanish', async () => {
    await changeLocale('es');
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/5/webhooks' });
    const add = await screen.findByRole('region', { name: 'Conectar un chat' }, { timeout: 15_000 });
    expect(within(add).getByRole('checkbox', { name: 'Ganadores de la jornada' })).toBeChecked();
    expect(within(add).getByRole('button', { name: 'Añadir webhook' })).toBeDisabled();
    expect(await screen.findByText('Todavía no hay ningún chat conectado.')).toBeInTheDocument();
  });

  it('is not offered to a member who does not own the league', async () => {
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/admin/6' });
    expect(await screen.findByRole('textbox', { name: 'Link to join' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Chat webhooks' })).not.toBeInTheDocument();
  });

  it('tells a member who does not own the league that only the owner sees its webhooks', async () => {
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/6/webhooks' });
    expect(await screen.findByRole('heading', { name: "Only the league's owner can see its webhooks" }, { timeout: 15_000 })).toBeInTheDocument();
  });
});
