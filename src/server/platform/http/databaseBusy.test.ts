import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { buildApp, type BuiltApp } from '../../app';
import { openDatabase } from '../db/database';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { CapturingMailer, call, testConfig } from '../../testing/harness';
import { createLeague } from '../../features/resultBets/testing/betsTestFixture';
import { withMatchCompetitions } from '../../testing/betCompetitions';

/*
 * Another process on the same SQLite file (the result runner, a command) may hold the write lock longer than the
 * server waits for it. The caller is then told to try again in a moment, in their language, and nothing is written.
 */
describe('a write that meets another process holding the database', () => {
  let dir: string;
  let built: BuiltApp;
  let other: SQLite.Database;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'porra-busy-'));
    const databaseUrl = `sqlite:${join(dir, 'porra.sqlite')}`;
    built = await buildApp({ config: testConfig({ databaseUrl }), database: openDatabase(databaseUrl), mailer: new CapturingMailer(), logger: false });
    // The server's wait for a lock, shortened so the test does not sit out five seconds.
    await sql`pragma busy_timeout = 100`.execute(built.deps.db);
    other = new SQLite(join(dir, 'porra.sqlite'));
  });

  afterEach(async () => {
    other.close();
    await built.app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After, saves nothing, and the same save goes through once the lock is released', async () => {
    const { deps, app } = built;
    const cup = await createCup(deps.db, { start: Date.now() + 2 * 86_400_000, groups: 1 });
    const player = await createUserWithToken(deps, { email_verified: true });
    const leagueId = await createLeague(deps.db, { competitionId: cup.competitionId, ownerId: player.id, members: [{ id: player.id }] });
    const { id: betId } = await deps.db.insertInto('result_bets')
      .values(await withMatchCompetitions(deps.db, { league_id: leagueId, user_id: player.id, match_id: cup.groupMatchIds[0], local_goals: null, visiting_goals: null, updated_at: 0 }))
      .returning('id').executeTakeFirstOrThrow();
    const save = () => call(app, {
      method: 'POST', url: '/api/v1/es/result_bets/update_result_bet', token: player.token,
      payload: { result_bet_id: betId, local_goals: 2, visiting_goals: 1 },
    });

    other.exec('begin immediate');
    const refused = await save();
    other.exec('rollback');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.data.error).toMatch(/ocupado/);
    const stored = await deps.db.selectFrom('result_bets').select(['local_goals', 'visiting_goals']).where('id', '=', betId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ local_goals: null, visiting_goals: null });

    const saved = await save();
    expect(saved.statusCode).toBe(200);
    const after = await deps.db.selectFrom('result_bets').select(['local_goals', 'visiting_goals']).where('id', '=', betId).executeTakeFirstOrThrow();
    expect(after).toEqual({ local_goals: 2, visiting_goals: 1 });
  });
});
