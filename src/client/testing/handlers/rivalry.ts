import { BEA, CARLOS, handleSignedIn, leagueWorld, userName } from './leagueWorld';
import { fail, ok } from './route';

/** Nudges and the head-to-head competition, answering from leagueWorld's leagues like the server would. */

function fresh() {
  return {
    /** League id -> members missing bets of the next deadline (user id -> matches missing), and who was nudged. */
    missing: new Map<number, Map<number, number>>([[5, new Map([[BEA, 2], [CARLOS, 1]])]]),
    nudged: new Set<string>(),
    nudges: 0,
    /** How a nudge reaches each member (the server reads push devices and reminder-email settings); in Porra always. */
    reach: new Map<number, ('push' | 'email' | 'in_app')[]>([[BEA, ['push', 'email', 'in_app']], [CARLOS, ['in_app']]]),
    /** Matchday 2 is over: Ana beat Carlos 9-4. */
    matchdayTwoOver: false,
  };
}

export let rivalryWorld = fresh();
export function resetRivalryWorld(): void {
  rivalryWorld = fresh();
}

const DEADLINE = '2026-06-14T17:55:00.000Z';

function missingOf(leagueId: number) {
  const members = [...(rivalryWorld.missing.get(leagueId) ?? new Map<number, number>())].map(([userId, missing]) => ({
    user_id: userId, user_name: userName(userId), missing, nudged: rivalryWorld.nudged.has(`${leagueId}:${userId}`),
    reach: rivalryWorld.reach.get(userId) ?? ['in_app' as const],
  }));
  return { deadline: DEADLINE, matchday: 2, members };
}

/** Matchday 1 is over (Ana beat Bea 5-2); on matchday 2 Ana plays Carlos and Bea has the bye. */
const headToHead = () => ({
  current_matchday: 2,
  schedule: [
    { matchday: 1, bye_user_id: CARLOS, duels: [{ user_ids: [1, BEA], points: [5, 2], winner_user_id: 1, decided: true }] },
    { matchday: 2, bye_user_id: BEA, duels: [rivalryWorld.matchdayTwoOver
      ? { user_ids: [1, CARLOS], points: [9, 4], winner_user_id: 1, decided: true }
      : { user_ids: [1, CARLOS], points: [0, 0], winner_user_id: null, decided: false }] },
  ],
  table: [
    { user_id: 1, user_name: 'Ana', played: 1, won: 1, drawn: 0, lost: 0, points: 3, points_for: 5, position: 1 },
    { user_id: BEA, user_name: 'Bea', played: 1, won: 0, drawn: 0, lost: 1, points: 0, points_for: 2, position: 2 },
    { user_id: CARLOS, user_name: 'Carlos', played: 0, won: 0, drawn: 0, lost: 0, points: 0, points_for: 0, position: 2 },
  ],
});

const findLeague = (id: string) => leagueWorld.leagues.find((league) => league.id === Number(id));

export const rivalryHandlers = [
  handleSignedIn('leagueMissingBets', ({ params }, user) => {
    const league = findLeague(params.id);
    if (!league) return fail(404, 'The league was not found');
    if (league.owner_id !== user.id) return fail(403, 'You do not have permission to do that');
    return ok(missingOf(league.id));
  }),
  handleSignedIn('leagueNudge', ({ params }, user) => {
    const league = findLeague(params.id);
    if (!league) return fail(404, 'The league was not found');
    if (league.owner_id !== user.id) return fail(403, 'You do not have permission to do that');
    const waiting = missingOf(league.id).members.filter((m) => !m.nudged && m.user_id !== user.id);
    if (waiting.length === 0) return fail(409, 'Everyone still missing bets for this deadline has already been nudged');
    for (const m of waiting) rivalryWorld.nudged.add(`${league.id}:${m.user_id}`);
    rivalryWorld.nudges += 1;
    const reached = (m: (typeof waiting)[number]) => (m.reach.length === 1
      ? `${m.user_name} (in Porra only: no push device, no reminder emails)`
      : `${m.user_name} (${m.reach.map((channel) => ({ push: 'push', email: 'email', in_app: 'in Porra' })[channel]).join(', ')})`);
    return ok({ message: `Nudge sent: ${waiting.map(reached).join('; ')}`, nudged_user_ids: waiting.map((m) => m.user_id), missing: missingOf(league.id) });
  }),
  handleSignedIn('leagueHeadToHead', ({ params }) => {
    const league = findLeague(params.id);
    if (!league) return fail(404, 'The league was not found');
    if (!league.head_to_head) return fail(409, 'This league has no head-to-head competition');
    return ok(headToHead());
  }),
];
