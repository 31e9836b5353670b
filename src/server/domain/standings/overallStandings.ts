import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { inList } from './standingsScope';
import { fillNameKeys } from './storedNameKeys';

/**
 * A competition's overall ranking: every player with a scored bet in it, once, by the bets of their main league
 * (the league they chose, by default the first of the competition they joined: competition_main_leagues) under
 * the default scoring (OVERALL_RANKING_RULES), ranked on points then exact hits (k0, k1). A player who opted out
 * (users.ranking_hidden) has no row. The rows are copied from their main league's ranked row (member_standings'
 * points_default and exact_default), so ranking the league writes them in the same transaction; overall_counts
 * moves by the rows that change, never by a recount of the competition.
 */

/**
 * Which players a sync covers: those whose main league, or whose present row's league, is among `leagueIds` (all of
 * the competition when absent), or these users. A player whose main league moved is synced by the move itself
 * (moveMainLeagues, a choice of main league), so a row under one of the leagues whose player's main league is
 * elsewhere is only left by a write that did not: it goes, and comes back when that league is ranked.
 */
export type OverallPlayers = { leagueIds?: number[] } | { userIds: number[] };

const covers = (players: OverallPlayers, leagueColumn: string, userColumn: string): RawBuilder<unknown> =>
  ('userIds' in players ? inList(userColumn, players.userIds)
    : players.leagueIds === undefined ? sql`1 = 1` : inList(leagueColumn, players.leagueIds));

/** Each covered player's wanted row: their main league's figures, when they have a scored bet there and did not opt out. */
const wanted = (competitionId: number, players: OverallPlayers) => sql`(SELECT cml.user_id, cml.league_id,
    ms.points_default AS points, ms.exact_default AS exact_hits
  FROM competition_main_leagues cml
    JOIN member_standings ms ON ms.league_id = cml.league_id AND ms.user_id = cml.user_id
    JOIN users u ON u.id = cml.user_id
  WHERE cml.competition_id = ${competitionId} AND ms.scored_days > 0 AND u.ranking_hidden = 0
    AND ${covers(players, 'cml.league_id', 'cml.user_id')})`;

/** Key space of the overall rankings' PostgreSQL advisory locks ("ovrl"). */
const OVERALL_RANKING = 0x6f76_726c;

/**
 * PostgreSQL: the overall ranking of a competition is written by one transaction at a time (its rows and counts are
 * shared by every league's writers). Taken last, after any standings lock, so writers never wait in a cycle.
 */
async function lockOverall(db: Executor, competitionId: number): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`SELECT pg_advisory_xact_lock(${OVERALL_RANKING}::int4, ${competitionId}::int4)`.execute(db);
}

/**
 * Brings the covered players' overall rows to what their main leagues hold: rows that changed are rewritten (and
 * move between totals), rows no longer wanted go, new ones come with their name keys. The differences are found
 * once, into a temporary table of this transaction, and applied from it. Runs after the leagues' ranked rows were
 * written, in the same transaction.
 */
export async function syncOverallStandings(db: Executor, competitionId: number, players: OverallPlayers): Promise<void> {
  await lockOverall(db, competitionId);
  const want = wanted(competitionId, players);
  await sql`CREATE TEMPORARY TABLE overall_diff AS
    SELECT w.user_id, w.league_id, w.points, w.exact_hits, o.k0 AS old_k0, CASE WHEN o.user_id IS NULL THEN 0 ELSE 1 END AS present
      FROM ${want} w LEFT JOIN overall_standings o ON o.competition_id = ${competitionId} AND o.user_id = w.user_id
      WHERE o.user_id IS NULL OR o.league_id <> w.league_id OR o.points <> w.points OR o.exact_hits <> w.exact_hits
    UNION ALL SELECT o.user_id, NULL, NULL, NULL, o.k0, 1 FROM overall_standings o
      WHERE o.competition_id = ${competitionId} AND ${covers(players, 'o.league_id', 'o.user_id')}
        AND NOT EXISTS (SELECT 1 FROM ${want} w WHERE w.user_id = o.user_id)`.execute(db);
  try {
    await sql`INSERT INTO overall_counts (competition_id, k0, members)
      SELECT CAST(${competitionId} AS bigint), d.k0, SUM(d.n) FROM (
        SELECT old_k0 AS k0, -1 AS n FROM overall_diff WHERE present = 1 AND (points IS NULL OR old_k0 <> -points)
        UNION ALL SELECT -points AS k0, 1 AS n FROM overall_diff WHERE points IS NOT NULL AND (present = 0 OR old_k0 <> -points)
      ) d GROUP BY d.k0
      ON CONFLICT (competition_id, k0) DO UPDATE SET members = overall_counts.members + excluded.members`.execute(db);
    await sql`UPDATE overall_standings SET league_id = d.league_id, points = d.points, exact_hits = d.exact_hits, k0 = -d.points, k1 = -d.exact_hits
      FROM overall_diff d WHERE overall_standings.competition_id = ${competitionId} AND overall_standings.user_id = d.user_id
        AND d.present = 1 AND d.points IS NOT NULL`.execute(db);
    await sql`DELETE FROM overall_standings WHERE competition_id = ${competitionId}
      AND user_id IN (SELECT d.user_id FROM overall_diff d WHERE d.points IS NULL)`.execute(db);
    const { rows: newcomers } = await sql<{ user_id: number }>`SELECT user_id FROM overall_diff WHERE present = 0`.execute(db);
    if (newcomers.length > 0) {
      await fillNameKeys(db, newcomers.map((row) => Number(row.user_id)));
      await sql`INSERT INTO overall_standings (competition_id, user_id, league_id, points, exact_hits, k0, k1, name_key_en, name_key_es)
        SELECT CAST(${competitionId} AS bigint), d.user_id, d.league_id, d.points, d.exact_hits, -d.points, -d.exact_hits,
          COALESCE(u.name_key_en, ''), COALESCE(u.name_key_es, '')
        FROM overall_diff d JOIN users u ON u.id = d.user_id WHERE d.present = 0`.execute(db);
    }
    await sql`DELETE FROM overall_counts WHERE competition_id = ${competitionId} AND members = 0`.execute(db);
  } finally {
    await sql`DROP TABLE overall_diff`.execute(db);
  }
}

/**
 * Members of the scope's leagues without a main league of the competition get one: the first league of it they
 * joined (a choice of theirs is kept). Their overall rows follow when the leagues are ranked.
 */
export async function keepMainLeagues(db: Executor, competitionId: number, leagueFilter: RawBuilder<unknown>): Promise<void> {
  await sql`INSERT INTO competition_main_leagues (competition_id, user_id, league_id)
    SELECT DISTINCT CAST(${competitionId} AS bigint), lm.user_id, (SELECT lm2.league_id FROM league_members lm2 JOIN leagues l2 ON l2.id = lm2.league_id
        WHERE lm2.user_id = lm.user_id AND l2.competition_id = ${competitionId} ORDER BY lm2.joined_at, lm2.league_id LIMIT 1)
    FROM league_members lm WHERE ${leagueFilter}
      AND NOT EXISTS (SELECT 1 FROM competition_main_leagues cml WHERE cml.competition_id = ${competitionId} AND cml.user_id = lm.user_id)
    ON CONFLICT (competition_id, user_id) DO NOTHING`.execute(db);
}

/**
 * These leagues lose members (one member leaves: `leaving`; or the leagues are going away): whoever had one of them
 * as their main league gets the next league of the competition they joined (none: no main league), and their
 * overall rows follow. Run while the leagues and memberships still exist.
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
  // Their rows follow their new main leagues, a slice of players at a time.
  const byCompetition = new Map<number, number[]>();
  for (const row of moved.rows) {
    const ids = byCompetition.get(Number(row.competition_id)) ?? [];
    ids.push(Number(row.user_id));
    byCompetition.set(Number(row.competition_id), ids);
  }
  for (const [competitionId, userIds] of byCompetition) {
    for (let from = 0; from < userIds.length; from += MOVED_PER_SYNC) {
      await syncOverallStandings(db, competitionId, { userIds: userIds.slice(from, from + MOVED_PER_SYNC) });
    }
  }
}

/** Players whose rows one sync moves after their main league went. */
const MOVED_PER_SYNC = 1000;

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

/** The player's overall rows in every competition they play, brought up to date (after they opted out or in). */
export async function resyncPlayerRankings(db: Executor, userId: number): Promise<void> {
  const competitions = await db.selectFrom('competition_main_leagues').select('competition_id').where('user_id', '=', userId).execute();
  for (const { competition_id: competitionId } of competitions) await syncOverallStandings(db, Number(competitionId), { userIds: [userId] });
}
