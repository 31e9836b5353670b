import { Migrator, sql } from 'kysely';
import { DB_KINDS, openTestDatabase } from '../../../testing/harness';
import { seedCatalogue } from '../catalogue';
import { migrate } from '../database';
import { migrationProvider } from './index';

// Migrations from scratch on a real database, on a shared machine.
jest.setTimeout(120_000);

/** The scoring-model migration: existing leagues keep their points and deadlines. */
describe.each(DB_KINDS)('scoring model migration [%s]', (kind) => {
  it("maps points_system to its preset, lock_by to the competition's rule, and pinned deadlines to pinned kickoffs", async () => {
    const handle = await openTestDatabase(kind);
    try {
      const schema = kind === 'postgres'
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0].schema : undefined;
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider(kind), migrationTableSchema: schema });
      const before = await migrator.migrateTo('20261124_g_standings_speed_index');
      expect(before.error).toBeUndefined();
      const db = handle.db as any;
      await seedCatalogue(handle.db);
      const owner = await db.insertInto('users').values({
        name: 'Old', email: 'old@example.com', password_hash: 'x', created_at: 0, updated_at: 0,
      }).returning('id').executeTakeFirstOrThrow();
      const competition = async (type: string) => (await db.insertInto('competitions')
        .values({ name: type, competition_type: type, created_at: 0, updated_at: 0 }).returning('id').executeTakeFirstOrThrow()).id;
      const [cup, season] = [await competition('cup'), await competition('league')];
      const league = async (competitionId: number, pointsSystem: string, name: string) => (await db.insertInto('leagues').values({
        name, name_normalized: name, competition_id: competitionId, owner_id: owner.id, bets_system: 'exact', points_system: pointsSystem,
        playoff_results_points: 1, round_bets_enabled: 1, person_bets_enabled: 1, allow_invite: 0, allow_join: 0,
        editable_after_start: 0, start_matchday: 1, knockout_basis: 'regular', share_token: name, created_at: 0, updated_at: 0,
      }).returning('id').executeTakeFirstOrThrow()).id;
      const winner = await league(cup, 'winner', 'w');
      const classic = await league(season, 'winner_and_goals', 'c');
      const match = await db.insertInto('matches').values({
        competition_id: cup, round_id: 1, matchday: 1, date: 1_000_000, updated_at: 0, bets_shown_at: 700_000,
      }).returning('id').executeTakeFirstOrThrow();

      await migrate(handle);
      const rows = await db.selectFrom('leagues').select(['id', 'scoring_mode', 'points_tendency', 'points_goal_difference',
        'points_exact', 'points_local_goals', 'points_visiting_goals', 'joker_count', 'bet_deadline_minutes', 'lock_by'])
        .orderBy('id').execute();
      expect(rows.map((r: Record<string, unknown>) => ({ ...r, id: Number(r.id) }))).toEqual([
        { id: winner, scoring_mode: 'additive', points_tendency: 2, points_goal_difference: 0, points_exact: 0, points_local_goals: 0,
          points_visiting_goals: 0, joker_count: 0, bet_deadline_minutes: 5, lock_by: 'match' },
        { id: classic, scoring_mode: 'additive', points_tendency: 2, points_goal_difference: 0, points_exact: 1, points_local_goals: 1,
          points_visiting_goals: 1, joker_count: 0, bet_deadline_minutes: 5, lock_by: 'matchday' },
      ]);
      const pinned = await db.selectFrom('matches').select(['shown_kickoff', 'shown_matchday_kickoff']).where('id', '=', match.id).executeTakeFirstOrThrow();
      expect([Number(pinned.shown_kickoff), Number(pinned.shown_matchday_kickoff)]).toEqual([1_000_000, 1_000_000]);
    } finally {
      await handle.close();
    }
  });
});
