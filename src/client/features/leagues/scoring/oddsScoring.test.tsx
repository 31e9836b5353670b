import { act, screen, waitFor, within } from '@testing-library/react';
import { SCORING_PRESETS } from '../../../../shared/domain/scoring';
import i18n from '../../../lib/i18n/i18n';
import { PLAYER } from '../../../testing/handlers/fakeApi';
import { leagueWorld } from '../../../testing/handlers/leagueWorld';
import { renderApp, signInAs } from '../../../testing/renderWithProviders';

describe('odds scoring on the client', () => {
  it("the league's points page explains the odds with the league's own numbers, in English and Spanish", async () => {
    const league = leagueWorld.leagues.find((item) => item.id === 5)!;
    Object.assign(league, { scoring: { ...SCORING_PRESETS.odds, quote_max: 3 } });
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/5/points' });
    const table = await screen.findByRole('table', { name: 'Result bets' }, { timeout: 10_000 });
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent))
      .toEqual(['Right winner or draw (1, X, 2)1', 'Right goal difference (not a draw)1', 'Exact result bonus2']));
    // 1 / 0.23 = 4.3, rounded to 4, capped at this league's 3.
    expect(screen.getByTestId('points-mode')).toHaveTextContent(
      "Fair odds: a right winner or draw earns its 1 points divided by the rating model's chance of it, fixed at the match's deadline and "
      + "written into the league's log, rounded half up, at least 1 and at most 3; goal difference and the exact result add their points. "
      + 'For example, a draw the model gave 23%: 3 points.',
    );
    await act(() => i18n.changeLanguage('es'));
    try {
      expect(await screen.findByText(/^Cuotas justas: acertar el ganador o el empate vale sus 1 puntos divididos/)).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('the league form offers the odds: the ceiling appears, goal difference and exact count, the sides\' goals are off', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/new' });
    expect(await screen.findByRole('heading', { name: 'New league' }, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: 'Fair odds: less likely right tendencies earn more' }, { timeout: 5_000 }));
    expect(await screen.findByRole('spinbutton', { name: 'Most a right tendency earns' })).toHaveValue(10);
    expect(screen.getByRole('spinbutton', { name: 'Goal difference' })).toBeEnabled();
    expect(screen.getByRole('spinbutton', { name: 'Exact result' })).toBeEnabled();
    expect(screen.getByRole('spinbutton', { name: 'Home goals' })).toBeDisabled();
    expect(screen.getByText(/divided by the rating model's chance of that outcome, fixed at the deadline/)).toBeInTheDocument();
  });

  it("the league's table says it is scored by fair odds", async () => {
    const league = leagueWorld.leagues.find((item) => item.id === 5)!;
    Object.assign(league, { scoring: SCORING_PRESETS.odds });
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/5' });
    expect(await screen.findByText(/Scored by fair odds: a right winner or draw earns more the less likely the rating model thought it/, {}, { timeout: 10_000 }))
      .toBeInTheDocument();
  });
});
