import { Kysely } from 'kysely';

/**
 * League trust: bans of removed members, the sticky markers that keep shown bets and picks closed,
 * and the index behind the per-inviter hourly invitation cap.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const time = 'bigint';

  // A member removed by the owner may not come back through the share link or open join; a later personal
  // invitation from the owner lifts the ban when it is accepted.
  await db.schema.createTable('league_bans')
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('banned_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('league_bans_pk', ['league_id', 'user_id'])
    .execute();

  // The result-bet deadline a match had when its bets were first shown to the leagues. Set when a kickoff write
  // would otherwise move a passed deadline; from then on it is the match's deadline, so the bets stay closed.
  await db.schema.alterTable('matches').addColumn('bets_shown_at', time).execute();

  // The first counted kickoff as it stood when the league's picks anchored on it were shown; a later change of
  // start_matchday never moves those pick deadlines past it.
  await db.schema.alterTable('leagues').addColumn('picks_shown_kickoff', time).execute();

  // Counts an inviter's invitations of the last hour.
  await db.schema.createIndex('invitations_inviter_created').on('invitations').columns(['inviter_id', 'created_at']).execute();
}
