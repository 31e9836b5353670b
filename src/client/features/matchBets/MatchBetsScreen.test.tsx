import { act, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../lib/i18n/i18n';
import { PLAYER } from '../../testing/handlers/fakeApi';
import { leagueRow, leagueWorld } from '../../testing/handlers/leagueWorld';
import { fairOddsOf } from '../../testing/handlers/fairOdds';
import { fail, handle, ok } from '../../testing/handlers/route';
import { server } from '../../testing/server';
import { betStore, resultBet } from '../../testing/handlers/resultBets';
import { renderWithProviders, signInAs } from '../../testing/renderWithProviders';
import MatchBetsScreen from './MatchBetsScreen';

/** Ana in two leagues of the match's competition: Office pool, where Bea bet on it, and a second one where nobody did. */
function twoLeagues() {
  leagueWorld.leagues.push(leagueRow({ id: 9, name: 'Book club' }));
  leagueWorld.members.set(9, [{ user_id: PLAYER.id, department: null, joined_at: '2026-05-01T10:00:00.000Z', points: 0, matchday: 0 }]);
  betStore.bets = new Map([[2, { ...resultBet(2, { local_goals: 2, visiting_goals: 0 }), user_id: 3, user_name: 'Bea', allow_show_bets: true }]]);
  server.use(handle('resultBetsIndex', ({ params }) => ok(Number(params.id) === 5 ? [...betStore.bets.values()] : [])));
}

describe('match bets screen', () => {
  it("lists everyone's bets on the match: visible ones with their values, hidden ones marked", async () => {
    betStore.bets = new Map([
      [1, { ...resultBet(1, { local_goals: 1, visiting_goals: 1 }), allow_show_bets: true }],
      [2, { ...resultBet(2, { local_goals: null, visiting_goals: null }), user_id: 3, user_name: 'Bea' }],
    ]);
    await signInAs(PLAYER);
    renderWithProviders(<MatchBetsScreen />, { route: '/matches/33/show_bets?league_id=5', path: '/matches/:matchId/show_bets' });
    const ana = await screen.findByTestId('match-bet-1');
    expect(within(ana).getByText('1-1')).toBeInTheDocument();
    expect(within(screen.getByTestId('match-bet-3')).getByText('Hidden until the deadline')).toBeInTheDocument();
    expect(within(ana).getByRole('link', { name: 'Ana' })).toHaveAttribute('href', expect.stringContaining('/result_bets/new?league_id=5&user_id=1'));
  });

  it('reads a shown member without a bet as "no bet", never a lone "-"', async () => {
    betStore.bets = new Map([
      [1, { ...resultBet(1, { local_goals: 1, visiting_goals: 1 }), allow_show_bets: true }],
      [2, { ...resultBet(2, { local_goals: null, visiting_goals: null }), user_id: 3, user_name: 'Bea', allow_show_bets: true }],
    ]);
    await signInAs(PLAYER);
    renderWithProviders(<MatchBetsScreen />, { route: '/matches/33/show_bets?league_id=5', path: '/matches/:matchId/show_bets' });
    const bea = await screen.findByTestId('match-bet-3');
    expect(within(bea).getByText('No bet')).toBeInTheDocument();
    expect(within(bea).queryByText('-')).toBeNull();
  });

  it('marks a bet placed with an API token with a robot, named for screen readers', async () => {
    betStore.bets = new Map([
      [1, { ...resultBet(1, { local_goals: 1, visiting_goals: 1 }), allow_show_bets: true }],
      [2, { ...resultBet(2, { local_goals: 2, visiting_goals: 0 }), user_id: 3, user_name: 'Bea', allow_show_bets: true, bot: true }],
    ]);
    await signInAs(PLAYER);
    renderWithProviders(<MatchBetsScreen />, { route: '/matches/33/show_bets?league_id=5', path: '/matches/:matchId/show_bets' });
    const bea = await screen.findByTestId('match-bet-3');
    expect(within(bea).getByText('2-0')).toBeInTheDocument();
    expect(within(bea).getByRole('img', { name: 'Placed with an API token (bot)' })).toBeInTheDocument();
    expect(within(screen.getByTestId('match-bet-1')).queryByRole('img', { name: 'Placed with an API token (bot)' })).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Bets in', 'Show another league', 'Nobody in Book club has a bet on this match yet.'],
    ['es', 'Apuestas en', 'Ver otra liga', 'Nadie en Book club tiene aún una apuesta en este partido.'],
  ])('opened without a league, says which league it shows and offers the others (%s)', async (language, shown, change, none) => {
    await i18n.changeLanguage(language);
    twoLeagues();
    await signInAs(PLAYER);
    const { user } = renderWithProviders(<MatchBetsScreen />, { route: '/matches/33/show_bets', path: '/matches/:matchId/show_bets' });
    const which = await screen.findByTestId('match-bets-league');
    const select = await screen.findByRole('combobox', { name: change });
    const first = (select as HTMLSelectElement).selectedOptions[0].textContent!;
    expect(which).toHaveTextContent(`${shown} ${first}`);
    expect(within(which).getByRole('link', { name: first })).toHaveAttribute('href', first === 'Office pool' ? '/leagues/5' : '/leagues/9');
    // Every league of the caller in the match's competition is offered, none of another competition.
    expect([...(select as HTMLSelectElement).options].map((option) => option.textContent).sort()).toEqual(['Book club', 'Office pool']);

    await user.selectOptions(select, 'Book club');
    await waitFor(() => expect(screen.getByTestId('match-bets-league')).toHaveTextContent(`${shown} Book club`));
    expect(await screen.findByText(none)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: change }), 'Office pool');
    expect(within(await screen.findByTestId('match-bet-3')).getByText('2-0')).toBeInTheDocument();
  });

  it("offers the league's owner a late entry on members' bets only, and after the result only where the rules allow it", async () => {
    const played = (id: number, score: { local_goals: number | null; visiting_goals: number | null; finished: boolean }) => {
      const bet = resultBet(id, { local_goals: 1, visiting_goals: 1 });
      return { ...bet, match: { ...bet.match, id: 33, ...score, started: true, status: score.finished ? 'finished' : 'in_play' }, match_id: 33, allow_show_bets: true, allow_edit_bets: false };
    };
    const reason = "No late entry: the league's rules close it once the match has a score";
    const render = async () => {
      await signInAs(PLAYER);
      return renderWithProviders(<MatchBetsScreen />, { route: '/matches/33/show_bets?league_id=5', path: '/matches/:matchId/show_bets' });
    };
    // In play: the score counts as a result (it tells the owner as much), so the rules close it.
    betStore.bets = new Map([
      [1, played(1, { local_goals: 1, visiting_goals: 0, finished: false })],
      [2, { ...played(2, { local_goals: 1, visiting_goals: 0, finished: false }), user_id: 3, user_name: 'Bea' }],
    ]);
    const view = await render();
    const bea = await screen.findByTestId('match-bet-3');
    expect(within(bea).queryByRole('button', { name: 'Enter late' })).toBeNull();
    expect(within(bea).getByText(reason)).toBeInTheDocument();
    // The owner's own bet: never a late entry of their own, and nothing to explain.
    expect(within(screen.getByTestId('match-bet-1')).queryByRole('button', { name: 'Enter late' })).toBeNull();
    expect(within(screen.getByTestId('match-bet-1')).queryByText(reason)).toBeNull();
    view.unmount();

    leagueWorld.leagues = leagueWorld.leagues.map((league) => (league.id === 5 ? { ...league, late_entry_after_result: true } : league));
    await render();
    expect(within(await screen.findByTestId('match-bet-3')).getByRole('button', { name: 'Enter late' })).toBeInTheDocument();
    expect(within(screen.getByTestId('match-bet-1')).queryByRole('button', { name: 'Enter late' })).toBeNull();
    expect(screen.queryByText(reason)).toBeNull();
  });
});

describe("the model's chances on a match's page", () => {
  it("shows the chances before the deadline, and after it the league's split beside the model's, in words for screen readers (es)", async () => {
    betStore.bets = new Map([[1, { ...resultBet(1, { local_goals: 1, visiting_goals: 0 }), allow_show_bets: true }]]);
    const sealed = fairOddsOf(33, { home: 6_200, draw: 2_300, away: 1_500, sealed: true, through: { home: 7_140, away: 2_860 } });
    server.use(
      handle('fairOddsIndex', ({ query }) => ok({ ratings_as_of: '2026-07-19', matches: query.get('match_id') === '33' ? [sealed] : [] })),
      handle('resultBetDistribution', () => ok({ league_id: 5, match_id: 33, bets: 4, home: 1, draw: 3, away: 0, scores: [], quote: { home: 2, draw: 4, away: 7 } })),
    );
    await i18n.changeLanguage('es');
    try {
      await signInAs(PLAYER);
      renderWithProviders(<MatchBetsScreen />, { route: '/matches/33/show_bets?league_id=5', path: '/matches/:matchId/show_bets' });
      const line = await screen.findByTestId('fair-odds-33');
      expect(line).toHaveTextContent(/62 % · empate 23 % · .* 15 %/);
      expect(within(line).getByText(/^Probabilidades del modelo de ratings al cerrar las apuestas: .* 62 %, empate 23 %, .* 15 %$/)).toBeInTheDocument();
      expect(within(line).getByText(/^Probabilidad de pasar, con prórroga y penaltis: .* 71 %, .* 29 %$/)).toBeInTheDocument();
      expect(await screen.findByRole('img', { name: 'El modelo de ratings al cerrar las apuestas: victoria local 62 %, empate 23 %, victoria visitante 15 %' }))
        .toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Lo que apostó la liga (4 apuestas): victoria local 25 %, empate 75 %, victoria visitante 0 %' })).toBeInTheDocument();
      expect(screen.getByText('Acertar la tendencia vale: 1 → 2 · X → 4 · 2 → 7 puntos')).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('shows no split before the deadline', async () => {
    betStore.bets = new Map([[1, resultBet(1, { local_goals: 1, visiting_goals: 0 })]]);
    let asked = 0;
    server.use(
      handle('fairOddsIndex', () => ok({ ratings_as_of: '2026-07-19', matches: [fairOddsOf(33)] })),
      handle('resultBetDistribution', () => { asked += 1; return fail(403, 'hidden'); }),
    );
    await signInAs(PLAYER);
    renderWithProviders(<MatchBetsScreen />, { route: '/matches/33/show_bets?league_id=5', path: '/matches/:matchId/show_bets' });
    const line = await screen.findByTestId('fair-odds-33');
    expect(within(line).getByText(/^The rating model's chances: .* 45%, draw 28%, .* 27%$/)).toBeInTheDocument();
    expect(screen.queryByTestId('crowd-split-33')).toBeNull();
    expect(asked).toBe(0);
  });
});
