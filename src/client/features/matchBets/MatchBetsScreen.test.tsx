import { screen, within } from '@testing-library/react';
import { PLAYER } from '../../testing/handlers/fakeApi';
import { betStore, resultBet } from '../../testing/handlers/resultBets';
import { renderWithProviders, signInAs } from '../../testing/renderWithProviders';
import MatchBetsScreen from './MatchBetsScreen';

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
});
