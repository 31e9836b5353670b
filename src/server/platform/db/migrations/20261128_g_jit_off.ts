import { sql, type Kysely } from 'kysely';

/**
 * PostgreSQL: JIT compilation off for Porra's database. Its statements are short, but some carry subqueries that
 * are costed even where they never run (a bet's points read the league's other bets for the crowd's quote), and in a
 * league of hundreds of thousands of members that estimate passes the JIT thresholds: reading one bet then spent
 * seconds compiling for a millisecond of work. Set on the database, so every new session has it (through PgBouncer
 * too), and on this session. A role that does not own the database cannot set it: the migration then changes nothing
 * and the operator sets `jit = off` in postgresql.conf (README, "PostgreSQL tuning").
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql.raw(`DO $$ BEGIN
      EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'jit stays as configured: this role cannot alter the database';
    END $$`).execute(db);
  await sql`SET jit = off`.execute(db);
}
