import { screen, within } from '@testing-library/react';
import i18n from '../../lib/i18n/i18n';
import { PLAYER } from '../../testing/handlers/fakeApi';
import { handlePublic } from '../../testing/handlers/leagueWorld';
import { match } from '../../testing/handlers/matches';
import { handle, ok } from '../../testing/handlers/route';
import { resultBet } from '../../testing/handlers/resultBets';
import { server } from '../../testing/server';
import { renderWithProviders, signInAs } from '../../testing/renderWithProviders';
import BetsSummaryScreen from './BetsSummaryScreen';

const PLAYED = match(31, { status: 'finished', started: true, finished: true, local_goals: 2, visiting_goals: 1 });
const OPEN = match(33, { date: '2030-06-21T18:00:00.000Z' });
const LATER = match(34, { date: '2030-06-22T18:00:00.000Z' });
const ANA = PLAYER.id;
const BEA = 3;
const CARLOS = 4;

/** A bet as the server sends it to Ana: hers always with its goals; the others' goals only once the match's bets are shown. */
function betOn(id: number, on: typeof PLAYED, user: [number, string], goals: [number | null, number | null], points: number | null = null) {
  const shown = on.id === PLAYED.id;
  return { ...resultBet(id, { local_goals: goals[0], visiting_goals: goals[1] }), match: on, match_id: on.id, user_id: user[0], user_name: user[1],
    allow_show_bets: shown, allow_edit_bets: !shown && user[0] === ANA, points, result_established: shown };
}

/** Matchday 1 of the league: match 31 played (bets shown), match 33 still open (only Ana's own bet is sent with goals). */
async function renderSummary() {
  const bets = [
    betOn(1, PLAYED, [ANA, 'Ana'], [2, 1], 5), betOn(2, PLAYED, [BEA, 'Bea'], [1, 0], 0), betOn(3, PLAYED, [CARLOS, 'Carlos'], [null, null]),
    { ...betOn(4, OPEN, [ANA, 'Ana'], [1, 1]), joker: true }, betOn(5, OPEN, [BEA, 'Bea'], [null, null]), betOn(6, OPEN, [CARLOS, 'Carlos'], [null, null]),
    betOn(7, LATER, [ANA, 'Ana'], [null, null]), betOn(8, LATER, [BEA, 'Bea'], [null, null]),
  ];
  server.use(
    handlePublic('matchesIndex', () => ok([{ ...PLAYED, matchday: 1 }, { ...OPEN, matchday: 1 }, { ...LATER, matchday: 1 }])),
    handle('resultBetsIndex', ({ query }) => ok(bets.filter((bet) => bet.match_id === Number(query.get('match_id'))))),
  );
  await signInAs(PLAYER);
  const view = renderWithProviders(<BetsSummaryScreen />, { route: '/leagues/5/summary?matchday=1', path: '/leagues/:leagueId/summary' });
  await screen.findByTestId(`summary-row-${ANA}`);
  return view;
}

const cell = (userId: number, matchId: number) => screen.getByTestId(`summary-cell-${userId}-${matchId}`);

describe('bets summary before the deadline', () => {
  it.each([
    ['en', 'Hidden until the deadline', 'No bet', 'Before the deadline you see your own bets', 'Joker', 'No bet yet'],
    ['es', 'Oculta hasta el cierre', 'Sin apuesta', 'Antes del cierre ves tus apuestas', 'Comodín', 'Aún sin apuesta'],
  ])("shows the viewer's own bets and tells hidden bets apart from missing ones (%s)", async (language, hidden, none, note, joker, noneYet) => {
    await i18n.changeLanguage(language);
    await renderSummary();
    expect(screen.getByRole('alert')).toHaveTextContent(note);
    // Ana's own bet on the open match is hers to see; the others' are hidden, not "no bet".
    expect(cell(ANA, OPEN.id)).toHaveTextContent('1-1');
    expect(within(cell(ANA, OPEN.id)).getByTitle(joker)).toBeInTheDocument();
    expect(cell(ANA, LATER.id)).toHaveTextContent(noneYet);
    expect(within(cell(BEA, OPEN.id)).getByLabelText(hidden)).toBeInTheDocument();
    expect(within(cell(CARLOS, OPEN.id)).getByLabelText(hidden)).toBeInTheDocument();
    expect(cell(CARLOS, OPEN.id)).not.toHaveTextContent(none);
    // Once shown, a member without a bet reads "no bet", and the shown bets carry their points.
    expect(cell(CARLOS, PLAYED.id)).toHaveTextContent(none);
    expect(cell(BEA, PLAYED.id)).toHaveTextContent('1-0');
    expect(screen.getByTestId(`summary-points-${ANA}`)).toHaveTextContent('5');
  });

  it('keeps the members and their points in view while the matches scroll on a phone', async () => {
    await renderSummary();
    expect(getComputedStyle(screen.getByTestId(`summary-points-${ANA}`)).position).toBe('sticky');
    expect(getComputedStyle(within(screen.getByTestId(`summary-row-${ANA}`)).getByRole('rowheader')).position).toBe('sticky');
  });

  it('counts only shown bets by result, and says the open match is hidden', async () => {
    const { user } = await renderSummary();
    await user.click(screen.getByRole('tab', { name: 'By result' }));
    expect(screen.getByLabelText('2-1: 1 members')).toBeInTheDocument();
    expect(screen.getAllByText('Hidden until the deadline')).toHaveLength(2);
    // Ana's own 1-1 on the open match would tell the others nothing, but a count of one is not a split of the league.
    expect(screen.queryByLabelText(/^1-1:/)).toBeNull();
  });
});
