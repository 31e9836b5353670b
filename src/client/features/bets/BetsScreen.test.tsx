import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { matchesChanged } from '../../api/live/liveSlice';
import { fakeApi } from '../../testing/handlers/fakeApi';
import { leagueWorld } from '../../testing/handlers/leagueWorld';
import { betStore, resultBet } from '../../testing/handlers/resultBets';
import { fairOddsOf } from '../../testing/handlers/fairOdds';
import { fail, handle, ok } from '../../testing/handlers/route';
import { server } from '../../testing/server';
import i18n from '../../lib/i18n/i18n';
import { renderBets } from './testing/renderBetsScreen';

const saves = () => fakeApi.betSaves.map(({ result_bet_id, local_goals, visiting_goals, mode }) => [result_bet_id, local_goals, visiting_goals, mode ?? 0]);

const row = (matchId: number) => screen.getByTestId(`bet-row-${matchId}`);

describe('bets screen', () => {
  it('shows a result from the live stream in the bet row without a reload', async () => {
    const { store } = await renderBets();
    // Before the kickoff the row shows no score (no lone "-"), and no closed note while its bet is open.
    expect(within(row(12)).queryByLabelText('Not started')).toBeNull();
    expect(within(row(12)).queryByTestId('bet-closed')).toBeNull();
    const { match } = betStore.bets.get(2)!;
    act(() => {
      store.dispatch(matchesChanged({ leagueId: 5, matches: [{ ...match, status: 'finished', started: true, finished: true, local_goals: 3, visiting_goals: 1 }] }));
    });
    expect(within(row(12)).getByTitle('Final result')).toHaveTextContent('3-1');
    expect(within(row(11)).queryByTitle('Final result')).toBeNull();
  });

  it('saves both goals of an edit, and undoes and redoes it with the buttons and the keyboard', async () => {
    const { user } = await renderBets();
    // Bet 1 (match 11) is empty: choosing the home goals fills the away side with 0.
    await user.selectOptions(within(row(11)).getAllByRole('combobox')[0], '2');
    await waitFor(() => expect(saves()).toEqual([[1, 2, 0, 0]]));
    await user.selectOptions(within(row(11)).getAllByRole('combobox')[1], '1');
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]).toEqual([1, 2, 1, 0]);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(saves()).toHaveLength(3));
    expect(saves()[2]).toEqual([1, 2, 0, 0]);
    expect(within(row(11)).getAllByRole('combobox')[1]).toHaveValue('0');

    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(saves()).toHaveLength(4));
    expect(saves()[3]).toEqual([1, null, null, 0]);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();

    fireEvent.keyDown(window, { key: 'Z', ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(saves()).toHaveLength(5));
    expect(saves()[4]).toEqual([1, 2, 0, 0]);
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(saves()).toHaveLength(6));
    expect(saves()[5]).toEqual([1, 2, 1, 0]);
    expect(screen.getByRole('button', { name: 'Redo' })).toBeDisabled();
  });

  it('shows the saved bet again when the server refuses a save (the deadline passed while the page was open)', async () => {
    const { user, store } = await renderBets();
    // Bet 2 (match 12) holds 1-1; the deadline passes, then the player picks 3 home goals.
    server.use(handle('updateResultBet', () => fail(403, 'The deadline for this bet has passed')));
    await user.selectOptions(within(row(12)).getAllByRole('combobox')[0], '3');
    await waitFor(() => expect(store.getState().notifications.map((item) => item.message)).toContain('The deadline for this bet has passed'));
    await waitFor(() => expect(within(row(12)).getAllByRole('combobox').map((select) => (select as HTMLSelectElement).value)).toEqual(['1', '1']));
    // Nothing refused is left to undo.
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    expect(saves()).toEqual([]);
  });

  it('shows the filled and pending states and the countdown to the next deadline', async () => {
    const inTwoHours = new Date(Date.now() + 2 * 3_600_000 + 5 * 60_000 + 30_000).toISOString();
    const open = betStore.bets.get(1)!;
    betStore.bets.set(1, { ...open, match: { ...open.match, date: inTwoHours } });
    await renderBets();
    expect(row(11).querySelector('[data-bet-state]')).toHaveAttribute('data-bet-state', 'pending');
    expect(row(12).querySelector('[data-bet-state]')).toHaveAttribute('data-bet-state', 'filled');
    expect(screen.getByRole('timer')).toHaveTextContent(/Next deadline in 02:00:\d\d/);
  });

  it("counts down to the league's own deadline: its minutes before the matchday's first kickoff", async () => {
    leagueWorld.leagues = leagueWorld.leagues.map((league) => (league.id === 5 ? { ...league, bet_deadline_minutes: 60, lock_by: 'matchday' } : league));
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const [first, second] = [betStore.bets.get(1)!, betStore.bets.get(2)!];
    betStore.bets.set(1, { ...first, match: { ...first.match, date: at(3 * 3_600_000 + 30_000) } });
    betStore.bets.set(2, { ...second, match: { ...second.match, date: at(2 * 3_600_000 + 30_000) } });
    await renderBets();
    // Both bets close an hour before the matchday's first kickoff (in 2 hours), not 5 minutes before their own.
    await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent(/Next deadline in 01:00:\d\d/));
  });

  it("shows another member's bets read-only, with the clock and the modified mark", async () => {
    betStore.bets.set(1, { ...resultBet(1, { local_goals: null, visiting_goals: null }), user_id: 3, user_name: 'Bea', allow_edit_bets: false, result_established: true });
    betStore.bets.set(2, { ...resultBet(2, { local_goals: 2, visiting_goals: 0 }), user_id: 3, user_name: 'Bea', allow_edit_bets: false, allow_show_bets: true, modified_after_start: true, points: 5 } as unknown as ReturnType<typeof resultBet>);
    await renderBets('league_id=5&user_id=3');
    expect(screen.queryAllByRole('combobox', { name: /goals, / })).toHaveLength(0);
    expect(screen.getByText("You are viewing Bea's bets")).toBeInTheDocument();
    expect(within(row(12)).getByText('2-0')).toBeInTheDocument();
    expect(within(row(12)).getByLabelText('Modified after the match started')).toBeInTheDocument();
    // Before its deadline Bea's bet is hidden from the viewer: said in words, never a "-" that reads as "no bet".
    expect(within(row(11)).getByText('Hidden until the deadline')).toBeInTheDocument();
    expect(within(row(11)).queryByText('-')).toBeNull();
    const clock = within(row(11)).getByTestId('bet-clock');
    expect(clock).toHaveAttribute('aria-label', 'Hidden from the others until the deadline');
    expect(clock.getAttribute('class')).toMatch(/colorSuccess/);
    expect(within(row(12)).queryByTestId('bet-clock')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it.each([
    ['en', 'Hidden from the others until the deadline', "Joker: this bet's points ×2", 'No bet yet'],
    ['es', 'Oculta a los demás hasta el cierre', 'Comodín: los puntos de esta apuesta ×2', 'Aún sin apuesta'],
  ])('says in words (%s) what the clock and the joker star mean, and which open match still has no bet', async (language, clock, joker, noBet) => {
    await i18n.changeLanguage(language);
    leagueWorld.leagues = leagueWorld.leagues.map((league) => (league.id === 5 ? { ...league, jokers: { count: 1, multiplier: 2 }, jokers_left: 1 } : league));
    await renderBets();
    const legend = screen.getByTestId('bet-marks-legend');
    expect(legend).toHaveTextContent(clock);
    expect(legend).toHaveTextContent(joker);
    // Match 11 has no bet yet, match 12 holds 1-1.
    expect(within(row(11)).getByTestId('no-bet-yet')).toHaveTextContent(noBet);
    expect(within(row(12)).queryByTestId('no-bet-yet')).toBeNull();
  });

  it('explains no clock once every bet of the matchday is shown, and no joker in a league without jokers', async () => {
    for (const id of [1, 2]) betStore.bets.set(id, { ...resultBet(id, { local_goals: 1, visiting_goals: 0 }), allow_edit_bets: false, allow_show_bets: true });
    await renderBets();
    expect(screen.queryByTestId('bet-marks-legend')).toBeNull();
    expect(screen.queryByTestId('no-bet-yet')).toBeNull();
  });

  it("marks another member's bet placed with an API token with a robot, named for screen readers", async () => {
    betStore.bets.set(1, { ...resultBet(1, { local_goals: 1, visiting_goals: 1 }), user_id: 3, user_name: 'Bea', allow_edit_bets: false, allow_show_bets: true });
    betStore.bets.set(2, { ...resultBet(2, { local_goals: 2, visiting_goals: 0 }), user_id: 3, user_name: 'Bea', allow_edit_bets: false, allow_show_bets: true, bot: true });
    await renderBets('league_id=5&user_id=3');
    expect(within(row(12)).getByRole('img', { name: 'Placed with an API token (bot)' })).toBeInTheDocument();
    expect(within(row(11)).queryByRole('img', { name: 'Placed with an API token (bot)' })).toBeNull();
  });

  it("lets the league's owner enter a member's bet late from the member's page, and marks late entries", async () => {
    const entries: unknown[] = [];
    server.use(handle('resultBetLateEntry', ({ body }) => {
      entries.push(body);
      return ok({ ...betStore.bets.get(1)!, user_id: 3, user_name: 'Bea', local_goals: 2, visiting_goals: 1, late_entry: true });
    }));
    betStore.bets.set(1, { ...resultBet(1, { local_goals: null, visiting_goals: null }), user_id: 3, user_name: 'Bea', allow_edit_bets: false, allow_show_bets: true });
    betStore.bets.set(2, { ...resultBet(2, { local_goals: 1, visiting_goals: 0 }), user_id: 3, user_name: 'Bea', allow_edit_bets: false, allow_show_bets: true, late_entry: true });
    const { user } = await renderBets('league_id=5&user_id=3');
    expect(within(row(12)).getByText('Late entry')).toBeInTheDocument();
    await user.click(within(row(11)).getByRole('button', { name: 'Enter late' }));
    const dialog = await screen.findByRole('dialog', { name: 'Late entry for Bea' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Home goals' }), '2');
    await user.type(within(dialog).getByRole('textbox', { name: 'Away goals' }), '1');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Paper bet');
    await user.click(within(dialog).getByRole('button', { name: 'Save bet' }));
    await waitFor(() => expect(entries).toEqual([{ result_bet_id: 1, local_goals: 2, visiting_goals: 1, reason: 'Paper bet' }]));
  });

  it("offers the owner a late entry after a match's score only where the league's rules allow it, and says why elsewhere", async () => {
    const finished = { ...resultBet(1, { local_goals: 0, visiting_goals: 0 }).match, status: 'finished', started: true, finished: true, local_goals: 2, visiting_goals: 1 };
    betStore.bets.set(1, { ...resultBet(1, { local_goals: 0, visiting_goals: 0 }), match: finished, user_id: 3, user_name: 'Bea', allow_edit_bets: false, allow_show_bets: true });
    betStore.bets.set(2, { ...resultBet(2, { local_goals: 1, visiting_goals: 0 }), user_id: 3, user_name: 'Bea', allow_edit_bets: false, allow_show_bets: true });
    const view = await renderBets('league_id=5&user_id=3');
    const reason = "No late entry: the league's rules close it once the match has a score";
    // Match 11 has its result: the rules (off by default) close it, and the row says so instead of offering a 409.
    expect(within(row(11)).queryByRole('button', { name: 'Enter late' })).toBeNull();
    expect(within(row(11)).getByText(reason)).toBeInTheDocument();
    // Match 12 is past its deadline without a score: still open.
    expect(within(row(12)).getByRole('button', { name: 'Enter late' })).toBeInTheDocument();
    expect(within(row(12)).queryByText(reason)).toBeNull();
    view.unmount();

    leagueWorld.leagues = leagueWorld.leagues.map((league) => (league.id === 5 ? { ...league, late_entry_after_result: true } : league));
    await renderBets('league_id=5&user_id=3');
    expect(within(row(11)).getByRole('button', { name: 'Enter late' })).toBeInTheDocument();
    expect(screen.queryByText(reason)).toBeNull();
  });

  it('offers 1, X and 2 in a sign-system league and saves them as 1-0, 0-0 and 0-1', async () => {
    leagueWorld.leagues = leagueWorld.leagues.map((league) => (league.id === 5 ? { ...league, bets_system: 'sign' } : league));
    const { user } = await renderBets();
    const sign = within(row(11)).getByRole('combobox');
    expect([...(sign as HTMLSelectElement).options].map((option) => option.value)).toEqual(['', '1', 'X', '2']);
    await user.selectOptions(sign, 'X');
    await waitFor(() => expect(saves()).toEqual([[1, 0, 0, 0]]));
    await user.selectOptions(sign, '2');
    await waitFor(() => expect(saves()[1]).toEqual([1, 0, 1, 0]));
  });

  it('simulates in mode 1: saves simulated results, shows the projected table and resets after a confirmation', async () => {
    const resets: unknown[] = [];
    server.use(handle('resetBets', ({ body }) => { resets.push(body); return ok({ message: 'Changes saved' }); }));
    const { user } = await renderBets('league_id=5&mode=1&matchday=2');
    expect(screen.getByRole('heading', { level: 1, name: 'Simulation' })).toBeInTheDocument();
    await user.selectOptions(within(row(11)).getAllByRole('combobox')[0], '1');
    await waitFor(() => expect(saves()).toEqual([[1, 1, 0, 1]]));
    expect(await screen.findByTestId('simulation-table')).toBeInTheDocument();
    // The projected table is the one after the matchday on the page, and says which.
    expect(screen.getByRole('heading', { level: 2, name: 'Projected table after matchday 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Reset the simulation' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset the simulation' }));
    await waitFor(() => expect(resets).toEqual([{ league_id: 5 }]));
    // The history forgets the simulated edits the server just cleared: nothing left to undo.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled());
  });
});

describe("the model's chances on the bets page", () => {
  it("names the teams with their chances under each match, and a knockout's chance to go through", async () => {
    server.use(handle('fairOddsIndex', () => ok({ ratings_as_of: '2026-07-19', matches: [
      fairOddsOf(11), fairOddsOf(12, { home: 3_000, draw: 2_500, away: 4_500, through: { home: 4_200, away: 5_800 } }),
    ] })));
    await renderBets();
    expect(await within(row(11)).findByText('Spain 45% · draw 28% · Argentina 27%')).toBeInTheDocument();
    expect(within(row(11)).getByText("The rating model's chances: Spain 45%, draw 28%, Argentina 27%")).toBeInTheDocument();
    expect(within(row(11)).queryByText(/To go through/)).toBeNull();
    expect(within(row(12)).getByText('To go through: Spain 42% · Argentina 58%')).toBeInTheDocument();
    expect(within(row(12)).getByText('Chance to go through, extra time and penalties included: Spain 42%, Argentina 58%')).toBeInTheDocument();
  });
});
