import { Kysely } from 'kysely';

/**
 * Game depth: bonus questions and their answers, a league's tie-breaks, the bonus points column of
 * the standings, the late-entry mark of a result bet, and the per-league hash-chained log.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = (col: any) =>
    dialect === 'postgres' ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey();
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const time = 'bigint';
  const flag = (col: any) => col.notNull().defaultTo(0);

  // Ordered list of tie-break keys, as JSON ("[]": equal points share a position).
  await db.schema.alterTable('leagues').addColumn('tie_breaks', 'varchar(200)', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('league_members').addColumn('points_bonus', 'integer', flag).execute();
  // 1 once the owner entered or corrected the bet after its deadline (POST /result_bets/late_entry).
  await db.schema.alterTable('result_bets').addColumn('late_entry', 'integer', flag).execute();

  await db.schema.createTable('bonus_questions')
    .addColumn('id', idType, id)
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('text', 'varchar(300)', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    // JSON array of the options of a `choice` question; null for the other kinds.
    .addColumn('choices', 'text')
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('deadline', time, (c) => c.notNull())
    // JSON array of the right answers once resolved.
    .addColumn('correct', 'text')
    .addColumn('resolved_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bonus_questions_league').on('bonus_questions').column('league_id').execute();

  // One answer per member and question; it goes with the membership (a member who leaves or is removed).
  await db.schema.createTable('bonus_answers')
    .addColumn('question_id', idType, (c) => c.notNull().references('bonus_questions.id').onDelete('cascade'))
    .addColumn('league_id', idType, (c) => c.notNull())
    .addColumn('user_id', idType, (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    // Normalised comparable form ("team:12", "number:3", "person:lionel messi", "choice:2"): resolving compares keys.
    .addColumn('answer_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('points', 'integer')
    .addColumn('updated_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('bonus_answers_pk', ['question_id', 'user_id'])
    .addForeignKeyConstraint('bonus_answers_member_fkey', ['league_id', 'user_id'], 'league_members', ['league_id', 'user_id'],
      (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('bonus_answers_member').on('bonus_answers').columns(['league_id', 'user_id']).execute();

  // Append-only: no foreign key on the actor (a deleted user must not rewrite, and so break, the chain).
  await db.schema.createTable('league_log')
    .addColumn('id', idType, id)
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('actor_id', idType)
    .addColumn('action', 'varchar(50)', (c) => c.notNull())
    // Canonical JSON of the entry's changes ({ before, after, ... }).
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('prev_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    // Two appends computing the same next entry cannot both land: the chain cannot fork.
    .addUniqueConstraint('league_log_seq', ['league_id', 'seq'])
    .execute();
}
