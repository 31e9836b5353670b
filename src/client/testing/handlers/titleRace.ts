import { handleSignedIn, leagueWorld, memberIds, userName } from './leagueWorld';
import { fail, ok } from './route';

/**
 * The race like the server's bounds: every member can still gain RACE_GAP points, so those more than that behind the
 * leader are out; the chance is split evenly among those still in.
 */
const RACE_GAP = 6;

export const titleRaceHandlers = [
  handleSignedIn('titleRace', ({ params }, user) => {
    const leagueId = Number(params.id);
    if (!memberIds(leagueId).includes(user.id)) return fail(404, 'The league was not found');
    const members = [...leagueWorld.members.get(leagueId)!].sort((a, b) => b.points - a.points || a.user_id - b.user_id);
    const leader = members[0]?.points ?? 0;
    const rows = members.map((m) => ({ user_id: m.user_id, user_name: userName(m.user_id), points: m.points, max_points: m.points + RACE_GAP }));
    const inRace = rows.filter((m) => m.max_points >= leader).length;
    return ok({
      members: rows.map((m, i) => ({
        ...m, can_win: m.max_points >= leader, clinched: rows.every((o, j) => j === i || m.points > o.max_points),
        chance: m.max_points >= leader ? 1 / inRace : 0,
      })),
      chance_current: true, simulations: 10_000, matches_left: 3, model: { home_goals: 1.52, away_goals: 1.14, finished_matches: 40, rated_matches: 2, open_matches: 2 },
    });
  }),
];
