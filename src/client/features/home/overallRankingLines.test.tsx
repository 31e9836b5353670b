import { screen, waitFor, within } from '@testing-library/react';
import { api } from '../../api/api';
import type { AppStore } from '../../app/store';
import i18n from '../../lib/i18n/i18n';
import { fakeApi, PLAYER } from '../../testing/handlers/fakeApi';
import { leagueWorld } from '../../testing/handlers/leagueWorld';
import { handle, ok } from '../../testing/handlers/route';
import { renderWithProviders, signInAs } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import HomeScreen from './HomeScreen';

// recharts' ResponsiveContainer watches its size; jsdom has no ResizeObserver.
beforeAll(() => {
  globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver;
});

/*
 * Ana plays the World Cup 2026 (Office pool: 41st of 121 in the fake overall ranking), LaLiga (Family league: no
 * scored bet yet) and the finished World Cup 2022 (Qatar memories).
 */
/** The line of a competition: its link (found by test id, then read as a player would: the home is a big page). */
const lineOf = async (competitionId: number) => within(await screen.findByTestId(`overall-ranking-line-${competitionId}`)).getByRole('link');
const rankingLinks = () => screen.queryAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/competitions/'));
const answered = (store: AppStore, competitionId: number) =>
  api.endpoints.competitionRankingMe.select({ params: { id: competitionId } })(store.getState());
const rankingReads = () => fakeApi.requests.filter((request) => request.includes('/competitions/ranking/')).sort();

describe('home: my place in the overall rankings', () => {
  it("says where the player stands in each competition of their current leagues, and links to its ranking", async () => {
    await signInAs(PLAYER);
    renderWithProviders(<HomeScreen />);
    const worldCup = await lineOf(2);
    expect(worldCup).toHaveAccessibleName(/^You are 41st of 121: top 33\.9%/);
    expect(worldCup).toHaveAttribute('href', '/competitions/2/ranking');
    expect(worldCup).toHaveTextContent('World Cup 2026 · Overall ranking');
    const laLiga = await lineOf(3);
    expect(laLiga).toHaveAccessibleName(/^You enter the ranking with your first scored bet/);
    expect(laLiga).toHaveAttribute('href', '/competitions/3/ranking');
    // A finished competition's ranking is not asked for.
    expect(rankingLinks()).toHaveLength(2);
    expect(rankingReads()).toEqual(['GET /api/v1/en/competitions/ranking/2/me', 'GET /api/v1/en/competitions/ranking/3/me']);
  });

  it('writes the line the Spanish way: "Eres el 1.234.º de 123.400: top 1 %"', async () => {
    server.use(handle('competitionRankingMe', ({ params }) => ok({
      competition_id: Number(params.id), total_players: 123_400, ranked: true, position: 1234, points: 80, top_percent: 1,
      rows: [], main_league: { id: 5, name: 'Office pool' }, leagues: [{ id: 5, name: 'Office pool' }], hidden: false,
    })));
    await i18n.changeLanguage('es');
    await signInAs(PLAYER);
    renderWithProviders(<HomeScreen />);
    const line = await lineOf(2);
    expect(line).toHaveAccessibleName(/^Eres el 1\.234\.º de 123\.400: top 1\s%/);
    expect(line).toHaveAttribute('href', '/competitions/2/ranking');
  });

  it('shows nothing for a player who opted out, nor when the read fails (no message either)', async () => {
    fakeApi.users[0].ranking_hidden = true;
    await signInAs(PLAYER);
    const hidden = renderWithProviders(<HomeScreen />);
    await waitFor(() => expect([answered(hidden.store, 2).data?.hidden, answered(hidden.store, 3).data?.hidden]).toEqual([true, true]));
    expect(rankingLinks()).toEqual([]);
    hidden.unmount();

    fakeApi.users[0].ranking_hidden = false;
    leagueWorld.failing.add('competitionRankingMe');
    const { store } = renderWithProviders(<HomeScreen />);
    await waitFor(() => expect([answered(store, 2).isError, answered(store, 3).isError]).toEqual([true, true]));
    expect(await screen.findByRole('heading', { level: 2, name: 'Family league' })).toBeInTheDocument();
    expect(rankingLinks()).toEqual([]);
    expect(store.getState().notifications.filter((item) => item.status === 'error')).toEqual([]);
  });
});
