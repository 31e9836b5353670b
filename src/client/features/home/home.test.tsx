import { screen, waitFor, within } from '@testing-library/react';
import { PLAYER } from '../../testing/handlers/fakeApi';
import { leagueRow, leagueWorld } from '../../testing/handlers/leagueWorld';
import { renderApp, renderWithProviders, signInAs } from '../../testing/renderWithProviders';
import { chartsVisible, nextRoundShares } from './chartRules';
import HomeScreen, { MATCHES_REFRESH_MS } from './HomeScreen';

// recharts' ResponsiveContainer watches its size; jsdom has no ResizeObserver.
beforeAll(() => {
  globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver;
});

const leaguesList = () => screen.getByRole('list', { name: 'My leagues' });
const leagueNames = () => within(leaguesList()).queryAllByRole('button').map((item) => item.textContent);

function addLeagues(count: number) {
  for (let index = 0; index < count; index++) {
    const id = 20 + index;
    leagueWorld.leagues.push(leagueRow({ id, name: `League ${id}` }));
    leagueWorld.members.set(id, [{ user_id: 1, department: null, joined_at: '2026-05-01T10:00:00.000Z', points: 0, matchday: 0 }]);
  }
}

describe('home', () => {
  it('shows visitors 10 skeletons, then the matches by day linking to their bets, and the welcome card without leagues', async () => {
    renderWithProviders(<HomeScreen />);
    expect(screen.getAllByTestId('match-skeleton')).toHaveLength(10);
    expect(await screen.findByRole('heading', { name: 'Welcome to Porra' })).toBeInTheDocument();
    const strip = await screen.findByRole('region', { name: 'Upcoming matches' });
    await waitFor(() => expect(screen.queryAllByTestId('match-skeleton')).toHaveLength(0));
    expect(within(strip).getAllByRole('heading')).toHaveLength(2);
    expect(within(strip).getAllByRole('heading')[0]).toHaveTextContent(/Sat.*20/);
    const links = within(strip).getAllByRole('link');
    expect(links).toHaveLength(4);
    expect(links[0]).toHaveAttribute('href', '/matches/31/show_bets');
    expect(within(links[0]).getByText('2 - 1')).toBeInTheDocument();
    // A team not known yet reads as words, never as the data source's code.
    expect(within(links[3]).getByText('Winner 49')).toBeInTheDocument();
    expect(links[3]).toHaveTextContent('Winner of match 49');
    expect(links[3]).not.toHaveTextContent(/\bW49\b/);
    expect(screen.queryByRole('list', { name: 'My leagues' })).not.toBeInTheDocument();
    expect(MATCHES_REFRESH_MS).toBe(300_000);
  });

  it('changes the day headers of the match strip with every other text when the language is switched in the side panel', async () => {
    const { user } = renderApp({ route: '/' });
    const strip = await screen.findByRole('region', { name: 'Upcoming matches' });
    await waitFor(() => expect(within(strip).getAllByRole('heading')[0]).toHaveTextContent('SatJun 20'));
    await user.click(await screen.findByRole('button', { name: 'Open the user panel' }));
    await user.click(within(await screen.findByRole('navigation', { name: 'User panel' })).getByRole('button', { name: 'Español' }));
    const partidos = await screen.findByRole('region', { name: 'Próximos partidos', hidden: true });
    expect(within(partidos).getAllByRole('heading', { hidden: true }).map((day) => day.textContent)).toEqual([
      expect.stringMatching(/^sáb\.?20 jun/), expect.stringMatching(/^dom\.?21 jun/),
    ]);
  });

  it('empties a list whose read fails, with no message on the screen', async () => {
    leagueWorld.failing.add('nextMatches');
    leagueWorld.failing.add('leagueIndex');
    await signInAs(PLAYER);
    const { store } = renderWithProviders(<HomeScreen />);
    expect(await screen.findByText('There are no upcoming matches')).toBeInTheDocument();
    expect(await screen.findByText('You are not in any league yet')).toBeInTheDocument();
    // No active league: the slogan.
    expect(screen.getByText('Your leagues, your bets, your glory.')).toBeInTheDocument();
    // Home list failures show no toast.
    expect(store.getState().notifications.filter((item) => item.status === 'error')).toEqual([]);
  });

  it("lists the member's current leagues newest first, and old ones only when asked (remembered as showOldLeagues)", async () => {
    await signInAs(PLAYER);
    const { user } = renderWithProviders(<HomeScreen />);
    await waitFor(() => expect(leagueNames()).toEqual(['Family leagueLaLiga 2025-26', 'Office poolWorld Cup 2026']));
    expect(screen.getByRole('link', { name: 'Search leagues' })).toHaveAttribute('href', '/leagues/search');
    expect(screen.getByRole('link', { name: 'Create league' })).toHaveAttribute('href', '/leagues/new');
    expect(screen.getByRole('link', { name: 'My bets: Office pool' })).toHaveAttribute('href', '/result_bets/new?league_id=5');
    expect(screen.getByRole('link', { name: 'League table: Office pool' })).toHaveAttribute('href', '/leagues/5');
    expect(screen.queryByRole('navigation', { name: 'Pages of leagues' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show old leagues' }));
    await waitFor(() => expect(leagueNames()).toContain('Qatar memoriesWorld Cup 2022'));
    expect(JSON.parse(localStorage.getItem('options')!)).toMatchObject({ showOldLeagues: true });
  });

  it('pages 5 leagues at a time, and a page change makes the first league of the page the active one', async () => {
    addLeagues(5);
    await signInAs(PLAYER);
    const { user } = renderWithProviders(<HomeScreen />);
    await waitFor(() => expect(leagueNames()).toHaveLength(5));
    expect(leagueNames()[0]).toMatch(/^League 24/);
    await user.click(within(leaguesList()).getByRole('button', { name: /League 22/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'League 22' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(leagueNames()).toEqual(['Family leagueLaLiga 2025-26', 'Office poolWorld Cup 2026']));
    expect(await screen.findByRole('heading', { level: 2, name: 'Family league' })).toBeInTheDocument();
  });

  it('moves through the league carousel with wrapping arrows and dots', async () => {
    await signInAs(PLAYER);
    const { user } = renderWithProviders(<HomeScreen />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Family league' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous league' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Office pool' })).toBeInTheDocument();
    const strip = screen.getByRole('region', { name: 'Upcoming matches' });
    await waitFor(() => expect(within(strip).getAllByRole('link')[0]).toHaveAttribute('href', '/matches/31/show_bets?league_id=5'));
    await user.click(screen.getByRole('button', { name: 'Next league' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Family league' })).toBeInTheDocument();
    await waitFor(() => expect(within(strip).getAllByRole('link')[0]).toHaveAttribute('href', '/matches/31/show_bets?league_id=6'));
    await user.click(screen.getByRole('button', { name: 'Office pool' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Office pool' })).toBeInTheDocument();
  });

  it('summarises a league: latest bets, my bets, a 5-row table and, once picks are visible, the charts', async () => {
    await signInAs(PLAYER);
    const { user } = renderWithProviders(<HomeScreen />);
    await user.click(await screen.findByRole('button', { name: 'Office pool' }));
    expect((await screen.findAllByText('Bea'))[0]).toBeInTheDocument();
    expect(screen.getByLabelText('5 points')).toHaveAttribute('data-colour', 'success');
    expect(screen.getByRole('link', { name: 'My bets' })).toHaveAttribute('href', '/result_bets/new?league_id=5&matchday=3');
    expect(screen.getByRole('link', { name: 'Full league table' })).toHaveAttribute('href', '/leagues/5');
    const table = await screen.findByRole('table', { name: 'League table' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    // Share of the 14 members per team, most picked first.
    expect(await screen.findByRole('img', { name: 'Round of 16: Spain 21.4%, Argentina 14.3%' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Winner: Spain 3, Argentina 2' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Top scorers: Lamine Yamal 3' })).toBeInTheDocument();
  });

  it('hides the charts while no pick is visible to others, and falls back to matchday 1 when the matchday read fails', async () => {
    leagueWorld.picksVisible = false;
    leagueWorld.failing.add('matchInfo');
    await signInAs(PLAYER);
    const { user } = renderWithProviders(<HomeScreen />);
    await user.click(await screen.findByRole('button', { name: 'Office pool' }));
    expect(await screen.findByRole('table', { name: 'League table' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'My bets' })).toHaveAttribute('href', '/result_bets/new?league_id=5&matchday=1'));
    expect(screen.queryByRole('img', { name: /Round of 16/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Winner/ })).not.toBeInTheDocument();
  });
});

describe('chart rules', () => {
  it('shows charts only when a locked pick with a team or person is visible', () => {
    expect(chartsVisible([])).toBe(false);
    expect(chartsVisible([{ allow_show_bets: true, allow_edit_bets: true, team_id: 1 }])).toBe(false);
    expect(chartsVisible([{ allow_show_bets: true, allow_edit_bets: false, team_id: null }])).toBe(false);
    expect(chartsVisible([{ allow_show_bets: false, allow_edit_bets: false, team_id: 1 }])).toBe(false);
    expect(chartsVisible([{ allow_show_bets: true, allow_edit_bets: false, person_id: 4 }])).toBe(true);
  });

  it('orders the next round by count descending, then by name', () => {
    const shares = nextRoundShares([{ team_name: 'Spain', users: 2 }, { team_name: 'Brazil', users: 2 }, { team_name: 'Japan', users: 5 }], 10, 'en');
    expect(shares).toEqual([{ name: 'Japan', users: 5, share: 50 }, { name: 'Brazil', users: 2, share: 20 }, { name: 'Spain', users: 2, share: 20 }]);
  });
});
