import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { playedInLeague, resultBetDeadlineSql } from '../../domain/scoring/scoringSql';

/** SQL of copy_bets and reset_bets: one statement per kind of bet. */

const affected = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0n);

/**
 * Copies the user's filled real result bets from `source` into `target`, overwriting, only for matches played in
 * the target whose deadline has not passed. A sign-system target gets the sign of the copied score.
 */
export async function copyResultBets(db: Executor, args: { source: number; target: number; userId: number; now: number }): Promise<number> {
  const result = await sql`INSERT INTO result_bets (league_id, user_id, match_id, mode, local_goals, visiting_goals, modified_after_start, updated_at, competition_id)
    SELECT t.id, s.user_id, s.match_id, 0,
      CASE WHEN t.bets_system = 'sign' THEN (CASE WHEN s.local_goals > s.visiting_goals THEN 1 ELSE 0 END) ELSE s.local_goals END,
      CASE WHEN t.bets_system = 'sign' THEN (CASE WHEN s.local_goals < s.visiting_goals THEN 1 ELSE 0 END) ELSE s.visiting_goals END,
      0, ${args.now}, t.competition_id
    FROM result_bets s
      JOIN matches m ON m.id = s.match_id
      JOIN leagues t ON t.id = ${args.target}
      JOIN competitions c ON c.id = t.competition_id
    WHERE s.competition_id = t.competition_id AND s.league_id = ${args.source} AND s.user_id = ${args.userId} AND s.mode = 0
      AND s.local_goals IS NOT NULL AND s.visiting_goals IS NOT NULL
      AND ${playedInLeague('t', 'm', 'c')} AND ${resultBetDeadlineSql('t', 'm')} > ${args.now} AND m.finished = 0
    ON CONFLICT (league_id, user_id, match_id, mode, competition_id)
    DO UPDATE SET local_goals = excluded.local_goals, visiting_goals = excluded.visiting_goals, updated_at = excluded.updated_at`
    .execute(db);
  return affected(result);
}

/**
 * Replaces the user's picks of the given (still open) rules in `target` by those in `source`, for every rule the
 * source has picks for.
 */
export async function copyPicks(
  db: Executor, table: 'round_bets' | 'person_bets',
  args: { source: number; target: number; userId: number; ruleIds: number[]; now: number },
): Promise<number> {
  if (args.ruleIds.length === 0) return 0;
  const T = sql.table(table);
  const pick = sql.ref(table === 'round_bets' ? 'team_id' : 'person_id');
  const rules = sql.join(args.ruleIds);
  await sql`DELETE FROM ${T} WHERE league_id = ${args.target} AND user_id = ${args.userId} AND mode = 0
    AND league_rule_id IN (${rules})
    AND league_rule_id IN (SELECT s.league_rule_id FROM ${T} s WHERE s.league_id = ${args.source} AND s.user_id = ${args.userId} AND s.mode = 0)`
    .execute(db);
  const result = await sql`INSERT INTO ${T} (league_id, user_id, league_rule_id, ${pick}, mode, points, updated_at)
    SELECT ${args.target}, s.user_id, s.league_rule_id, s.${pick}, 0, NULL, ${args.now}
    FROM ${T} s WHERE s.league_id = ${args.source} AND s.user_id = ${args.userId} AND s.mode = 0 AND s.league_rule_id IN (${rules})`
    .execute(db);
  return affected(result);
}

/** Clears the user's simulation (mode 1 rows of every kind) in a league. */
export async function deleteSimulation(db: Executor, leagueId: number, userId: number): Promise<void> {
  for (const table of ['result_bets', 'round_bets', 'person_bets'] as const) {
    await db.deleteFrom(table).where('league_id', '=', leagueId).where('user_id', '=', userId).where('mode', '=', 1).execute();
  }
}

export async function competitionRules(db: Executor, competitionId: number) {
  return db.selectFrom('league_rules').select(['id', 'round_id']).where('competition_id', '=', competitionId).execute();
}

export async function leagueFlags(db: Executor, leagueId: number) {
  return db.selectFrom('leagues').select(['round_bets_enabled', 'person_bets_enabled']).where('id', '=', leagueId).executeTakeFirstOrThrow();
}
