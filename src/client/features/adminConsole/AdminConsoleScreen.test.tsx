import { screen, within } from '@testing-library/react';
import i18n from '../../lib/i18n/i18n';
import { renderApp, signInAs } from '../../testing/renderWithProviders';
import { ADMIN, PLAYER, openConsole, useAdminConsoleApi } from './testing/consoleTestKit';

useAdminConsoleApi();

describe('admin console: entry and sections', () => {
  it('is offered to a global admin from the user panel and opens on the competitions', async () => {
    await signInAs(ADMIN);
    const { user } = renderApp({ route: '/help/about' });
    await user.click(await screen.findByRole('button', { name: 'Open the user panel' }));
    const panel = await screen.findByRole('navigation', { name: 'User panel' });
    await user.click(within(panel).getByRole('link', { name: 'Admin console' }));
    expect(await screen.findByRole('heading', { name: 'Admin console', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Import a competition' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Competitions' })).toHaveAttribute('aria-current', 'page');
  });

  it('moves between sections by links, each with its own address', async () => {
    const { user } = await openConsole('/admin/competitions');
    const sections = await screen.findByRole('navigation', { name: 'Console sections' });
    await user.click(within(sections).getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Versions' })).toBeInTheDocument();
    expect(within(sections).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    expect(within(sections).getByRole('link', { name: 'Competitions' })).not.toHaveAttribute('aria-current');
  });

  it('is not in a player\'s panel, and a player who types its address is sent to "not allowed"', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/help/about' });
    await user.click(await screen.findByRole('button', { name: 'Open the user panel' }));
    const panel = await screen.findByRole('navigation', { name: 'User panel' });
    expect(within(panel).queryByRole('link', { name: 'Admin console' })).not.toBeInTheDocument();
    await openConsole('/admin/users', PLAYER);
    expect(await screen.findByRole('heading', { name: 'You should not be here' })).toBeInTheDocument();
  });

  it('sends a visitor to sign in first', async () => {
    renderApp({ route: '/admin/processes' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    await openConsole('/admin/competitions');
    expect(await screen.findByRole('heading', { name: 'Consola de administración', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Importar una competición' })).toBeInTheDocument();
  });
});
