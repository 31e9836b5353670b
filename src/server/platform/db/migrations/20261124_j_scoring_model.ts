import { Kysely, sql } from 'kysely';

/**
 * Scoring model: per-league points per hit and mode, round multipliers, jokers, the deadline
 * minutes and what a deadline is counted from (match or matchday), and per match the kickoffs its shown bets
 * keep. Existing leagues keep their points (points_system -> its preset) and their deadlines (5 minutes; cups by
 * match, league competitions by matchday). Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const points = (name: string, value: number) =>
    db.schema.alterTable('leagues').addColumn(name, 'integer', (c) => c.notNull().defaultTo(value)).execute();

  // Defaults are the `classic` preset (today's winner_and_goals).
  await db.schema.alterTable('leagues').addColumn('scoring_mode', 'varchar(10)', (c) => c.notNull().defaultTo('additive')).execute();
  await points('points_tendency', 2);
  await points('points_goal_difference', 0);
  await points('points_exact', 1);
  await points('points_local_goals', 1);
  await points('points_visiting_goals', 1);
  // count 0: jokers off.
  await points('joker_count', 0);
  await points('joker_multiplier', 2);
  await points('bet_deadline_minutes', 5);
  // Null: the competition's default (cups by match, league competitions by matchday), for rows written without it.
  await db.schema.alterTable('leagues').addColumn('lock_by', 'varchar(10)').execute();
  await db.schema.alterTable('result_bets').addColumn('joker', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // The kickoffs (the match's own, its matchday's first) that deadlines count from once the match's bets were
  // shown in some league: a deadline is never later than what these give (scoring/shownBets.ts).
  await db.schema.alterTable('matches').addColumn('shown_kickoff', 'bigint').execute();
  await db.schema.alterTable('matches').addColumn('shown_matchday_kickoff', 'bigint').execute();

  await db.schema.createTable('league_round_multipliers')
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('round_id', 'integer', (c) => c.notNull())
    .addColumn('factor', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('league_round_multipliers_pk', ['league_id', 'round_id'])
    .execute();

  // `winner` counted the right 1-X-2 only; winner_and_goals is the column default (classic).
  await sql`UPDATE leagues SET points_exact = 0, points_local_goals = 0, points_visiting_goals = 0
    WHERE points_system = 'winner'`.execute(db);
  await sql`UPDATE leagues SET lock_by = CASE WHEN competition_id IN (SELECT id FROM competitions WHERE competition_type = 'league')
    THEN 'matchday' ELSE 'match' END`.execute(db);
  // A pinned deadline was 5 minutes before the kickoff that governed it then (match or matchday by competition).
  await sql`UPDATE matches SET shown_kickoff = bets_shown_at + 300000, shown_matchday_kickoff = bets_shown_at + 300000
    WHERE bets_shown_at IS NOT NULL`.execute(db);
}

