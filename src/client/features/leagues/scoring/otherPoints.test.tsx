import { screen, waitFor, within } from '@testing-library/react';
import i18n from '../../../lib/i18n/i18n';
import { PLAYER } from '../../../testing/handlers/fakeApi';
import { handleSignedIn, leagueWorld } from '../../../testing/handlers/leagueWorld';
import { ok } from '../../../testing/handlers/route';
import { server } from '../../../testing/server';
import { renderApp, signInAs } from '../../../testing/renderWithProviders';

const rules = [
  { id: 1, competition_id: 2, round_id: 8, picks: 1, points_per_hit: 10 },
  { id: 2, competition_id: 2, round_id: 6, picks: 4, points_per_hit: 0 },
  { id: 3, competition_id: 2, round_id: 10, picks: 2, points_per_hit: 3 },
];

function withQuestion() {
  leagueWorld.questions.push({ id: 50, league_id: 5, text: 'Who scores first?', kind: 'person', points: 5, deadline: '2026-06-11T18:00:00.000Z', choices: null });
}

describe("the league's points page: picks, bonus questions and the extra points column", () => {
  it('explains each source of points the league uses and leaves out those worth 0', async () => {
    server.use(handleSignedIn('leagueLeagueRules', () => ok(rules)));
    withQuestion();
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/5/points' });
    const card = await screen.findByRole('region', { name: 'Picks and bonus questions' });
    expect(card).toHaveTextContent('the table adds them up in its "Extra points" column');
    await waitFor(() => expect(within(card).getByRole('heading', { name: 'Bonus questions' })).toBeInTheDocument());
    expect(within(card).getByRole('heading', { name: 'Who goes how far' })).toBeInTheDocument();
    expect(within(card).getByText('1 pick, 10 points for each hit')).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'Top scorer' })).toBeInTheDocument();
    expect(within(card).getByText('2 picks, 3 points for each hit')).toBeInTheDocument();
    // The semi-final picks are worth nothing here: not mentioned.
    expect(within(card).queryByText(/4 picks/)).not.toBeInTheDocument();
    expect(within(card).getByText('Who scores first?')).toBeInTheDocument();
    expect(within(card).getByText('5 points for the right answer')).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    server.use(handleSignedIn('leagueLeagueRules', () => ok(rules)));
    withQuestion();
    await i18n.changeLanguage('es');
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/5/points' });
    const card = await screen.findByRole('region', { name: 'Pronósticos y preguntas extra' });
    expect(card).toHaveTextContent('la clasificación lo suma en la columna «Puntos extra»');
    expect(await within(card).findByText('5 puntos por acertar')).toBeInTheDocument();
    expect(within(card).getByText('2 pronósticos, 3 puntos por acierto')).toBeInTheDocument();
  });

  it('shows no such section for a league without picks or bonus questions', async () => {
    const league = leagueWorld.leagues.find((item) => item.id === 5)!;
    Object.assign(league, { round_bets_enabled: false, person_bets_enabled: false });
    server.use(handleSignedIn('leagueLeagueRules', () => ok(rules)));
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/5/points' });
    expect(await screen.findByRole('heading', { level: 1, name: 'How points work in this league' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Tie-breaks' });
    expect(screen.queryByRole('region', { name: 'Picks and bonus questions' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Extra points/)).not.toBeInTheDocument();
  });
});
