import { sql } from 'kysely';
import { describeEachDb } from '../../testing/harness';
import { saveCompetition } from '../../domain/competitions/importRepository';
import { createUserWithToken } from '../../testing/fixtures';
import { createLeague } from '../../features/resultBets/testing/betsTestFixture';
import type { Executor } from './database';

const fields = (key: string) => ({
  name: key, competition_type: 'cup' as const, provider: 'openfootball', provider_ref: null, external_key: key,
  time_shift_ms: 0, replay: 0 as const, time_zone: null,
});

/** The partitions of a PostgreSQL table, by name. */
async function partitionsOf(db: Executor, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = ${table}::regclass ORDER BY 1`.execute(db);
  return rows.map((r) => r.name);
}

describeEachDb('partitions of a new competition', (ctx) => {
  it('a competition gets its own partitions of bets and matchday rows in the transaction that creates it (PostgreSQL)', async () => {
    const { db } = ctx().deps;
    const id = await db.transaction().execute((trx) => saveCompetition(trx, fields('new-cup'), 0));
    if (ctx().kind === 'sqlite') {
      expect(id).toBeGreaterThan(0);
      return;
    }
    for (const table of ['result_bets', 'member_matchday_points']) expect(await partitionsOf(db, table)).toContain(`${table}_c${id}`);
  });

  it('a competition whose creation is rolled back leaves no partition behind', async () => {
    const { db } = ctx().deps;
    let created = 0;
    await expect(db.transaction().execute(async (trx) => {
      created = await saveCompetition(trx, fields('doomed-cup'), 0);
      throw new Error('import failed');
    })).rejects.toThrow('import failed');
    expect(await db.selectFrom('competitions').select('id').where('id', '=', created).executeTakeFirst()).toBeUndefined();
    if (ctx().kind === 'postgres') expect(await partitionsOf(db, 'result_bets')).not.toContain(`result_bets_c${created}`);
  });

  it('a bet of a competition created without its partitions still saves (the DEFAULT partition takes it)', async () => {
    const t = ctx();
    const { db } = t.deps;
    const { id: competitionId } = await db.insertInto('competitions')
      .values({ name: 'Bare', competition_type: 'cup', provider: 'manual', created_at: 0, updated_at: 0 }).returning('id').executeTakeFirstOrThrow();
    const { id: matchId } = await db.insertInto('matches').values({ competition_id: competitionId, round_id: 1, matchday: 1, date: 0, updated_at: 0 })
      .returning('id').executeTakeFirstOrThrow();
    const owner = await createUserWithToken(t.deps, { name: 'Ana' });
    const leagueId = await createLeague(db, { competitionId, ownerId: owner.id });
    await db.insertInto('result_bets').values({
      league_id: leagueId, user_id: owner.id, match_id: matchId, local_goals: 1, visiting_goals: 0, updated_at: 0, competition_id: competitionId,
    }).execute();
    if (t.kind === 'postgres') {
      const { rows } = await sql<{ partition: string }>`SELECT tableoid::regclass::text AS partition FROM result_bets`.execute(db);
      expect(rows).toEqual([{ partition: 'result_bets_default' }]);
    }
    expect(await db.selectFrom('result_bets').select('competition_id').execute()).toEqual([{ competition_id: expect.anything() }]);
  });
});
