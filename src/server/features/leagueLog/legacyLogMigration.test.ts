import { Migrator, sql } from 'kysely';
import { canonicalJson, entryHash, GENESIS_HASH } from '../../domain/leagueLog/canonical';
import { keyLegacyLogs } from '../../domain/leagueLog/leagueLogService';
import { verifyLeagueLogs } from '../../domain/leagueLog/verifyLog';
import { seedCatalogue } from '../../platform/db/catalogue';
import { migrate } from '../../platform/db/database';
import { migrationProvider } from '../../platform/db/migrations/index';
import { DB_KINDS, openTestDatabase } from '../../testing/harness';

// Migrations from scratch on a real database, on a shared machine.
jest.setTimeout(120_000);

const KEY = Buffer.from('test-log-key-kept-outside-the-database');

describe.each(DB_KINDS)('a league log written before it was keyed [%s]', (kind) => {
  it('keeps verifying after the migration, and is sealed by a keyed entry once', async () => {
    const handle = await openTestDatabase(kind);
    try {
      const schema = kind === 'postgres'
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0].schema : undefined;
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider(kind), migrationTableSchema: schema });
      expect((await migrator.migrateTo('20261126_n_points_on_read')).error).toBeUndefined();
      const db = handle.db as any;
      await seedCatalogue(handle.db);
      const owner = await db.insertInto('users').values({ name: 'Old', email: 'old@example.com', password_hash: 'x', created_at: 0, updated_at: 0 })
        .returning('id').executeTakeFirstOrThrow();
      const cup = await db.insertInto('competitions').values({ name: 'Cup', competition_type: 'cup', created_at: 0, updated_at: 0 })
        .returning('id').executeTakeFirstOrThrow();
      const league = Number((await db.insertInto('leagues').values({
        name: 'l', name_normalized: 'l', competition_id: cup.id, owner_id: owner.id, bets_system: 'exact', points_system: 'winner_and_goals',
        playoff_results_points: 1, round_bets_enabled: 1, person_bets_enabled: 1, allow_invite: 0, allow_join: 0,
        editable_after_start: 0, start_matchday: 1, knockout_basis: 'regular', share_token: 'l', created_at: 0, updated_at: 0,
      }).returning('id').executeTakeFirstOrThrow()).id);
      // What the log wrote then: sha256 chains, no scheme column.
      let prev = GENESIS_HASH;
      for (const seq of [1, 2]) {
        const content = { league_id: league, seq, actor_id: Number(owner.id), action: 'member.left', details: { user_id: seq }, created_at: 1000 * seq };
        const hash = entryHash(prev, content, 1, new Uint8Array());
        await db.insertInto('league_log').values({ ...content, details: canonicalJson(content.details), prev_hash: prev, hash }).execute();
        prev = hash;
      }

      await migrate(handle);
      expect((await verifyLeagueLogs(handle.db, KEY)).breaks).toEqual([{ league_id: league, seq: 2, reason: 'unkeyed' }]);
      expect(await keyLegacyLogs(handle.db, { now: 5000, key: KEY })).toBe(1);
      expect(await keyLegacyLogs(handle.db, { now: 6000, key: KEY })).toBe(0);
      expect(await verifyLeagueLogs(handle.db, KEY)).toEqual({ entries: 3, leagues: 1, archivedLeagues: 0, breaks: [] });
      const rows = await handle.db.selectFrom('league_log').select(['seq', 'action', 'scheme', 'prev_hash']).orderBy('seq').execute();
      expect(rows.map((r) => [Number(r.seq), r.action, Number(r.scheme)])).toEqual([[1, 'member.left', 1], [2, 'member.left', 1], [3, 'log.keyed', 3]]);
      expect(rows[2].prev_hash).toBe(prev);
    } finally {
      await handle.close();
    }
  });
});
