import type { Static } from 'typebox';
import type { HeadToHead } from '../../../shared/api/routes/headToHead';
import { duelResult, headToHeadSchedule, headToHeadTable } from '../../../shared/domain/headToHead';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { conflict } from '../../platform/errors/errors';
import { requireLeagueAccess } from '../../domain/leagues/leagueAccess';
import { leagueMatchdays, leaguePlayers, matchdayPoints } from './headToHeadRepository';

/**
 * The league's head-to-head competition, derived on every read (nothing stored): the schedule follows from the
 * members' joining times and the matchdays' first kickoffs (a member plays from the first matchday not started when
 * they joined), the duels from the stored matchday points, decided once every match of the matchday is finished and
 * counted in those points: until the result job has applied the last result, a duel would be decided on the points
 * before it.
 */
export async function headToHead(deps: AppDeps, user: AuthUser, leagueId: number): Promise<Static<typeof HeadToHead>> {
  await requireLeagueAccess(deps.db, leagueId, user);
  const league = await deps.db.selectFrom('leagues').select('head_to_head').where('id', '=', leagueId).executeTakeFirstOrThrow();
  if (league.head_to_head !== 1) throw conflict('errors.head_to_head_off');
  const [matchdays, players, points] = await Promise.all([
    leagueMatchdays(deps.db, leagueId), leaguePlayers(deps.db, leagueId), matchdayPoints(deps.db, leagueId),
  ]);
  const scheduled = players.flatMap((p) => {
    const first = matchdays.find((md) => md.first_kickoff > p.joined_at);
    return first ? [{ user_id: p.user_id, from_matchday: first.matchday }] : [];
  });
  const counted = new Map(matchdays.map((md) => [md.matchday, md.finished && md.counted]));
  // Matchdays before anybody plays (a league made mid-competition) are not part of it.
  const schedule = headToHeadSchedule(scheduled, matchdays.map((md) => md.matchday))
    .filter((day) => day.duels.length > 0 || day.bye !== null).map((day) => ({
    matchday: day.matchday,
    bye_user_id: day.bye,
    duels: day.duels.map((pair) => duelResult(pair, [points.get(`${pair[0]}:${day.matchday}`) ?? 0, points.get(`${pair[1]}:${day.matchday}`) ?? 0],
      counted.get(day.matchday) === true)),
  }));
  const names = new Map(players.map((p) => [p.user_id, p.user_name]));
  const table = headToHeadTable(scheduled.map((m) => m.user_id), schedule.flatMap((day) => day.duels))
    .map((row) => ({ ...row, user_name: names.get(row.user_id) ?? '' }));
  const current = matchdays.find((md) => !md.finished) ?? matchdays.at(-1);
  return { schedule, table, current_matchday: current?.matchday ?? null };
}
