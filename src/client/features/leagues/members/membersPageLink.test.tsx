import { screen, waitFor, within } from '@testing-library/react';
import i18n from '../../../lib/i18n/i18n';
import { PLAYER } from '../../../testing/handlers/fakeApi';
import { leagueWorld } from '../../../testing/handlers/leagueWorld';
import { renderApp, signInAs } from '../../../testing/renderWithProviders';

const main = () => within(screen.getByRole('main'));

/** League 5 is Ana's own; league 6 is Bea's, Ana a member. */
async function linkOn(leagueId: number, name: string) {
  await signInAs(PLAYER);
  renderApp({ route: `/leagues/${leagueId}` });
  await screen.findByRole('heading', { level: 1 });
  // The page hides while anything it reads is loading (its cards load after the heading): wait until it shows.
  return waitFor(() => main().getByRole('link', { name }), { timeout: 5_000 });
}

describe("the league page's way to its members", () => {
  it('is "Administration" for the owner', async () => {
    expect(await linkOn(5, 'Administration')).toHaveAttribute('href', '/leagues/admin/5');
  });

  it('is "Invite" for a member the league lets invite, and the page it opens is about inviting', async () => {
    const link = await linkOn(6, 'Invite');
    await waitFor(() => expect(main().queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument());
    link.click();
    expect(await screen.findByRole('heading', { level: 1, name: 'Invite to the league' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Email to invite' })).toBeInTheDocument();
  });

  it('is "Members" for a member who may not invite', async () => {
    leagueWorld.leagues.find((league) => league.id === 6)!.allow_invite = false;
    await linkOn(6, 'Members');
    await waitFor(() => expect(main().queryByRole('link', { name: 'Invite' })).not.toBeInTheDocument());
  });

  it('speaks Spanish: "Invitar" and "Administración"', async () => {
    await i18n.changeLanguage('es');
    expect(await linkOn(6, 'Invitar')).toHaveAttribute('href', '/leagues/admin/6');
  });
});
