import type { Executor } from '../platform/db/database';

/**
 * Test bets as rows to insert: each gets its match's competition, which every insert into result_bets supplies
 * (PostgreSQL partitions the table by it).
 */
export async function withMatchCompetitions<T extends { match_id: number }>(
  db: Executor, bets: T | readonly T[],
): Promise<Array<T & { competition_id: number }>> {
  const list: readonly T[] = Array.isArray(bets) ? bets : [bets as T];
  if (list.length === 0) return [];
  const matches = await db.selectFrom('matches').select(['id', 'competition_id'])
    .where('id', 'in', [...new Set(list.map((b) => Number(b.match_id)))]).execute();
  const competitionOf = new Map(matches.map((m) => [Number(m.id), Number(m.competition_id)]));
  return list.map((b) => {
    const competitionId = competitionOf.get(Number(b.match_id));
    if (competitionId === undefined) throw new Error(`withMatchCompetitions: no match ${b.match_id}`);
    return { ...b, competition_id: competitionId };
  });
}
