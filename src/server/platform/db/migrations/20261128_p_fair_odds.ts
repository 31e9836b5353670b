import { sql, type Kysely } from 'kysely';

/**
 * The rating model's tables (domain/fairOdds):
 * - team_rating_changes: every move of a team's rating, appended and never changed (a corrected result appends the
 *   difference), so a team's rating at any moment is its starting rating plus the moves made until then.
 * - match_ratings: per match, the result its moves were made for and the ratings before it, so the same result
 *   applied again moves nothing and a corrected one moves by the difference.
 * - league_match_odds: the model's chances of a match fixed at its deadline in a league scored by the odds,
 *   never changed; logged_at once written into the league's log.
 * leagues.scoring_mode is a varchar(10) with no check, so 'odds' needs no change there.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema.createTable('team_rating_changes')
    .addColumn('id', idType, (c) => (dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('team_id', idType, (c) => c.notNull().references('teams.id').onDelete('cascade'))
    // A deleted match keeps the moves it made: ratings do not jump back when an old competition goes.
    .addColumn('match_id', idType, (c) => c.references('matches.id').onDelete('set null'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('team_rating_changes_team').on('team_rating_changes').columns(['team_id', 'created_at']).execute();
  await db.schema.createTable('match_ratings')
    .addColumn('match_id', idType, (c) => c.primaryKey().references('matches.id').onDelete('cascade'))
    .addColumn('local_team_id', idType, (c) => c.notNull())
    .addColumn('visiting_team_id', idType, (c) => c.notNull())
    .addColumn('local_before', 'integer', (c) => c.notNull())
    .addColumn('visiting_before', 'integer', (c) => c.notNull())
    .addColumn('local_goals', 'integer', (c) => c.notNull())
    .addColumn('visiting_goals', 'integer', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createTable('league_match_odds')
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('match_id', idType, (c) => c.notNull().references('matches.id').onDelete('cascade'))
    .addColumn('home', 'integer', (c) => c.notNull())
    .addColumn('draw', 'integer', (c) => c.notNull())
    .addColumn('away', 'integer', (c) => c.notNull())
    .addColumn('et_home', 'integer')
    .addColumn('et_draw', 'integer')
    .addColumn('et_away', 'integer')
    .addColumn('through_home', 'integer')
    .addColumn('through_away', 'integer')
    .addColumn('local_rating', 'integer', (c) => c.notNull())
    .addColumn('visiting_rating', 'integer', (c) => c.notNull())
    .addColumn('deadline', 'bigint', (c) => c.notNull())
    .addColumn('sealed_at', 'bigint', (c) => c.notNull())
    .addColumn('logged_at', 'bigint')
    .addPrimaryKeyConstraint('league_match_odds_pkey', ['league_id', 'match_id'])
    .execute();
  await sql`CREATE INDEX league_match_odds_unlogged ON league_match_odds (league_id) WHERE logged_at IS NULL`.execute(db);
}
