import { sql } from 'kysely';
import type { Executor } from './database';
import { isPostgres } from './notificationChannels';

/** The tables PostgreSQL partitions by competition (LIST on competition_id), each with a DEFAULT partition. */
const PARTITIONED_BY_COMPETITION = ['result_bets', 'member_matchday_points'] as const;

const competitionPartitionName = (table: typeof PARTITIONED_BY_COMPETITION[number], competitionId: number) =>
  `${table}_c${competitionId}`;

/**
 * Creates a new competition's partitions, in the transaction that inserts the competition (so none of its rows can
 * be in the DEFAULT partition yet, which would make the creation fail). A no-op on SQLite and for a competition that
 * has them. Attaching a partition locks the parent table (bets wait) until that transaction ends, so it stays short.
 */
export async function createCompetitionPartitions(db: Executor, competitionId: number): Promise<void> {
  if (!isPostgres(db)) return;
  if (!Number.isSafeInteger(competitionId) || competitionId <= 0) throw new Error(`createCompetitionPartitions: bad id ${competitionId}`);
  for (const table of PARTITIONED_BY_COMPETITION) {
    await sql.raw(`CREATE TABLE IF NOT EXISTS ${competitionPartitionName(table, competitionId)} PARTITION OF ${table}
      FOR VALUES IN (${competitionId}) WITH (fillfactor = 80)`).execute(db);
  }
}
