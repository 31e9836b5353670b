import { sql, type Kysely } from 'kysely';

/**
 * Standings kept ranked where every process reads them (docs/standings.md):
 * - member_matchday_points gains each row's hit counters and its points under the default scoring (the overall
 *   ranking's), written with its points;
 * - member_standings: a row per league member with their totals, their rank key (k0 = -points, k1..k5 = minus the
 *   league's tie-break values in its order, so that ascending is best first) and their name's sort key per
 *   language, indexed in table order for pages;
 * - standing_counts: per league, how many members stand at each total (k0): a position is one plus the members with
 *   more points, plus those with as many and better tie-break values (an index range within one total);
 * - league_matchday_tops: per league, the best score of each decided matchday (its winners hold it);
 * - standing_departments: per league and department, the members and the sums a department row averages;
 * - the overall ranking of a competition: each player's row of their main league (competition_main_leagues: the
 *   league whose bets count there, chosen by the player) is marked in_overall and indexed by its overall key, with
 *   counts per total per league (league_overall_counts) and per competition (overall_counts); users.ranking_hidden:
 *   opted out.
 * users.name_key_en / name_key_es cache the name's sort keys (filled by the app, which computes them). Rows are filled
 * by the app on its first start after this migration. Name keys compare byte by byte (PostgreSQL COLLATE "C"); the
 * users' keys are indexed for the search by name.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const key = dialect === 'postgres' ? sql`text COLLATE "C"` : sql`text`;
  const zero = (c: any) => c.notNull().defaultTo(0);
  await db.schema.alterTable('users').addColumn('name_key_en', key).execute();
  await db.schema.alterTable('users').addColumn('name_key_es', key).execute();
  await db.schema.alterTable('users').addColumn('ranking_hidden', 'integer', zero).execute();
  for (const column of ['exact_hits', 'goal_difference_hits', 'tendency_hits', 'points_default', 'exact_default']) {
    await db.schema.alterTable('member_matchday_points').addColumn(column, 'integer', zero).execute();
  }

  const rankKey = (table: any) => table
    .addColumn('k0', 'integer', zero).addColumn('k1', 'integer', zero).addColumn('k2', 'integer', zero)
    .addColumn('k3', 'integer', zero).addColumn('k4', 'integer', zero).addColumn('k5', 'integer', zero);
  await rankKey(db.schema.createTable('member_standings')
    .addColumn('league_id', idType, (c) => c.notNull())
    .addColumn('user_id', idType, (c) => c.notNull())
    .addColumn('competition_id', idType, (c) => c.notNull())
    .addColumn('points', 'integer', zero).addColumn('points_league', 'integer', zero)
    .addColumn('points_rounds', 'integer', zero).addColumn('points_people', 'integer', zero)
    .addColumn('points_bonus', 'integer', zero).addColumn('exact_hits', 'integer', zero)
    .addColumn('goal_difference_hits', 'integer', zero).addColumn('tendency_hits', 'integer', zero)
    .addColumn('matchday_wins', 'integer', zero)
    // What the competition's overall ranking takes from the member's bets in this league: points and exact hits
    // under the default scoring, whether they have a scored bet, and whether this row is theirs in the overall
    // ranking (their main league, a scored bet, not opted out), with its key (ok0 = -points, ok1 = -exact hits).
    .addColumn('points_default', 'integer', zero).addColumn('exact_default', 'integer', zero)
    .addColumn('scored', 'integer', zero).addColumn('in_overall', 'integer', zero)
    .addColumn('ok0', 'integer', zero).addColumn('ok1', 'integer', zero))
    .addColumn('name_key_en', key, (c: any) => c.notNull().defaultTo(''))
    .addColumn('name_key_es', key, (c: any) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('member_standings_pk', ['league_id', 'user_id'])
    .addForeignKeyConstraint('member_standings_member', ['league_id', 'user_id'], 'league_members', ['league_id', 'user_id'], (fk: any) => fk.onDelete('cascade'))
    .execute();
  for (const locale of ['en', 'es']) {
    await db.schema.createIndex(`member_standings_order_${locale}`).on('member_standings')
      .columns(['league_id', 'k0', 'k1', 'k2', 'k3', 'k4', 'k5', `name_key_${locale}`, 'user_id']).execute();
    // The overall ranking's order: each player's one row, that of their main league.
    await db.schema.createIndex(`member_standings_overall_${locale}`).on('member_standings')
      .columns(['competition_id', 'ok0', 'ok1', `name_key_${locale}`, 'user_id']).where(sql.ref('in_overall'), '=', 1).execute();
  }
  await db.schema.createTable('standing_counts')
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('k0', 'integer', (c) => c.notNull())
    .addColumn('members', 'integer', zero)
    .addPrimaryKeyConstraint('standing_counts_pk', ['league_id', 'k0'])
    .execute();
  await db.schema.createTable('league_matchday_tops')
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('matchday', 'integer', (c) => c.notNull())
    .addColumn('top', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('league_matchday_tops_pk', ['league_id', 'matchday'])
    .execute();
  await db.schema.createTable('standing_departments')
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('department', 'varchar(100)', (c) => c.notNull())
    .addColumn('members', 'integer', zero)
    .addColumn('points_league', 'integer', zero).addColumn('points_rounds', 'integer', zero)
    .addColumn('points_people', 'integer', zero).addColumn('points', 'integer', zero)
    // The members' result-bet points summed per matchday, "matchday:points,..." in matchday order.
    .addColumn('matchdays', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('standing_departments_pk', ['league_id', 'department'])
    .execute();

  await db.schema.createTable('competition_main_leagues')
    .addColumn('competition_id', idType, (c) => c.notNull().references('competitions.id').onDelete('cascade'))
    .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('competition_main_leagues_pk', ['competition_id', 'user_id'])
    .execute();
  await db.schema.createIndex('competition_main_leagues_league').on('competition_main_leagues').column('league_id').execute();
  // The overall ranking's counts per total: per league (its players whose main league it is), summed per competition.
  await db.schema.createTable('league_overall_counts')
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('k0', 'integer', (c) => c.notNull())
    .addColumn('members', 'integer', zero)
    .addPrimaryKeyConstraint('league_overall_counts_pk', ['league_id', 'k0'])
    .execute();
  await db.schema.createTable('overall_counts')
    .addColumn('competition_id', idType, (c) => c.notNull().references('competitions.id').onDelete('cascade'))
    .addColumn('k0', 'integer', (c) => c.notNull())
    .addColumn('members', 'integer', zero)
    .addPrimaryKeyConstraint('overall_counts_pk', ['competition_id', 'k0'])
    .execute();
  await db.schema.createIndex('users_name_key_en').on('users').column('name_key_en').execute();
  await db.schema.createIndex('users_name_key_es').on('users').column('name_key_es').execute();
}
