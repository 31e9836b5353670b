import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { lockStandings } from './standingsRefresh';
import { inList } from './standingsScope';

/**
 * A competition's overall ranking: every player with a scored bet in it, once, by the bets of their main league
 * (the league they chose, by default the first of the competition they joined: competition_main_leagues) under
 * the default scoring (OVERALL_RANKING_RULES), ranked on points then exact hits. It has no rows of its own: each
 * player's ranked row of their main league (member_standings) is marked `in_overall` (a scored bet, not opted
 * out) and indexed by its overall key (ok0, ok1) per competition, so ranking a league writes its players' overall
 * places in the same rows. Counts per total are kept per league (league_overall_counts) and per competition
 * (overall_counts), which moves by each league's difference, never by a recount of the competition.
 */

/** Key space of the overall rankings' PostgreSQL advisory locks ("ovrl"). */
const OVERALL_RANKING = 0x6f76_726c;

/**
 * PostgreSQL: a competition's overall counts are changed by one transaction at a time (every league's writers share
 * them). Taken after the standings locks and the rows' writes, so writers never wait in a cycle.
 */
async function lockOverall(db: Executor, competitionId: number): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`SELECT pg_advisory_xact_lock(${OVERALL_RANKING}::int4, ${competitionId}::int4)`.execute(db);
}

/** Whether member_standings row `ms` is its player's row in the overall ranking, as an SQL expression. */
export const inOverallSql = (ms: string, hidden: RawBuilder<unknown>, mainLeague: RawBuilder<unknown>): RawBuilder<number> =>
  sql<number>`(CASE WHEN ${sql.ref(`${ms}.scored`)} = 1 AND ${hidden} = 0 AND ${mainLeague} = ${sql.ref(`${ms}.league_id`)} THEN 1 ELSE 0 END)`;

/**
 * The overall counts of the leagues `leagues` (an SQL filter on a league id column) rebuilt from their rows, and
 * the competition's counts moved by the difference. Runs after the leagues' rows were written.
 */
export async function refreshOverallCounts(db: Executor, competitionId: number, leagues: (column: string) => RawBuilder<unknown>): Promise<void> {
  await lockOverall(db, competitionId);
  const move = (sign: 1 | -1) => sql`INSERT INTO overall_counts (competition_id, k0, members)
    SELECT CAST(${competitionId} AS bigint), c.k0, ${sql.raw(String(sign))} * SUM(c.members) FROM league_overall_counts c WHERE ${leagues('c.league_id')}
    GROUP BY c.k0 ORDER BY c.k0
    ON CONFLICT (competition_id, k0) DO UPDATE SET members = overall_counts.members + excluded.members`.execute(db);
  await move(-1);
  await sql`DELETE FROM league_overall_counts WHERE ${leagues('league_id')}`.execute(db);
  await sql`INSERT INTO league_overall_counts (league_id, k0, members)
    SELECT ms.league_id, ms.ok0, COUNT(*) FROM member_standings ms WHERE ${leagues('ms.league_id')} AND ms.in_overall = 1
    GROUP BY ms.league_id, ms.ok0`.execute(db);
  await move(1);
  await sql`DELETE FROM overall_counts WHERE competition_id = ${competitionId} AND members = 0`.execute(db);
}

/**
 * Members of the scope's leagues without a main league of the competition get one: the first league of it they
 * joined (a choice of theirs is kept).
 */
export async function keepMainLeagues(db: Executor, competitionId: number, leagueFilter: RawBuilder<unknown>): Promise<void> {
  await sql`INSERT INTO competition_main_leagues (competition_id, user_id, league_id)
    SELECT DISTINCT CAST(${competitionId} AS bigint), lm.user_id, (SELECT lm2.league_id FROM league_members lm2 JOIN leagues l2 ON l2.id = lm2.league_id
        WHERE lm2.user_id = lm.user_id AND l2.competition_id = ${competitionId} ORDER BY lm2.joined_at, lm2.league_id LIMIT 1)
    FROM league_members lm WHERE ${leagueFilter}
      AND NOT EXISTS (SELECT 1 FROM competition_main_leagues cml WHERE cml.competition_id = ${competitionId} AND cml.user_id = lm.user_id)
    ON CONFLICT (competition_id, user_id) DO NOTHING`.execute(db);
}

/** The leagues of the competition these players are members of. */
async function leaguesOfPlayers(db: Executor, competitionId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db.selectFrom('league_members as lm').innerJoin('leagues as l', 'l.id', 'lm.league_id').select('lm.league_id').distinct()
    .where('lm.user_id', 'in', userIds).where('l.competition_id', '=', competitionId).execute();
  return rows.map((row) => Number(row.league_id));
}

/**
 * Takes the standings locks of every league of the competition these players are in, in id order, before anything
 * of theirs changes: a change of main league or of opting out rewrites rows in several of their leagues.
 */
export async function lockPlayersLeagues(db: Executor, competitionId: number, userIds: number[]): Promise<void> {
  await lockStandings(db, { competitionId, leagueIds: await leaguesOfPlayers(db, competitionId, userIds) });
}

/**
 * These players' rows of the competition marked in or out of the overall ranking as their main league, bets and
 * choice say now, and the counts of their leagues moved. Their leagues' standings locks must be held
 * (lockPlayersLeagues).
 */
export async function resyncPlayers(db: Executor, competitionId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  const leagues = await leaguesOfPlayers(db, competitionId, userIds);
  if (leagues.length === 0) return;
  const wanted = inOverallSql('member_standings', sql`(SELECT u.ranking_hidden FROM users u WHERE u.id = member_standings.user_id)`,
    sql`(SELECT cml.league_id FROM competition_main_leagues cml WHERE cml.competition_id = ${competitionId} AND cml.user_id = member_standings.user_id)`);
  await sql`UPDATE member_standings SET in_overall = ${wanted}
    WHERE ${inList('league_id', leagues)} AND ${inList('user_id', userIds)} AND in_overall <> ${wanted}`.execute(db);
  await refreshOverallCounts(db, competitionId, (column) => inList(column, leagues));
}

/** Players moved per statement after their main league went. */
const MOVED_PER_SYNC = 1000;

/**
 * These leagues lose members (one member leaves: `leaving`; or the leagues are going away): whoever had one of them
 * as their main league gets the next league of the competition they joined (none: no main league), and their
 * overall places follow. Run while the leagues and memberships still exist, with the standings locks of the
 * players' leagues held.
 */
export async function moveMainLeagues(db: Executor, leagueIds: number[], leaving?: number): Promise<void> {
  if (leagueIds.length === 0) return;
  const who = leaving === undefined ? sql`1 = 1` : sql`cml.user_id = ${leaving}`;
  const moved = await sql<{ competition_id: number; user_id: number }>`SELECT cml.competition_id, cml.user_id FROM competition_main_leagues cml
    WHERE ${inList('cml.league_id', leagueIds)} AND ${who}`.execute(db);
  if (moved.rows.length === 0) return;
  const next = sql`(SELECT lm.league_id FROM league_members lm JOIN leagues l ON l.id = lm.league_id
    WHERE lm.user_id = cml.user_id AND l.competition_id = cml.competition_id AND NOT ${inList('lm.league_id', leagueIds)}
    ORDER BY lm.joined_at, lm.league_id LIMIT 1)`;
  await sql`UPDATE competition_main_leagues AS cml SET league_id = ${next}
    WHERE ${inList('cml.league_id', leagueIds)} AND ${who} AND ${next} IS NOT NULL`.execute(db);
  await sql`DELETE FROM competition_main_leagues AS cml WHERE ${inList('cml.league_id', leagueIds)} AND ${who}`.execute(db);
  const byCompetition = new Map<number, number[]>();
  for (const row of moved.rows) {
    const ids = byCompetition.get(Number(row.competition_id)) ?? [];
    ids.push(Number(row.user_id));
    byCompetition.set(Number(row.competition_id), ids);
  }
  for (const [competitionId, userIds] of byCompetition) {
    for (let from = 0; from < userIds.length; from += MOVED_PER_SYNC) {
      await resyncPlayers(db, competitionId, userIds.slice(from, from + MOVED_PER_SYNC));
    }
  }
}

/** The player's overall places in every competition they play, after they opted out or back in. */
export async function resyncPlayerRankings(db: Executor, userId: number): Promise<void> {
  const competitions = await db.selectFrom('competition_main_leagues').select('competition_id').where('user_id', '=', userId).execute();
  for (const { competition_id: competitionId } of competitions) {
    await lockPlayersLeagues(db, Number(competitionId), [userId]);
    await resyncPlayers(db, Number(competitionId), [userId]);
  }
}

/** Every membership's main league where none is kept: the first league of the competition the player joined. */
export async function fillMainLeagues(db: Executor): Promise<void> {
  await sql`INSERT INTO competition_main_leagues (competition_id, user_id, league_id)
    SELECT f.competition_id, f.user_id, f.league_id FROM (
      SELECT l.competition_id, lm.user_id, lm.league_id,
        ROW_NUMBER() OVER (PARTITION BY l.competition_id, lm.user_id ORDER BY lm.joined_at, lm.league_id) AS nth
      FROM league_members lm JOIN leagues l ON l.id = lm.league_id) f
    WHERE f.nth = 1
    ON CONFLICT (competition_id, user_id) DO NOTHING`.execute(db);
}
