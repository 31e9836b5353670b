import { fakeApi, userByToken } from './fakeApi';
import { fail, handle, ok } from './route';

export const MATCH = {
  id: 10, competition_id: 2, group_id: 1, round_id: 1, matchday: 1, local_team_id: 1, visiting_team_id: 2,
  local_placeholder: null, visiting_placeholder: null, date: '2026-06-20T18:00:00.000Z', status: 'scheduled',
  started: false, finished: false, local_goals: null, visiting_goals: null, local_goals_extra_time: null,
  visiting_goals_extra_time: null, local_penalties: null, visiting_penalties: null,
};

export const resultBet = (id: number, goals: { local_goals: number | null; visiting_goals: number | null }) => ({
  id, match: { ...MATCH, id: MATCH.id + id }, match_id: MATCH.id + id, league_id: 5, user_id: 1, user_name: 'Ana',
  ...goals, local_goals_edit: goals.local_goals, visiting_goals_edit: goals.visiting_goals,
  allow_show_bets: false, allow_edit_bets: true, modified_after_start: false, updated_at: '2026-06-01T12:00:00.000Z',
  result_established: false, points: null, mode: 0,
});

/** Bets live here between calls; `failSaves` makes the next saves fail. */
export const betStore = { bets: new Map<number, ReturnType<typeof resultBet>>(), failSaves: false };

export function seedBets(): void {
  betStore.bets = new Map([[1, resultBet(1, { local_goals: null, visiting_goals: null })], [2, resultBet(2, { local_goals: 1, visiting_goals: 1 })]]);
  betStore.failSaves = false;
}

export const resultBetHandlers = [
  handle('resultBetsIndex', ({ token }) => (userByToken(token) ? ok([...betStore.bets.values()]) : fail(401))),
  handle('updateResultBet', ({ body, token }) => {
    if (!userByToken(token)) return fail(401);
    if (betStore.failSaves) return fail(400, 'The deadline for this bet has passed');
    const bet = betStore.bets.get(body.result_bet_id);
    if (!bet) return fail(404, 'The bet does not exist');
    fakeApi.betSaves.push(body);
    const saved = { ...bet, local_goals: body.local_goals, visiting_goals: body.visiting_goals };
    betStore.bets.set(bet.id, saved);
    return ok(saved);
  }),
];
