import { delay } from 'msw';
import type { Match } from '../../../shared/api/entities';
import { fakeApi, userByToken } from './fakeApi';
import { leagueWorld } from './leagueWorld';
import { fail, handle, ok } from './route';

export const MATCH: Match = {
  id: 10, competition_id: 2, group_id: 1, round_id: 1, matchday: 1, local_team_id: 1, visiting_team_id: 2,
  local_placeholder: null, visiting_placeholder: null, date: '2026-06-20T18:00:00.000Z', status: 'scheduled',
  started: false, finished: false, local_goals: null, visiting_goals: null, local_goals_extra_time: null,
  visiting_goals_extra_time: null, local_penalties: null, visiting_penalties: null,
};

export const resultBet = (id: number, goals: { local_goals: number | null; visiting_goals: number | null }) => ({
  id, match: { ...MATCH, id: MATCH.id + id }, match_id: MATCH.id + id, league_id: 5, user_id: 1, user_name: 'Ana',
  ...goals, local_goals_edit: goals.local_goals, visiting_goals_edit: goals.visiting_goals,
  allow_show_bets: false, allow_edit_bets: true, modified_after_start: false, updated_at: '2026-06-01T12:00:00.000Z',
  result_established: false, points: null, mode: 0, joker: false, late_entry: false, bot: false,
});

/** Bets live here between calls; `failSaves` makes the next saves fail. */
export const betStore = { bets: new Map<number, ReturnType<typeof resultBet>>(), failSaves: false };

export function seedBets(): void {
  betStore.bets = new Map([[1, resultBet(1, { local_goals: null, visiting_goals: null })], [2, resultBet(2, { local_goals: 1, visiting_goals: 1 })]]);
  betStore.failSaves = false;
}

/** The league's latest visible bets (home summary): other members' locked bets with their points. */
const lastBetsOf = (leagueId: number) => [
  { ...resultBet(7, { local_goals: 2, visiting_goals: 1 }), league_id: leagueId, user_id: 103, user_name: 'Bea', allow_show_bets: true, allow_edit_bets: false, result_established: true, points: 5 },
  { ...resultBet(8, { local_goals: 0, visiting_goals: 0 }), league_id: leagueId, user_id: 4, user_name: 'Carlos', allow_show_bets: true, allow_edit_bets: false, result_established: true, points: 0 },
];

export const resultBetHandlers = [
  handle('lastBets', ({ params, token }) => (userByToken(token) ? ok(lastBetsOf(Number(params.id))) : fail(401))),
  handle('resultBetPointsInfo', async ({ token }) => {
    if (!userByToken(token)) return fail(401);
    await delay(30);
    return ok({ max_points: 5, multiplier: 2, legend: [{ description: 'Right winner or draw', points: 2, max_points: 2 }, { description: 'Exact result bonus', points: 1, max_points: 1 }] });
  }),
  handle('resultBetsIndex', ({ token, request }) => {
    fakeApi.requests.push(`GET ${new URL(request.url).pathname}`);
    return userByToken(token) ? ok([...betStore.bets.values()]) : fail(401);
  }),
  handle('updateResultBet', ({ body, token }) => {
    if (!userByToken(token)) return fail(401);
    if (betStore.failSaves) return fail(400, 'The deadline for this bet has passed');
    const bet = betStore.bets.get(body.result_bet_id);
    if (!bet) return fail(404, 'The bet does not exist');
    // A joker rides on a bet: refused on one without goals; clearing the goals releases it.
    if (body.joker && body.local_goals === null) return fail(400, 'A joker can only be played on a match you have bet on');
    fakeApi.betSaves.push(body);
    const joker = body.local_goals === null ? false : body.joker ?? bet.joker;
    const saved = { ...bet, local_goals: body.local_goals, visiting_goals: body.visiting_goals, joker, updated_at: new Date().toISOString() };
    // The bet's league counts the caller's jokers left; the server answers 409 past the count.
    const league = leagueWorld.leagues.find((item) => item.id === bet.league_id);
    if (league && joker !== bet.joker) {
      if (joker && (league.jokers_left ?? 0) <= 0) return fail(409, `You have no jokers left in this league (at most ${league.jokers.count})`);
      league.jokers_left = (league.jokers_left ?? 0) + (joker ? -1 : 1);
    }
    betStore.bets.set(bet.id, saved);
    return ok(saved);
  }),
];
