import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { playedInLeague, resultBetDeadlineSql } from '../../domain/scoring/scoringSql';
import { SCORING_COLUMNS } from '../../domain/scoring/leagueScoring';

/** The match in the league's competition, with its deadline there, whether it is played there and the league's scoring. */
export async function findLeagueMatch(db: Executor, leagueId: number, matchId: number) {
  const row = await db.selectFrom('matches as m')
    .innerJoin('leagues as l', 'l.competition_id', 'm.competition_id')
    .innerJoin('competitions as c', 'c.id', 'l.competition_id')
    .select([
      'm.id', 'l.bets_system', 'l.knockout_basis', ...SCORING_COLUMNS.map((c) => `l.${c}` as const),
      resultBetDeadlineSql('l', 'm').as('deadline'),
      sql<number>`CASE WHEN ${playedInLeague('l', 'm', 'c')} THEN 1 ELSE 0 END`.as('played'),
    ])
    .where('m.id', '=', matchId).where('l.id', '=', leagueId).executeTakeFirst();
  return row && { ...row, deadline: Number(row.deadline), played: Number(row.played) };
}

/** The most picked items of a rule among the league's real picks: teams (round picks) or people (top scorer). */
export async function mostPicked(
  db: Executor, args: { leagueId: number; ruleId: number; kind: 'round' | 'person'; limit: number },
): Promise<{ members: number; picks: { id: number; name: string; count: number }[] }> {
  const [table, item, names, name] = args.kind === 'round'
    ? ['round_bets', 'team_id', 'teams', 'team_name'] as const
    : ['person_bets', 'person_id', 'people', 'name'] as const;
  const T = sql.table(table);
  const { rows: [members] } = await sql<{ n: number | string }>`SELECT COUNT(DISTINCT user_id) AS n FROM ${T}
    WHERE league_id = ${args.leagueId} AND league_rule_id = ${args.ruleId} AND mode = 0`.execute(db);
  const { rows } = await sql<{ id: number; name: string; count: number | string }>`SELECT p.${sql.ref(item)} AS id,
      n.${sql.ref(name)} AS name, COUNT(*) AS count
    FROM ${T} p JOIN ${sql.table(names)} n ON n.id = p.${sql.ref(item)}
    WHERE p.league_id = ${args.leagueId} AND p.league_rule_id = ${args.ruleId} AND p.mode = 0
    GROUP BY p.${sql.ref(item)}, n.${sql.ref(name)}
    ORDER BY COUNT(*) DESC, n.${sql.ref(name)} LIMIT ${args.limit}`.execute(db);
  return {
    members: Number(members?.n ?? 0),
    picks: rows.map((r) => ({ id: Number(r.id), name: r.name, count: Number(r.count) })),
  };
}
