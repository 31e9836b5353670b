import { Kysely } from 'kysely';

/**
 * Imports keep their time zone: the IANA zone an openfootball import read its local kickoff times
 * in (`--timezone`, or the guess from the file name), so every re-import and re-sync reads them the same way.
 * Null for competitions from other providers, and for imports made before this column (they keep the guess).
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema.alterTable('competitions').addColumn('time_zone', 'varchar(64)').execute();
}
