import { screen, waitFor, within } from '@testing-library/react';
import i18n from '../../lib/i18n/i18n';
import { fakeApi, PLAYER } from '../../testing/handlers/fakeApi';
import { leagueRow, leagueWorld } from '../../testing/handlers/leagueWorld';
import { overallWorld } from '../../testing/handlers/overallRanking';
import { renderApp, renderWithProviders, signInAs } from '../../testing/renderWithProviders';
import RankingScreen from './RankingScreen';

/*
 * The fake World Cup 2026 ranking (testing/handlers/overallRanking.ts): 120 others and Ana, whose Office pool puts
 * her 41st of 121 with 100 points; in LaLiga she has no scored bet yet.
 */

const openRanking = async (competitionId = 2) => {
  await signInAs(PLAYER);
  return renderWithProviders(<RankingScreen />, { route: `/competitions/${competitionId}/ranking`, path: '/competitions/:competitionId/ranking' });
};

const myPosition = () => screen.getByRole('region', { name: 'My position' });
const whole = () => screen.getByRole('region', { name: 'Overall ranking' });
const rankingRows = () => within(within(whole()).getByRole('table', { name: 'Overall ranking of World Cup 2026' })).getAllByRole('row').slice(1);

describe('overall ranking screen', () => {
  it("shows the competition, the player's position with the rows around it, then the ranking a page at a time", async () => {
    const { user } = await openRanking();
    expect(await screen.findByRole('heading', { level: 1, name: 'World Cup 2026' })).toBeInTheDocument();
    expect(await within(myPosition()).findByText('41st of 121')).toBeInTheDocument();
    expect(within(myPosition()).getByText('top 33.9%')).toBeInTheDocument();
    expect(within(myPosition()).getByText('100 points')).toBeInTheDocument();
    const around = within(myPosition()).getByRole('table', { name: 'Your position and the players around you' });
    const aroundRows = within(around).getAllByRole('row').slice(1);
    expect(aroundRows).toHaveLength(7);
    const own = aroundRows.filter((row) => row.getAttribute('aria-current') === 'true');
    expect(own).toHaveLength(1);
    expect(own[0]).toHaveTextContent(/^41Ana \(you\)1004$/);
    // One league in the competition: nothing to choose.
    expect(within(myPosition()).queryByRole('combobox', { name: 'League that counts' })).not.toBeInTheDocument();

    await waitFor(() => expect(rankingRows()).toHaveLength(50));
    expect(rankingRows()[0]).toHaveTextContent(/^1Player 001120/);
    expect(within(whole()).getByText('Showing 50 of 121 players')).toBeInTheDocument();
    await user.click(within(whole()).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(rankingRows()).toHaveLength(100));
    await user.click(within(whole()).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(rankingRows()).toHaveLength(121));
    expect(within(whole()).getByText('Showing 121 of 121 players')).toBeInTheDocument();
    expect(within(whole()).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    // Each page starts after the last player of the one before.
    const lastOfFirst = rankingRows()[49];
    expect(overallWorld.reads.filter((read) => read.startsWith('after='))).toHaveLength(2);
    expect(lastOfFirst).toHaveTextContent(/^\d+Player 049/);
    // Names only: no addresses.
    expect(document.body).not.toHaveTextContent(PLAYER.email);
  });

  it('writes positions and shares the Spanish way', async () => {
    await i18n.changeLanguage('es');
    await openRanking();
    expect(await screen.findByText('41.º de 121')).toBeInTheDocument();
    expect(screen.getByText(/^top 33,9\s%$/)).toBeInTheDocument();
    expect(screen.getByText('100 puntos')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Clasificación general' })).toBeInTheDocument();
  });

  it('searches by name from two letters, once typing pauses, and shows each player found at their position', async () => {
    const { user } = await openRanking();
    await waitFor(() => expect(rankingRows()).toHaveLength(50));
    const search = within(whole()).getByRole('searchbox', { name: 'Search by name' });
    await user.type(search, 'b');
    expect(within(whole()).getByText('At least 2 letters')).toBeInTheDocument();
    await user.type(search, 'ea');
    expect(await within(whole()).findByText('2 players found')).toBeInTheDocument();
    expect(rankingRows().map((row) => row.textContent)).toEqual(['120Beatriz402', '121Bea100']);
    // One request for the pause, none for the letters on the way.
    expect(overallWorld.reads.filter((read) => read.startsWith('q='))).toEqual(['q=bea']);

    await user.clear(search);
    await user.type(search, 'zz');
    expect(await within(whole()).findByText('No ranked player’s name starts with “zz”.')).toBeInTheDocument();
    await user.clear(search);
    await waitFor(() => expect(rankingRows()).toHaveLength(50));
  });

  it('lets a player in several leagues of the competition choose the one that counts, and shows the new position', async () => {
    leagueWorld.leagues.push(leagueRow({ id: 30, name: 'Friends cup' }));
    leagueWorld.members.set(30, [{ user_id: 1, department: null, joined_at: '2026-06-01T10:00:00.000Z', points: 0, matchday: 0 }]);
    overallWorld.own.set(30, { points: 20, exact_hits: 0 });
    const { user, store } = await openRanking();
    const choice = await within(await screen.findByRole('region', { name: 'My position' })).findByRole('combobox', { name: 'League that counts' });
    expect(choice).toHaveTextContent('Office pool');
    await user.click(choice);
    await user.click(await screen.findByRole('option', { name: 'Friends cup' }));
    expect(await within(myPosition()).findByText('120th of 121')).toBeInTheDocument();
    expect(overallWorld.choices).toEqual([{ competition_id: 2, league_id: 30 }]);
    expect(within(myPosition()).getByRole('combobox', { name: 'League that counts' })).toHaveTextContent('Friends cup');
    // The write says so in the snackbar, as every write does.
    await waitFor(() => expect(store.getState().notifications).toContainEqual(expect.objectContaining({ message: 'League that counts saved' })));
  });

  it('tells a player without a scored bet that they enter with the first one, and still shows the others', async () => {
    await openRanking(3);
    expect(await within(await screen.findByRole('region', { name: 'My position' })).findByText('You enter the ranking with your first scored bet.')).toBeInTheDocument();
    expect(await within(whole()).findByText('Showing 3 of 3 players')).toBeInTheDocument();
    expect(screen.queryByText(/\(you\)/)).not.toBeInTheDocument();
  });

  it('tells a player who opted out how to appear again, and leaves them out of the ranking', async () => {
    fakeApi.users[0].ranking_hidden = true;
    await openRanking();
    expect(await within(await screen.findByRole('region', { name: 'My position' })).findByText('You chose not to appear in the overall rankings.')).toBeInTheDocument();
    expect(within(myPosition()).getByRole('link', { name: 'account settings' })).toHaveAttribute('href', '/users/edit');
    expect(await within(whole()).findByText('Showing 50 of 120 players')).toBeInTheDocument();
    expect(screen.queryByText(/\(you\)/)).not.toBeInTheDocument();
  });

  it("is the app's page at /competitions/:id/ranking, for signed-in players only", async () => {
    const visitor = renderApp({ route: '/competitions/2/ranking' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    visitor.unmount();
    await signInAs(PLAYER);
    renderApp({ route: '/competitions/2/ranking' });
    expect(await screen.findByRole('heading', { level: 1, name: 'World Cup 2026' }, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText('41st of 121')).toBeInTheDocument();
  });

  it('says so for a competition that does not exist', async () => {
    await openRanking(99);
    expect(await screen.findByRole('heading', { level: 1, name: 'The competition does not exist' })).toBeInTheDocument();
  });
});
