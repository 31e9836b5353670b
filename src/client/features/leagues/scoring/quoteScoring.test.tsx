import { screen, waitFor, within } from '@testing-library/react';
import { SCORING_PRESETS } from '../../../../shared/domain/scoring';
import { PLAYER } from '../../../testing/handlers/fakeApi';
import { leagueWorld } from '../../../testing/handlers/leagueWorld';
import { renderApp, signInAs } from '../../../testing/renderWithProviders';

describe('crowd-quote scoring on the client', () => {
  it("the league's points page explains the quote with the league's own numbers", async () => {
    const league = leagueWorld.leagues.find((item) => item.id === 5)!;
    Object.assign(league, { scoring: { ...SCORING_PRESETS.quote, quote_max: 5 } });
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/5/points' });
    expect(await screen.findByRole('heading', { level: 1, name: 'How points work in this league' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Result bets' });
    // The page is shown once everything it reads has arrived (the league's picks and questions too).
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent))
      .toEqual(['Right winner or draw (1, X, 2)2', 'Exact result bonus2']));
    // 2 x 20 / 7 = 5.7, rounded to 6, capped at this league's 5.
    expect(screen.getByTestId('points-mode')).toHaveTextContent(
      'Crowd quote: a right winner or draw earns its 2 points times the bets on the match over those that got it right, rounded half up, '
      + 'at least 2 and at most 5; the exact result adds its points. For example, 7 of 20 said draw: 5 points for each of them.',
    );
  });

  it('the league form offers the crowd quote: its maximum appears, the hits it does not score are off', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/new' });
    expect(await screen.findByRole('heading', { name: 'New league' }, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Competition' })).toHaveTextContent('World Cup 2026'));
    expect(screen.queryByRole('spinbutton', { name: 'Most a right tendency earns' })).toBeNull();
    await user.click(await screen.findByRole('radio', { name: 'Crowd quote: rarer right tendencies earn more' }, { timeout: 5_000 }));
    expect(await screen.findByRole('spinbutton', { name: 'Most a right tendency earns' })).toHaveValue(10);
    expect(screen.getByRole('spinbutton', { name: 'Goal difference' })).toBeDisabled();
    expect(screen.getByRole('spinbutton', { name: 'Winner or draw' })).toBeEnabled();
  });

  it("the league's table says it is scored by crowd quote", async () => {
    const league = leagueWorld.leagues.find((item) => item.id === 5)!;
    Object.assign(league, { scoring: SCORING_PRESETS.quote });
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/5' });
    expect(await screen.findByText(/Scored by crowd quote: a right winner or draw earns more the fewer members bet it/, {}, { timeout: 10_000 }))
      .toBeInTheDocument();
  });
});
