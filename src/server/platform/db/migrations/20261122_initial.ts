import { Kysely, sql } from 'kysely';

/**
 * The complete data model. Frozen in time: never import application code here.
 * Portable between SQLite and PostgreSQL: dates are epoch milliseconds (bigint), booleans 0/1 integers,
 * ids come from an identity column whose DDL depends on the dialect, passed in from config.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = (col: any) =>
    dialect === 'postgres'
      ? col.generatedByDefaultAsIdentity().primaryKey()
      : col.autoIncrement().primaryKey();
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const time = 'bigint';
  const flag = (col: any) => col.notNull().defaultTo(0);

  await db.schema.createTable('settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema.createTable('users')
    .addColumn('id', idType, id)
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('is_admin', 'integer', flag)
    .addColumn('locale', 'varchar(5)', (c) => c.notNull().defaultTo('en'))
    .addColumn('email_reminders', 'integer', flag)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();

  // A signed-in session: the JWT carries its id, so sign-out and password changes revoke it.
  await db.schema.createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema.createTable('password_resets')
    .addColumn('id', idType, id)
    .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('used_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();

  // Failed sign-ins per email, so the per-account limit holds across every server process.
  await db.schema.createTable('sign_in_failures')
    .addColumn('id', idType, id)
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_failures_email').on('sign_in_failures').columns(['email', 'created_at']).execute();

  await db.schema.createTable('competitions')
    .addColumn('id', idType, id)
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('competition_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('finished', 'integer', flag)
    .addColumn('provider', 'varchar(20)', (c) => c.notNull().defaultTo('manual'))
    .addColumn('provider_ref', 'text')
    .addColumn('external_key', 'varchar(200)', (c) => c.unique())
    .addColumn('time_shift_ms', time, (c) => c.notNull().defaultTo(0))
    .addColumn('replay', 'integer', flag)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();

  // Global catalogue with fixed ids (the client picks icons by id).
  await db.schema.createTable('rounds')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .execute();

  await db.schema.createTable('teams')
    .addColumn('id', idType, id)
    .addColumn('team_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('abbreviation', 'varchar(10)', (c) => c.notNull())
    .addColumn('flag', 'varchar(100)')
    .addColumn('is_flag', 'integer', flag)
    .addColumn('colors', 'varchar(200)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('external_key', 'varchar(200)', (c) => c.unique())
    .execute();

  await db.schema.createTable('competition_teams')
    .addColumn('competition_id', idType, (c) => c.notNull().references('competitions.id').onDelete('cascade'))
    .addColumn('team_id', idType, (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('competition_teams_pk', ['competition_id', 'team_id'])
    .execute();

  await db.schema.createTable('groups')
    .addColumn('id', idType, id)
    .addColumn('competition_id', idType, (c) => c.notNull().references('competitions.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addUniqueConstraint('groups_competition_name', ['competition_id', 'name'])
    .execute();

  await db.schema.createTable('group_teams')
    .addColumn('group_id', idType, (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('team_id', idType, (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('group_teams_pk', ['group_id', 'team_id'])
    .execute();

  await db.schema.createTable('people')
    .addColumn('id', idType, id)
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('team_id', idType, (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('external_key', 'varchar(200)', (c) => c.unique())
    .execute();

  await db.schema.createTable('person_stats')
    .addColumn('competition_id', idType, (c) => c.notNull().references('competitions.id').onDelete('cascade'))
    .addColumn('person_id', idType, (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('goals', 'integer', flag)
    .addColumn('assists', 'integer', flag)
    .addPrimaryKeyConstraint('person_stats_pk', ['competition_id', 'person_id'])
    .execute();

  await db.schema.createTable('matches')
    .addColumn('id', idType, id)
    .addColumn('competition_id', idType, (c) => c.notNull().references('competitions.id').onDelete('cascade'))
    .addColumn('group_id', idType, (c) => c.references('groups.id').onDelete('set null'))
    .addColumn('round_id', 'integer', (c) => c.notNull().references('rounds.id'))
    .addColumn('matchday', 'integer', (c) => c.notNull())
    .addColumn('local_team_id', idType, (c) => c.references('teams.id'))
    .addColumn('visiting_team_id', idType, (c) => c.references('teams.id'))
    .addColumn('local_placeholder', 'varchar(50)')
    .addColumn('visiting_placeholder', 'varchar(50)')
    .addColumn('date', time, (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('scheduled'))
    .addColumn('started', 'integer', flag)
    .addColumn('finished', 'integer', flag)
    .addColumn('local_goals', 'integer')
    .addColumn('visiting_goals', 'integer')
    .addColumn('local_goals_extra_time', 'integer')
    .addColumn('visiting_goals_extra_time', 'integer')
    .addColumn('local_penalties', 'integer')
    .addColumn('visiting_penalties', 'integer')
    // Results a replayed import holds back until kickoff + 2 h (JSON of the score fields).
    .addColumn('held_result', 'text')
    .addColumn('external_key', 'varchar(200)')
    .addColumn('updated_at', time, (c) => c.notNull())
    .addUniqueConstraint('matches_competition_external', ['competition_id', 'external_key'])
    .execute();
  await db.schema.createIndex('matches_competition_matchday').on('matches').columns(['competition_id', 'matchday', 'date']).execute();
  await db.schema.createIndex('matches_date').on('matches').columns(['date']).execute();

  // Goals per person per match let a corrected result recompute scorer counts.
  await db.schema.createTable('match_goals')
    .addColumn('id', idType, id)
    .addColumn('match_id', idType, (c) => c.notNull().references('matches.id').onDelete('cascade'))
    .addColumn('person_id', idType, (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('minute', 'integer')
    .addColumn('own_goal', 'integer', flag)
    .addColumn('penalty', 'integer', flag)
    .execute();
  await db.schema.createIndex('match_goals_match').on('match_goals').column('match_id').execute();

  // Pick rules of a competition: how many teams/persons to pick for a round and the points per hit.
  await db.schema.createTable('league_rules')
    .addColumn('id', idType, id)
    .addColumn('competition_id', idType, (c) => c.notNull().references('competitions.id').onDelete('cascade'))
    .addColumn('round_id', 'integer', (c) => c.notNull().references('rounds.id'))
    .addColumn('picks', 'integer', (c) => c.notNull())
    .addColumn('points_per_hit', 'integer', (c) => c.notNull())
    .addUniqueConstraint('league_rules_competition_round', ['competition_id', 'round_id'])
    .execute();

  await db.schema.createTable('leagues')
    .addColumn('id', idType, id)
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_normalized', 'varchar(100)', (c) => c.notNull())
    .addColumn('competition_id', idType, (c) => c.notNull().references('competitions.id').onDelete('cascade'))
    .addColumn('owner_id', idType, (c) => c.notNull().references('users.id'))
    .addColumn('bets_system', 'varchar(10)', (c) => c.notNull().defaultTo('exact'))
    .addColumn('points_system', 'varchar(20)', (c) => c.notNull().defaultTo('winner_and_goals'))
    .addColumn('playoff_results_points', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('round_bets_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('person_bets_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('allow_invite', 'integer', flag)
    .addColumn('allow_join', 'integer', flag)
    .addColumn('editable_after_start', 'integer', flag)
    .addColumn('start_matchday', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('knockout_basis', 'varchar(20)', (c) => c.notNull().defaultTo('regular'))
    .addColumn('share_token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('leagues_competition').on('leagues').column('competition_id').execute();
  await db.schema.createIndex('leagues_name_normalized').on('leagues').column('name_normalized').execute();

  await db.schema.createTable('league_teams')
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('team_id', idType, (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('league_teams_pk', ['league_id', 'team_id'])
    .execute();

  // Membership plus the member's stored standing, so reading a table never re-aggregates bets.
  await db.schema.createTable('league_members')
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('department', 'varchar(100)')
    .addColumn('joined_at', time, (c) => c.notNull())
    .addColumn('points_league', 'integer', flag)
    .addColumn('points_rounds', 'integer', flag)
    .addColumn('points_people', 'integer', flag)
    .addColumn('points', 'integer', flag)
    .addColumn('matchday_wins', 'integer', flag)
    .addPrimaryKeyConstraint('league_members_pk', ['league_id', 'user_id'])
    .execute();
  await db.schema.createIndex('league_members_user').on('league_members').column('user_id').execute();

  await db.schema.createTable('member_matchday_points')
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('matchday', 'integer', (c) => c.notNull())
    .addColumn('points', 'integer', flag)
    // 1 when the member won this (finished) matchday in the league; summed into league_members.matchday_wins.
    .addColumn('won', 'integer', flag)
    .addPrimaryKeyConstraint('member_matchday_points_pk', ['league_id', 'user_id', 'matchday'])
    .execute();
  // Finding a matchday's best score in a league is an index seek.
  await db.schema.createIndex('member_matchday_points_matchday').on('member_matchday_points')
    .columns(['league_id', 'matchday', 'points']).execute();

  await db.schema.createTable('invitations')
    .addColumn('id', idType, id)
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('inviter_id', idType, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('invitee_id', idType, (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invitations_league').on('invitations').columns(['league_id', 'status']).execute();
  await db.schema.createIndex('invitations_email').on('invitations').columns(['email', 'status']).execute();
  // One pending invitation per address and league, even when two are sent at the same moment.
  await db.schema.createIndex('invitations_pending_unique').on('invitations').columns(['league_id', 'email']).unique()
    .where(sql.ref('status'), '=', 'pending').execute();

  await db.schema.createTable('messages')
    .addColumn('id', idType, id)
    .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    .addColumn('league_id', idType, (c) => c.references('leagues.id').onDelete('cascade'))
    .addColumn('invitation_id', idType, (c) => c.references('invitations.id').onDelete('cascade'))
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('read_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_user').on('messages').columns(['user_id', 'created_at']).execute();

  // mode 0 = real bet, mode 1 = the user's private simulation.
  await db.schema.createTable('result_bets')
    .addColumn('id', idType, id)
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('match_id', idType, (c) => c.notNull().references('matches.id').onDelete('cascade'))
    .addColumn('mode', 'integer', flag)
    .addColumn('local_goals', 'integer')
    .addColumn('visiting_goals', 'integer')
    .addColumn('points', 'integer')
    .addColumn('modified_after_start', 'integer', flag)
    .addColumn('updated_at', time, (c) => c.notNull())
    .addUniqueConstraint('result_bets_unique', ['league_id', 'user_id', 'match_id', 'mode'])
    .execute();
  // SQLite: covering for the standings refresh after a result (a matchday's bets summed per member without
  // reading the table rows: one match, 51,000 bets, 0.5 s -> 0.3 s). PostgreSQL: points stays out of the indexes,
  // so re-scoring remains a HOT update (below).
  await db.schema.createIndex('result_bets_match').on('result_bets')
    .columns(dialect === 'sqlite' ? ['match_id', 'mode', 'league_id', 'user_id', 'points'] : ['match_id', 'mode']).execute();
  // A league's bets on one match (show bets, last bets, copy) without scanning every member's rows.
  await db.schema.createIndex('result_bets_league_match').on('result_bets').columns(['league_id', 'match_id']).execute();
  if (dialect === 'postgres') {
    // Bets and standings are rewritten in place all the time (edits, re-scoring): free room in each page lets
    // PostgreSQL update them without touching the indexes (HOT updates), since no index covers those columns.
    await sql`ALTER TABLE result_bets SET (fillfactor = 80)`.execute(db);
    await sql`ALTER TABLE league_members SET (fillfactor = 80)`.execute(db);
  }

  await db.schema.createTable('round_bets')
    .addColumn('id', idType, id)
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('league_rule_id', idType, (c) => c.notNull().references('league_rules.id').onDelete('cascade'))
    .addColumn('team_id', idType, (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('mode', 'integer', flag)
    .addColumn('points', 'integer')
    .addColumn('updated_at', time, (c) => c.notNull())
    .addUniqueConstraint('round_bets_unique', ['league_id', 'user_id', 'league_rule_id', 'team_id', 'mode'])
    .execute();
  await db.schema.createIndex('round_bets_rule').on('round_bets').columns(['league_rule_id', 'mode']).execute();
  // Pick scoring joins scored (rule, team) pairs back to the picks.
  await db.schema.createIndex('round_bets_rule_team').on('round_bets').columns(['league_rule_id', 'team_id']).execute();

  await db.schema.createTable('person_bets')
    .addColumn('id', idType, id)
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('league_rule_id', idType, (c) => c.notNull().references('league_rules.id').onDelete('cascade'))
    .addColumn('person_id', idType, (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('mode', 'integer', flag)
    .addColumn('points', 'integer')
    .addColumn('updated_at', time, (c) => c.notNull())
    .addUniqueConstraint('person_bets_unique', ['league_id', 'user_id', 'league_rule_id', 'person_id', 'mode'])
    .execute();
  await db.schema.createIndex('person_bets_rule').on('person_bets').columns(['league_rule_id', 'mode']).execute();
  await db.schema.createIndex('person_bets_rule_person').on('person_bets').columns(['league_rule_id', 'person_id']).execute();

  await db.schema.createTable('push_subscriptions')
    .addColumn('id', idType, id)
    .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(200)', (c) => c.notNull())
    .addColumn('auth', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

  // The scheduler reminds a member of each pending item once (admins' notify always sends).
  await db.schema.createTable('reminders_sent')
    .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    // 'results:<matchday>' or 'picks:<round id>'
    .addColumn('item', 'varchar(30)', (c) => c.notNull())
    .addColumn('sent_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('reminders_sent_pk', ['user_id', 'league_id', 'item'])
    .execute();

  // Named processes (update, notify, scheduler ticks) locked across every server process.
  await db.schema.createTable('process_locks')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(100)', (c) => c.notNull())
    .addColumn('acquired_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute();

  await db.schema.createTable('client_logs')
    .addColumn('id', idType, id)
    .addColumn('user_id', idType, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'integer')
    .addColumn('code', 'varchar(50)')
    .addColumn('message', 'varchar(1000)')
    .addColumn('details', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();

  // Development outbox: emails written here when no SMTP_URL is configured.
  await db.schema.createTable('mail_outbox')
    .addColumn('id', idType, id)
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();

  await db.schema.createTable('audit_log')
    .addColumn('id', idType, id)
    .addColumn('actor_id', idType, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(50)', (c) => c.notNull())
    .addColumn('entity', 'varchar(50)', (c) => c.notNull())
    .addColumn('entity_id', idType)
    .addColumn('details', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();

  await sql`select 1`.execute(db);
}
