import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SCORING_PRESETS } from '../../../../shared/domain/scoring';
import { fakeApi, PLAYER } from '../../../testing/handlers/fakeApi';
import { leagueWorld } from '../../../testing/handlers/leagueWorld';
import { handle, ok } from '../../../testing/handlers/route';
import { server } from '../../../testing/server';
import { renderApp, renderWithProviders, signInAs } from '../../../testing/renderWithProviders';
import BetsScreen from '../../bets/BetsScreen';

const settled = () => waitFor(() => expect(screen.getByRole('main')).toBeVisible());
const example = () => screen.getByTestId('scoring-example');

describe('league form: scoring, weights and deadlines', () => {
  it('switches presets, edits custom points with a live example, and saves round weights, jokers and deadlines', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/new' });
    expect(await screen.findByRole('heading', { name: 'New league' }, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Competition' })).toHaveTextContent('World Cup 2026'));
    await settled();
    // Classic: bet 2-1 on 3-1 gets the winner (2) and the away goals (1).
    expect(example()).toHaveTextContent('Bet 2-1, result 3-1: 3 points');
    await user.click(await screen.findByRole('combobox', { name: 'Scoring' }));
    await user.click(await screen.findByRole('option', { name: 'Preset kicktipp' }));
    await waitFor(() => expect(example()).toHaveTextContent('Bet 2-1, result 3-1: 2 points'));
    expect(example()).toHaveTextContent('at most 4 points a match');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Winner or draw' }), { target: { value: '1' } });
    await waitFor(() => expect(example()).toHaveTextContent('Bet 2-1, result 3-1: 1 point'));
    expect(screen.getByRole('combobox', { name: 'Scoring' })).toHaveTextContent('Custom');

    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Weighted' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Final' }), { target: { value: '2' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Jokers per member' }), { target: { value: '3' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Minutes before kickoff' }), { target: { value: '60' } });
    await user.click(screen.getByRole('radio', { name: 'The score after extra time plus a goal to the shoot-out winner' }));
    await user.click(screen.getByRole('button', { name: 'Create league' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Weighted is ready' })).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Weighted' })).toBeInTheDocument();
    expect(leagueWorld.leagues.find((league) => league.name === 'Weighted')).toMatchObject({
      scoring: { ...SCORING_PRESETS.kicktipp, tendency: 1 }, round_multipliers: [{ round_id: 7, factor: 2 }],
      jokers: { count: 3, multiplier: 2 }, bet_deadline_minutes: 60, lock_by: 'match', knockout_basis: 'penalties',
    });
  });
});

describe("the league's points page", () => {
  it('explains the league’s own rules: hits, mode, example, weights, jokers, the deadline and the tie-breaks', async () => {
    const league = leagueWorld.leagues.find((item) => item.id === 5)!;
    Object.assign(league, {
      scoring: SCORING_PRESETS.kicktipp, round_multipliers: [{ round_id: 7, factor: 2 }], jokers: { count: 2, multiplier: 3 },
      bet_deadline_minutes: 30, lock_by: 'matchday', knockout_basis: 'penalties', tie_breaks: ['exact_hits', 'matchday_wins'],
    });
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/5/points' });
    expect(await screen.findByRole('heading', { level: 1, name: 'How points work in this league' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Picks and bonus questions' });
    await settled();
    const rows = within(await screen.findByRole('table', { name: 'Result bets' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Right winner or draw (1, X, 2)2', 'Right goal difference (not a draw)3', 'Exact result bonus4']);
    expect(screen.getByText(/Only the best of winner, goal difference and exact result counts/)).toBeInTheDocument();
    expect(screen.getByTestId('points-example')).toHaveTextContent('Bet 2-1, result 3-1: 2 points');
    expect(screen.getByText('Final: points ×2')).toBeInTheDocument();
    expect(screen.getByText("2 jokers per member: a joker bet's points ×3.")).toBeInTheDocument();
    expect(screen.getByText('Bets close 30 minutes before the first kickoff of the matchday.')).toBeInTheDocument();
    const ties = screen.getByRole('list', { name: 'Tie-breaks' });
    expect(within(ties).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Exact results', 'Matchday wins']);
  });
});

describe('bets page joker toggle', () => {
  it('shows the jokers left, flags a bet, and shows the refusal past the count', async () => {
    const league = leagueWorld.leagues.find((item) => item.id === 5)!;
    Object.assign(league, { jokers: { count: 1, multiplier: 2 }, jokers_left: 1 });
    await signInAs(PLAYER);
    server.use(handle('roundBetsIndex', () => ok([])), handle('personBetsIndex', () => ok([])), handle('peopleOfCompetition', () => ok([])));
    const { user } = renderWithProviders(<BetsScreen />, { route: '/result_bets/new?league_id=5', path: '/result_bets/new' });
    await screen.findAllByTestId(/^bet-row-/);
    expect(await screen.findByTestId('jokers-left')).toHaveTextContent('1 of 1 joker left (×2)');
    const first = screen.getByTestId('joker-11');
    expect(first).toHaveAttribute('aria-pressed', 'false');
    // A joker rides on a bet: bet first.
    await user.selectOptions(within(screen.getByTestId('bet-row-11')).getAllByRole('combobox')[0], '2');
    await waitFor(() => expect(screen.getByTestId('joker-11')).toBeEnabled());
    await user.click(first);
    await waitFor(() => expect(screen.getByTestId('joker-11')).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(screen.getByTestId('jokers-left')).toHaveTextContent('0 of 1 joker left (×2)'));
    expect(fakeApi.betSaves.at(-1)).toMatchObject({ result_bet_id: 1, joker: true });
    // None left: the other bet's toggle is off.
    expect(screen.getByTestId('joker-12')).toBeDisabled();
  });
});
