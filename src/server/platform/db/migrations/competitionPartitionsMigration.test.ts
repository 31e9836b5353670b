import { Migrator, sql } from 'kysely';
import { DB_KINDS, openTestDatabase } from '../../../testing/harness';
import { seedCatalogue } from '../catalogue';
import { migrate } from '../database';
import { migrationProvider } from './index';

// Migrations from scratch on a real database, on a shared machine.
jest.setTimeout(120_000);

const BET_COLUMNS = ['id', 'league_id', 'user_id', 'match_id', 'mode', 'local_goals', 'visiting_goals', 'modified_after_start',
  'updated_at', 'joker', 'late_entry', 'by_bot'] as const;

/** Bets and matchday rows get their competition; PostgreSQL moves them into one partition per competition. */
describe.each(DB_KINDS)('competition partitions migration [%s]', (kind) => {
  it('keeps every row with its competition, ids keep counting after the last one ever given, and each competition gets its partition', async () => {
    const handle = await openTestDatabase(kind);
    try {
      const schema = kind === 'postgres'
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0].schema : undefined;
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider(kind), migrationTableSchema: schema });
      expect((await migrator.migrateTo('20261128_e_result_jobs')).error).toBeUndefined();
      const db = handle.db as any;
      await seedCatalogue(handle.db);
      const user = async (name: string) => (await db.insertInto('users').values({
        name, email: `${name}@example.com`, password_hash: 'x', created_at: 0, updated_at: 0,
      }).returning('id').executeTakeFirstOrThrow()).id;
      const [ana, bob] = [await user('ana'), await user('bob')];
      const world = [];
      for (const name of ['Old Cup', 'Live Cup']) {
        const { id: competitionId } = await db.insertInto('competitions')
          .values({ name, competition_type: 'cup', created_at: 0, updated_at: 0 }).returning('id').executeTakeFirstOrThrow();
        const { id: leagueId } = await db.insertInto('leagues').values({
          name, name_normalized: name, competition_id: competitionId, owner_id: ana, bets_system: 'exact', points_system: 'winner_and_goals',
          playoff_results_points: 1, round_bets_enabled: 1, person_bets_enabled: 1, allow_invite: 0, allow_join: 0,
          editable_after_start: 0, start_matchday: 1, knockout_basis: 'regular', share_token: name, created_at: 0, updated_at: 0,
        }).returning('id').executeTakeFirstOrThrow();
        const matchIds = [];
        for (const matchday of [1, 2]) {
          matchIds.push((await db.insertInto('matches').values({ competition_id: competitionId, round_id: 1, matchday, date: 1_000_000 * matchday, updated_at: 0 })
            .returning('id').executeTakeFirstOrThrow()).id);
        }
        world.push({ competitionId: Number(competitionId), leagueId: Number(leagueId), matchIds });
      }
      for (const { leagueId, matchIds } of world) {
        await db.insertInto('result_bets').values([ana, bob].flatMap((userId, i) => matchIds.map((matchId: number) => ({
          league_id: leagueId, user_id: userId, match_id: matchId, mode: i, local_goals: i, visiting_goals: 1, updated_at: 5, joker: 1 - i, by_bot: i,
        })))).execute();
        await db.insertInto('member_matchday_points').values([ana, bob].map((userId, i) => ({ league_id: leagueId, user_id: userId, matchday: 1, points: 3 + i })))
          .execute();
      }
      // The last bet given is deleted: its id is never given again.
      const last = await db.selectFrom('result_bets').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
      await db.deleteFrom('result_bets').where('id', '=', last.id).execute();
      const bets = await db.selectFrom('result_bets').select([...BET_COLUMNS]).orderBy('id').execute();
      const points = await db.selectFrom('member_matchday_points').selectAll().orderBy('league_id').orderBy('user_id').execute();

      await migrate(handle);
      const competitionOfLeague = new Map(world.map((w) => [w.leagueId, w.competitionId]));
      const normal = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? null : Number(v)]));
      expect((await db.selectFrom('result_bets').select([...BET_COLUMNS, 'competition_id']).orderBy('id').execute()).map(normal))
        .toEqual(bets.map((b: Record<string, unknown>) => ({ ...normal(b), competition_id: competitionOfLeague.get(Number(b.league_id)) })));
      // Later migrations add columns of their own to the points rows; the ones that were there keep their values.
      const pointColumns = [...Object.keys(points[0]), 'competition_id'];
      expect((await db.selectFrom('member_matchday_points').select(pointColumns).orderBy('league_id').orderBy('user_id').execute()).map(normal))
        .toEqual(points.map((p: Record<string, unknown>) => ({ ...normal(p), competition_id: competitionOfLeague.get(Number(p.league_id)) })));

      const [first] = world;
      const next = await db.insertInto('result_bets').values({
        league_id: first.leagueId, user_id: bob, match_id: first.matchIds[0], mode: 0, updated_at: 6, competition_id: first.competitionId,
      }).returning('id').executeTakeFirstOrThrow();
      expect(Number(next.id)).toBe(Number(last.id) + 1);

      if (kind === 'postgres') {
        for (const table of ['result_bets', 'member_matchday_points']) {
          const { rows } = await sql<{ partition: string; n: string }>`SELECT tableoid::regclass::text AS partition, count(*) AS n
            FROM ${sql.table(table)} GROUP BY 1 ORDER BY 1`.execute(handle.db);
          const perCompetition = table === 'result_bets' ? [5, 3] : [2, 2];
          expect(rows.map((r) => [r.partition, Number(r.n)]).sort()).toEqual(world.map((w, i) => [`${table}_c${w.competitionId}`, perCompetition[i]]).sort());
          const { rows: partitions } = await sql<{ name: string }>`SELECT c.relname AS name FROM pg_inherits i
            JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = ${table}::regclass ORDER BY 1`.execute(handle.db);
          expect(partitions.map((p) => p.name).sort()).toEqual([...world.map((w) => `${table}_c${w.competitionId}`), `${table}_default`].sort());
        }
      }
    } finally {
      await handle.close();
    }
  });
});
