import { userByToken } from './fakeApi';
import { betStore } from './resultBets';
import { fail, handle, ok } from './route';

/** The model's chances in the fake world: Spain 45% · draw 28% · Argentina 27% for every match of the stored bets, open. */
export const fairOddsOf = (matchId: number, changes: Record<string, unknown> = {}) => ({
  match_id: matchId, home: 4_500, draw: 2_800, away: 2_700, extra_time: null, through: null, sealed: false,
  deadline: '2026-06-20T17:55:00.000Z', ratings: { local: 2120.5, visiting: 2080.25 }, ...changes,
});

export const fairOddsHandlers = [
  handle('fairOddsIndex', ({ token, query }) => {
    if (!userByToken(token)) return fail(401);
    const wanted = query.get('match_id');
    const matchIds = [...new Set([...betStore.bets.values()].map((bet) => bet.match_id))]
      .filter((id) => wanted === null || Number(wanted) === id);
    return ok({ ratings_as_of: '2026-07-19', matches: matchIds.map((id) => fairOddsOf(id)) });
  }),
];
