import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import i18n from '../../lib/i18n/i18n';
import { setupStore } from '../../app/store';
import { notificationAdded } from '../../lib/notifications/notificationsSlice';
import { fakeApi } from '../../testing/handlers/fakeApi';
import { betStore, resultBet } from '../../testing/handlers/resultBets';
import { handlePublic, leagueWorld } from '../../testing/handlers/leagueWorld';
import { handle, ok } from '../../testing/handlers/route';
import { server } from '../../testing/server';
import { ProcessSnackbar } from '../../app/shell/ProcessSnackbar';
import { renderBets } from './testing/renderBetsScreen';

const MINUTE = 60_000;
const saves = () => fakeApi.betSaves.map(({ result_bet_id, local_goals, visiting_goals, joker }) => [result_bet_id, local_goals, visiting_goals, joker]);
const row = (matchId: number) => screen.getByTestId(`bet-row-${matchId}`);

/** Bet 1 on matchday 1 whose deadline passed 3 minutes ago (kickoff in 2 minutes), bet 2 open on matchday 2. */
function closedThenOpen() {
  const closed = resultBet(1, { local_goals: null, visiting_goals: null });
  const open = resultBet(2, { local_goals: null, visiting_goals: null });
  const kickoff = Date.now() + 2 * MINUTE;
  betStore.bets.set(1, { ...closed, allow_edit_bets: false, allow_show_bets: true, match: { ...closed.match, matchday: 1, date: new Date(kickoff).toISOString() } });
  betStore.bets.set(2, { ...open, match: { ...open.match, matchday: 2, date: new Date(Date.now() + 3 * 86_400_000).toISOString() } });
  server.use(
    handlePublic('matchInfo', () => ok({ lastPlayedMatchday: 1, nextMatchday: 1, matchdays: [1, 2, 3], matchdayRounds: [1, 2, 3].map((matchday) => ({ matchday, round_id: 1 })) })),
    handle('resultBetsIndex', ({ query }) => ok([...betStore.bets.values()].filter((bet) => bet.match.matchday === Number(query.get('matchday'))))),
  );
  return kickoff - 5 * MINUTE;
}

const pad = (value: number) => String(value).padStart(2, '0');

describe('the first bet', () => {
  it('opens on the earliest matchday that still takes bets, past one whose deadline has passed', async () => {
    closedThenOpen();
    await renderBets();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Matchday' })).toHaveValue('2'));
    expect(await screen.findByTestId('bet-row-12')).toBeInTheDocument();
  });

  it('never opens before the league\'s first matchday', async () => {
    closedThenOpen();
    leagueWorld.leagues = leagueWorld.leagues.map((league) => (league.id === 5 ? { ...league, start_matchday: 2 } : league));
    server.use(handlePublic('matchInfo', () => ok({ lastPlayedMatchday: 1, nextMatchday: 1, matchdays: [1, 2, 3], matchdayRounds: [1, 2, 3].map((matchday) => ({ matchday, round_id: 1 })) })));
    await renderBets();
    expect(screen.getByRole('combobox', { name: 'Matchday' })).toHaveValue('2');
  });

  it.each([
    ['en', (at: Date) => `Closed on ${at.getDate()} ${at.toLocaleString('en-GB', { month: 'short' })}, ${pad(at.getHours())}:${pad(at.getMinutes())}`],
    ['es', (at: Date) => `Cerrado el ${pad(at.getDate())}/${pad(at.getMonth() + 1)}, ${pad(at.getHours())}:${pad(at.getMinutes())}`],
  ])('reads a passed deadline as closed, with its date and time (%s), instead of a lone "-"', async (language, expected) => {
    const deadline = closedThenOpen();
    await i18n.changeLanguage(language);
    await renderBets('league_id=5&matchday=1');
    const note = within(row(11)).getByTestId('bet-closed');
    expect(note).toHaveTextContent(expected(new Date(deadline)));
    expect(within(row(11)).queryByText('-')).toBeNull();
    expect(within(row(11)).getByText(language === 'es' ? 'Sin apuesta' : 'No bet')).toBeInTheDocument();
  });

  it('names the teams in the accessible names of the bet controls, never ids', async () => {
    await renderBets();
    expect(await within(row(11)).findByRole('combobox', { name: 'Home goals, Spain v Argentina' })).toBeInTheDocument();
    expect(within(row(11)).getByRole('combobox', { name: 'Away goals, Spain v Argentina' })).toBeInTheDocument();
    expect(screen.queryAllByRole('combobox', { name: /\d+-\d+/ })).toHaveLength(0);
  });

  it('says "Bet saved" once the bet is stored, after a spinner while it saves', async () => {
    const { user, store } = await renderBets();
    const entries = () => store.getState().notifications.map((item) => [item.status, item.message]);
    await user.selectOptions(within(row(11)).getAllByRole('combobox')[0], '2');
    await waitFor(() => expect(entries()).toEqual([['ok', 'Bet saved']]));
    expect(saves()).toEqual([[1, 2, 0, undefined]]);
  });

  it.each([['en', '2 bets saved'], ['es', '2 apuestas guardadas']])('counts two saves in words (%s), never with the joker\'s "×"', async (language, text) => {
    await i18n.changeLanguage(language);
    const { user, store } = await renderBets();
    render(<Provider store={store}><ProcessSnackbar /></Provider>);
    await user.selectOptions(within(row(11)).getAllByRole('combobox')[0], '2');
    await user.selectOptions(within(row(12)).getAllByRole('combobox')[0], '3');
    await waitFor(() => expect(screen.getByTestId('notification')).toHaveTextContent(text));
    expect(screen.getByTestId('snackbar')).not.toHaveTextContent('×');
  });

  it('says how many times an entry without a counted text came up', () => {
    const store = setupStore();
    for (const id of ['a', 'b']) store.dispatch(notificationAdded({ id, status: 'error', message: 'Network down' }));
    render(<Provider store={store}><ProcessSnackbar /></Provider>);
    expect(screen.getByTestId('notification')).toHaveTextContent('Network down (2 times)');
  });

  it('shows a running process with a spinner only, and a finished one with its done text', () => {
    const store = setupStore();
    store.dispatch(notificationAdded({ id: 'save', status: null, message: 'Saving the bet' }));
    const view = render(<Provider store={store}><ProcessSnackbar /></Provider>);
    const entry = screen.getByTestId('notification');
    expect(within(entry).getByRole('progressbar')).toBeInTheDocument();
    expect(within(entry).queryByTitle('ok')).toBeNull();
    store.dispatch(notificationAdded({ id: 'save', status: 'ok', message: 'Bet saved' }));
    view.rerender(<Provider store={store}><ProcessSnackbar /></Provider>);
    expect(screen.getByTestId('notification')).toHaveTextContent('Bet saved');
    expect(within(screen.getByTestId('notification')).queryByRole('progressbar')).toBeNull();
  });

  describe('jokers', () => {
    beforeEach(() => {
      const league = leagueWorld.leagues.find((item) => item.id === 5)!;
      Object.assign(league, { jokers: { count: 3, multiplier: 2 }, jokers_left: 3 });
    });

    it('can only be played on a match with a bet, and the counter reads naturally', async () => {
      await renderBets();
      expect(await screen.findByTestId('jokers-left')).toHaveTextContent('3 of 3 jokers left (×2)');
      // Bet 1 (match 11) is empty: no joker on it, and the control says why.
      const empty = screen.getByTestId('joker-11');
      expect(empty).toBeDisabled();
      expect(empty.parentElement).toHaveAttribute('aria-label', 'Bet on this match first to play a joker on it');
      expect(screen.getByTestId('joker-12')).toBeEnabled();
      expect(screen.getByTestId('joker-12')).toHaveAccessibleName('Play a joker on Spain v Argentina (×2)');
    });

    it('plays a joker, undoes it with Ctrl+Z and redoes it with Ctrl+Y', async () => {
      const { user } = await renderBets();
      await user.click(await screen.findByTestId('joker-12'));
      await waitFor(() => expect(saves()).toEqual([[2, 1, 1, true]]));
      await waitFor(() => expect(screen.getByTestId('jokers-left')).toHaveTextContent('2 of 3 jokers left (×2)'));
      expect(screen.getByTestId('joker-12')).toHaveAttribute('aria-pressed', 'true');

      fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
      await waitFor(() => expect(saves()).toHaveLength(2));
      expect(saves()[1]).toEqual([2, 1, 1, false]);
      expect(screen.getByTestId('joker-12')).toHaveAttribute('aria-pressed', 'false');
      await waitFor(() => expect(screen.getByTestId('jokers-left')).toHaveTextContent('3 of 3 jokers left (×2)'));

      fireEvent.keyDown(window, { key: 'y', ctrlKey: true });
      await waitFor(() => expect(saves()).toHaveLength(3));
      expect(saves()[2]).toEqual([2, 1, 1, true]);
      expect(screen.getByTestId('joker-12')).toHaveAttribute('aria-pressed', 'true');
    });

    it('is released when its bet is cleared, says so, and comes back with an undo', async () => {
      betStore.bets.set(2, { ...betStore.bets.get(2)!, joker: true });
      Object.assign(leagueWorld.leagues.find((item) => item.id === 5)!, { jokers_left: 2 });
      const { user, store } = await renderBets();
      expect(await screen.findByTestId('joker-12')).toHaveAttribute('aria-pressed', 'true');
      await user.selectOptions(within(row(12)).getAllByRole('combobox')[0], '');
      await waitFor(() => expect(saves()).toEqual([[2, null, null, false]]));
      expect(store.getState().notifications.map((item) => item.message))
        .toContain('Joker taken off Spain v Argentina with the bet: it is back among your jokers');
      await waitFor(() => expect(screen.getByTestId('jokers-left')).toHaveTextContent('3 of 3 jokers left (×2)'));

      await user.click(screen.getByRole('button', { name: 'Undo' }));
      await waitFor(() => expect(saves()).toHaveLength(2));
      expect(saves()[1]).toEqual([2, 1, 1, true]);
      await waitFor(() => expect(screen.getByTestId('jokers-left')).toHaveTextContent('2 of 3 jokers left (×2)'));
    });
  });

  it('reads the jokers left in Spanish', async () => {
    Object.assign(leagueWorld.leagues.find((item) => item.id === 5)!, { jokers: { count: 3, multiplier: 2 }, jokers_left: 1 });
    await i18n.changeLanguage('es');
    await renderBets();
    expect(await screen.findByTestId('jokers-left')).toHaveTextContent('Comodines disponibles: 1 de 3 (×2)');
  });
});
