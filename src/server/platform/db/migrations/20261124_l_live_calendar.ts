import { Kysely } from 'kysely';

/**
 * Matchday live: the events of the live streams and private calendar feeds.
 * live_events: what the live streams tell, written in the writer's transaction. Its id is the SSE event id, the
 * same in every server process, so a stream resumed with Last-Event-ID on any process replays what was missed;
 * rows older than an hour are pruned. `dedupe_key` makes an event that several processes derive from the clock
 * (a bet window closing) exist once.
 * calendar_feeds: the generation of a user's private calendar token; regenerating bumps it, which kills the old URL.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = (col: any) =>
    dialect === 'postgres' ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey();
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const time = 'bigint';

  await db.schema.createTable('live_events')
    .addColumn('id', idType, id)
    .addColumn('competition_id', idType, (c) => c.notNull().references('competitions.id').onDelete('cascade'))
    // 'matches' | 'bets_visible'
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    // JSON: the match rows of 'matches', the match ids of 'bets_visible'.
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'varchar(100)', (c) => c.unique())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('live_events_competition').on('live_events').columns(['competition_id', 'id']).execute();
  await db.schema.createIndex('live_events_created_at').on('live_events').column('created_at').execute();

  await db.schema.createTable('calendar_feeds')
    .addColumn('user_id', idType, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
}
