import { act, screen, waitFor } from '@testing-library/react';
import i18n from '../../lib/i18n/i18n';
import { PLAYER } from '../../testing/handlers/fakeApi';
import { fail, handle, ok } from '../../testing/handlers/route';
import { renderWithProviders, signInAs } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { CrowdSplitBar, splitPercentages } from './CrowdSplitBar';

const answer = (quote: { home: number; draw: number; away: number } | null) => handle('resultBetDistribution', ({ params }) => ok({
  league_id: Number(params.league_id), match_id: Number(params.match_id), bets: 20, home: 10, draw: 7, away: 3,
  scores: [{ local_goals: 1, visiting_goals: 0, count: 6 }], quote,
}));

describe('what the league bet on a match', () => {
  afterEach(async () => { await act(() => i18n.changeLanguage('en')); });

  it('shows the split as a bar with its numbers in words, and the quote a right tendency earns', async () => {
    const asked: string[] = [];
    server.use(handle('resultBetDistribution', (call) => {
      asked.push(`${call.params.league_id}/${call.params.match_id}`);
      return ok({ league_id: 5, match_id: 11, bets: 20, home: 10, draw: 7, away: 3, scores: [], quote: { home: 4, draw: 6, away: 10 } });
    }));
    await signInAs(PLAYER);
    renderWithProviders(<CrowdSplitBar leagueId={5} matchId={11} />);
    expect(await screen.findByRole('img', { name: 'How the league bet (20 bets): home win 50%, draw 35%, away win 15%' })).toBeInTheDocument();
    expect(screen.getByText('1 50% · X 35% · 2 15%')).toBeInTheDocument();
    expect(screen.getByText('A right tendency earns: 1 → 4 · X → 6 · 2 → 10 points')).toBeInTheDocument();
    expect(asked).toEqual(['5/11']);
  });

  it('speaks Spanish, and says nothing of a quote outside crowd-quote leagues', async () => {
    await i18n.changeLanguage('es');
    server.use(answer(null));
    await signInAs(PLAYER);
    renderWithProviders(<CrowdSplitBar leagueId={5} matchId={11} />);
    expect(await screen.findByRole('img', { name: 'Lo que apostó la liga (20 apuestas): victoria local 50 %, empate 35 %, victoria visitante 15 %' }))
      .toBeInTheDocument();
    expect(screen.queryByText(/Acertar la tendencia vale/)).toBeNull();
  });

  it('shows nothing while the bets are hidden (the server refuses)', async () => {
    let asked = 0;
    server.use(handle('resultBetDistribution', () => { asked += 1; return fail(403, 'hidden'); }));
    await signInAs(PLAYER);
    const { container } = renderWithProviders(<CrowdSplitBar leagueId={5} matchId={11} />);
    await waitFor(() => expect(asked).toBe(1));
    expect(container.querySelector('[data-testid="crowd-split-11"]')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('percentages are whole and add up to 100', () => {
    expect(splitPercentages({ home: 1, draw: 1, away: 1 })).toEqual({ home: 34, draw: 33, away: 33 });
    expect(splitPercentages({ home: 0, draw: 0, away: 0 })).toEqual({ home: 0, draw: 0, away: 0 });
    expect(splitPercentages({ home: 2, draw: 0, away: 1 })).toEqual({ home: 67, draw: 0, away: 33 });
  });
});

describe("the league's split beside the model's", () => {
  it('labels both bars and says the model is the one at the deadline', async () => {
    server.use(answer(null));
    await signInAs(PLAYER);
    renderWithProviders(<CrowdSplitBar leagueId={5} matchId={11} model={{ home: 6_200, draw: 2_300, away: 1_500 }} />);
    expect(await screen.findByRole('img', { name: 'How the league bet (20 bets): home win 50%, draw 35%, away win 15%' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The rating model at the deadline: home win 62%, draw 23%, away win 15%' })).toBeInTheDocument();
    expect(screen.getByTestId('model-split-11')).toHaveTextContent('Model 1 62% · X 23% · 2 15%');
    expect(screen.getByTestId('crowd-split-11')).toHaveTextContent('League 1 50% · X 35% · 2 15%');
  });
});
