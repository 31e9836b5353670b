import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { matchdayRoundsOf } from '../competitions/matchesRepository';
import { publishLeagueEvent } from './publishLeagueEvent';

/** How many places of a league's table a `result` event carries. */
const TOP_PLACES = 5;

interface TopPlace { rank: number; user_id: number; name: string; points: number }

/**
 * The league's top places by total points (results, picks and bonus questions, as the table adds them); equal points
 * share a rank and are listed by name. The table's own tie-breaks are left to the app's table.
 */
async function topPlaces(db: Executor, leagueId: number): Promise<TopPlace[]> {
  const rows = await db.selectFrom('league_members as lm').innerJoin('users as u', 'u.id', 'lm.user_id')
    .select(['lm.user_id', 'u.name', sql<number>`lm.points_rounds + lm.points_people + lm.points_bonus
      + COALESCE((SELECT SUM(p.points) FROM member_matchday_points p WHERE p.league_id = lm.league_id AND p.user_id = lm.user_id), 0)`.as('points')])
    .where('lm.league_id', '=', leagueId).orderBy('points', 'desc').orderBy('u.name').orderBy('lm.user_id').execute();
  const places: TopPlace[] = [];
  for (const [index, row] of rows.entries()) {
    const points = Number(row.points);
    if (index >= TOP_PLACES) break;
    const rank = index > 0 && places[index - 1]!.points === points ? places[index - 1]!.rank : index + 1;
    places.push({ rank, user_id: row.user_id, name: row.name, points });
  }
  return places;
}

/** The winners of a finished matchday in the league: the most points there, above zero (as the table names them). */
async function matchdayWinners(db: Executor, leagueId: number, matchday: number) {
  const rows = await db.selectFrom('member_matchday_points as p').innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.user_id', 'u.name', 'p.points']).where('p.league_id', '=', leagueId).where('p.matchday', '=', matchday)
    .orderBy('p.points', 'desc').orderBy('u.name').execute();
  const best = rows.length > 0 ? Number(rows[0]!.points) : 0;
  return { points: best, winners: best > 0 ? rows.filter((r) => Number(r.points) === best).map((r) => ({ user_id: r.user_id, name: r.name })) : [] };
}

/**
 * The round of each of these matchdays and the matchdays that round spans, so a chat names a knockout matchday by
 * its round ("Semifinales", "Octavos de final, día 2") in the owner's language when the event is sent.
 */
async function matchdayRounds(db: Executor, competitionId: number, matchdays: number[]) {
  const rows = matchdays.length === 0 ? [] : (await matchdayRoundsOf(db, [competitionId])).get(competitionId) ?? [];
  const roundOf = new Map(rows.map((row) => [row.matchday, row.round_id]));
  return new Map(matchdays.map((matchday) => {
    const roundId = roundOf.get(matchday) ?? null;
    const days = rows.filter((row) => row.round_id === roundId).map((row) => row.matchday);
    return [matchday, { round_id: roundId, round_matchdays: days }];
  }));
}

/**
 * After these matches got their first result and these leagues' stored standings hold it: a `result` event per match
 * with the league's new top places, for each of the leagues with a webhook, and a `matchday_winners` event for each of
 * their matchdays that is now complete. Runs in the transaction that rewrote the leagues' standings, so a chat hears
 * of a table only once it is committed.
 */
export async function publishResultEvents(
  db: Executor, competitionId: number, leagueIds: number[], matchIds: number[], now: number,
): Promise<void> {
  if (matchIds.length === 0 || leagueIds.length === 0) return;
  const leagues = await db.selectFrom('leagues as l')
    .where('l.competition_id', '=', competitionId).where('l.id', 'in', leagueIds)
    .where((eb) => eb.exists(eb.selectFrom('league_webhooks as h').select('h.id').whereRef('h.league_id', '=', 'l.id').where('h.disabled_at', 'is', null)))
    .select('l.id').orderBy('l.id').execute();
  if (leagues.length === 0) return;
  const matches = await db.selectFrom('matches as m')
    .leftJoin('teams as lt', 'lt.id', 'm.local_team_id').leftJoin('teams as vt', 'vt.id', 'm.visiting_team_id')
    .select(['m.id', 'm.matchday', 'm.date', 'm.local_goals', 'm.visiting_goals', 'lt.team_name as home', 'vt.team_name as away',
      'm.local_placeholder', 'm.visiting_placeholder'])
    .where('m.id', 'in', matchIds).orderBy('m.date').orderBy('m.id').execute();
  const matchdays = [...new Set(matches.map((m) => m.matchday))].sort((a, b) => a - b);
  const complete = matchdays.length === 0 ? [] : await db.selectFrom('matches').select('matchday')
    .where('competition_id', '=', competitionId).where('matchday', 'in', matchdays)
    .groupBy('matchday').having((eb) => eb.fn.min('finished'), '=', 1).execute();
  const rounds = await matchdayRounds(db, competitionId, matchdays);
  for (const league of leagues) {
    const top = await topPlaces(db, league.id);
    for (const m of matches) {
      const match = {
        id: m.id, matchday: m.matchday, ...rounds.get(m.matchday), kickoff: new Date(m.date).toISOString(),
        home: m.home ?? m.local_placeholder ?? '', away: m.away ?? m.visiting_placeholder ?? '', home_goals: m.local_goals, away_goals: m.visiting_goals,
      };
      await publishLeagueEvent(db, { leagueId: league.id, kind: 'result', payload: { match, top } }, now);
    }
    for (const { matchday } of complete) {
      const { points, winners } = await matchdayWinners(db, league.id, matchday);
      await publishLeagueEvent(db, { leagueId: league.id, kind: 'matchday_winners', payload: { matchday, ...rounds.get(matchday), points, winners } }, now);
    }
  }
}
