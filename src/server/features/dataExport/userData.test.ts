import { sql } from 'kysely';
import { ROUND } from '../../../shared/domain/rounds';
import type { Executor } from '../../platform/db/database';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { userDataSections } from '../../features';
import { PASSWORD, signUpViaApi } from '../accounts/testing/accountsTestKit';
import { createLeague } from '../resultBets/testing/betsTestFixture';

const HOUR = 3_600_000;
const PUSH = { endpoint: 'https://fcm.googleapis.com/fcm/send/dora-device-secret', p256dh: 'BDoraPublicKeyMaterial', auth: 'DoraAuthSecret' };

/** Columns that name a user; the league log keeps its actors' ids (append-only, hash-chained: the name is gone). */
const USER_COLUMNS = new Set(['user_id', 'owner_id', 'inviter_id', 'invitee_id', 'nudged_by', 'started_by', 'actor_id', 'author_id', 'deleted_by']);
const KEPT_TABLES = new Set(['league_log', 'league_log_archive']);

/** Dora has something in every section: leagues (member, owner, banned), bets, picks, answers, invitations, nudges, devices... */
async function setup(t: TestApp) {
  const { db } = t.deps;
  const now = t.clock.now();
  const cup = await createCup(db, { start: now + HOUR });
  const dora = await signUpViaApi(t.app, { name: 'Dora Düsseldorf', email: 'dora@example.com' });
  const olga = await createUserWithToken(t.deps, { name: 'Olga' });
  const bob = await createUserWithToken(t.deps, { name: 'Bob' });
  const league = await createLeague(db, { competitionId: cup.competitionId, ownerId: olga.id, name: 'Oficina', members: [{ id: olga.id }, { id: dora.id, department: 'IT' }] });
  const owned = await createLeague(db, { competitionId: cup.competitionId, ownerId: dora.id, name: 'Dora FC', members: [{ id: dora.id }, { id: bob.id }] });
  const banned = await createLeague(db, { competitionId: cup.competitionId, ownerId: olga.id, name: 'Cerrada' });
  const matchId = cup.groupMatchIds[0];
  await db.insertInto('result_bets').values({ competition_id: cup.competitionId, league_id: league, user_id: dora.id, match_id: matchId, local_goals: 3, visiting_goals: 1, updated_at: now }).execute();
  await db.insertInto('round_bets').values({
    league_id: league, user_id: dora.id, league_rule_id: cup.ruleIds[ROUND.SEMI_FINALS], team_id: cup.teamIds[0], points: null, updated_at: now,
  }).execute();
  const { id: personId } = await db.insertInto('people').values({ name: 'Striker', team_id: cup.teamIds[0], external_key: null }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('person_bets').values({
    league_id: league, user_id: dora.id, league_rule_id: cup.ruleIds[ROUND.TOP_SCORER], person_id: personId, points: null, updated_at: now,
  }).execute();
  const { id: questionId } = await db.insertInto('bonus_questions').values({
    league_id: league, text: 'Goals?', kind: 'number', points: 3, deadline: now + HOUR, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('bonus_answers').values({ question_id: questionId, league_id: league, user_id: dora.id, answer: '7', answer_key: '7', points: null, updated_at: now }).execute();
  await db.insertInto('push_subscriptions').values({ user_id: dora.id, ...PUSH, created_at: now }).execute();
  await db.insertInto('calendar_feeds').values({ user_id: dora.id, generation: 2, updated_at: now }).execute();
  await db.insertInto('invitations').values({ league_id: owned, inviter_id: dora.id, email: 'zoe@example.com', token: 'tok-sent', created_at: now, updated_at: now }).execute();
  const { id: invitationId } = await db.insertInto('invitations')
    .values({ league_id: banned, inviter_id: olga.id, email: 'dora@example.com', token: 'tok-received', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('messages').values({ user_id: dora.id, kind: 'invitation', league_id: banned, invitation_id: invitationId, payload: '{"league_name":"Cerrada","token":"tok-received"}', created_at: now }).execute();
  await db.insertInto('messages').values({ user_id: olga.id, kind: 'invitation_sent', league_id: banned, invitation_id: invitationId, payload: '{}', created_at: now }).execute();
  await db.insertInto('league_nudges').values({ league_id: league, user_id: dora.id, deadline: now + HOUR, nudged_by: olga.id, nudged_at: now }).execute();
  await db.insertInto('league_nudges').values({ league_id: owned, user_id: bob.id, deadline: now + HOUR, nudged_by: dora.id, nudged_at: now }).execute();
  await db.insertInto('league_bans').values({ league_id: banned, user_id: dora.id, banned_at: now }).execute();
  await db.insertInto('client_logs').values({ user_id: dora.id, status: 500, code: 'x', message: 'boom', details: null, created_at: now }).execute();
  await db.insertInto('audit_log').values({ actor_id: olga.id, action: 'disable_user', entity: 'user', entity_id: dora.id, details: '{"email":"dora@example.com"}', created_at: now }).execute();
  await db.insertInto('mail_log').values({ to_address: 'dora@example.com', kind: 'reminder', subject: 'Hi', status: 'sent', error: null, created_at: now }).execute();
  await db.insertInto('sign_in_failures').values({ email: 'dora@example.com', ip: '10.0.0.1', created_at: now }).execute();
  await db.insertInto('reminders_sent').values({ user_id: dora.id, league_id: league, item: 'm1', sent_at: now }).execute();
  await db.insertInto('league_posts').values({ league_id: league, author_id: dora.id, text: 'Hola a todos', created_at: now }).execute();
  await db.insertInto('api_tokens').values({ user_id: dora.id, name: 'Bot', scope: 'bet', token_hash: 'dora-api-token-hash', created_at: now, expires_at: now + HOUR }).execute();
  await db.insertInto('password_resets').values({ user_id: dora.id, token_hash: 'dora-reset-hash', expires_at: now + HOUR, created_at: now }).execute();
  await db.insertInto('league_webhooks').values({
    league_id: owned, kind: 'slack', url: 'https://hooks.example.com/services/dora-credential', events: 'result', secret: 'dora-hook-secret', created_by: dora.id, created_at: now,
  }).execute();
  // What the game derives about her: her points of a matchday, her place in the title race (her main league comes
  // with joining).
  await db.insertInto('member_matchday_points').values({ league_id: league, user_id: dora.id, matchday: 1, points: 3, competition_id: cup.competitionId }).execute();
  await db.insertInto('title_race_marks').values({ league_id: league, user_id: dora.id, can_win: 1, clinched: 0, updated_at: now }).execute();
  // What she did as an owner and admin: a post removed from her league's board, an update she started, an audited act.
  await db.insertInto('league_posts').values({ league_id: owned, author_id: bob.id, text: 'Spam', created_at: now, deleted_at: now, deleted_by: dora.id }).execute();
  await db.insertInto('process_runs').values({ kind: 'update', trigger: 'manual', competition_id: cup.competitionId, started_by: dora.id, started_at: now, outcome: 'done' }).execute();
  await db.insertInto('audit_log').values({ actor_id: dora.id, action: 'verify_email', entity: 'user', entity_id: bob.id, details: '{}', created_at: now }).execute();
  await db.updateTable('invitations').set({ invitee_id: dora.id }).where('token', '=', 'tok-received').execute();
  return { dora, olga, bob, league, owned, banned, matchId };
}

const users = (t: TestApp) => t.deps.db.selectFrom('users');

/** Every secret the database holds about the user or a league of theirs: none may reach the export. */
async function secretsOf(db: Executor, userId: number): Promise<string[]> {
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
  const sessions = await db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
  const hashes = async (table: 'api_tokens' | 'password_resets' | 'email_verifications') =>
    (await db.selectFrom(table).select('token_hash').where('user_id', '=', userId).execute()).map((r) => r.token_hash);
  const shareTokens = await db.selectFrom('leagues').select('share_token').execute();
  const invitationTokens = await db.selectFrom('invitations').select('token').execute();
  const hooks = await db.selectFrom('league_webhooks').select(['url', 'secret']).execute();
  const secrets = [
    user.password_hash, ...sessions.map((r) => r.id), ...await hashes('api_tokens'), ...await hashes('password_resets'),
    ...await hashes('email_verifications'), ...shareTokens.map((l) => l.share_token), ...invitationTokens.map((i) => i.token),
    ...hooks.flatMap((h) => [h.url, h.secret]), PUSH.endpoint, PUSH.p256dh, PUSH.auth,
  ];
  expect(secrets).toEqual(expect.arrayContaining(['tok-sent', 'tok-received', 'dora-api-token-hash', 'dora-reset-hash', 'dora-hook-secret']));
  return secrets;
}

/** Columns that hold a user's id: those with a foreign key to users, and those named for one (USER_COLUMNS). */
async function userColumnsOf(t: TestApp): Promise<Array<{ table: string; column: string }>> {
  const { rows } = t.kind === 'sqlite'
    ? await sql<{ t: string; c: string }>`SELECT m.name AS t, p."from" AS c FROM sqlite_master m
        JOIN pragma_foreign_key_list(m.name) p WHERE m.type = 'table' AND p."table" = 'users'`.execute(t.deps.db)
    // PostgreSQL: tables only, not the partitions of a partitioned table (each one repeats its parent's keys).
    : await sql<{ t: string; c: string }>`SELECT DISTINCT c.relname AS t, a.attname AS c
        FROM pg_constraint k
        JOIN pg_class c ON c.oid = k.conrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_class r ON r.oid = k.confrelid
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY (k.conkey)
        WHERE k.contype = 'f' AND r.relname = 'users' AND n.nspname = current_schema() AND NOT c.relispartition`.execute(t.deps.db);
  const found = new Set(rows.map((row) => `${row.t}.${row.c}`));
  for (const table of await tablesOf(t.deps.db)) {
    for (const column of table.columns) if (USER_COLUMNS.has(column.name)) found.add(`${table.name}.${column.name}`);
  }
  const partitions = t.kind === 'sqlite' ? new Set<string>() : new Set((await sql<{ t: string }>`SELECT c.relname AS t FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relispartition AND n.nspname = current_schema()`.execute(t.deps.db)).rows.map((row) => row.t));
  return [...found].sort().map((name) => { const [table, column] = name.split('.'); return { table, column }; })
    .filter(({ table }) => !KEPT_TABLES.has(table) && !partitions.has(table));
}

const namingUser = async (t: TestApp, { table, column }: { table: string; column: string }, userId: number) => Number((await sql<{ n: number }>`
  SELECT COUNT(*) AS n FROM ${sql.table(table)} WHERE ${sql.ref(`${table}.${column}`)} = ${userId}`.execute(t.deps.db)).rows[0].n);

/** Tables of the current database or schema, with their columns. */
async function tablesOf(db: Executor) {
  const tables = await db.introspection.getTables();
  const schema = await sql<{ s: string | null }>`SELECT current_schema() AS s`.execute(db).then((r) => r.rows[0]?.s).catch(() => null);
  return tables.filter((table) => !table.schema || table.schema === schema).filter((table) => !table.name.startsWith('kysely_'));
}

describeEachDb('the user\'s data: export and account deletion', (ctx) => {
  it('exports everything held about the caller as one JSON file, without secrets', async () => {
    const t = ctx();
    const s = await setup(t);
    const res = await call(t.app, { method: 'GET', url: '/api/v1/en/users/export', token: s.dora.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="porra-my-data \d{4}-\d\d-\d\d\.json"/);
    const { sections } = res.data;
    expect(res.data).toMatchObject({ format: 'porra-user-data', version: 1, user_id: s.dora.id });
    expect(Object.keys(sections)).toEqual(userDataSections.map((section) => section.name));
    expect(sections.account).toMatchObject({ id: s.dora.id, name: 'Dora Düsseldorf', email: 'dora@example.com', sessions: [expect.objectContaining({ created_at: expect.any(String) })] });
    expect(sections.leagues.memberships.map((m: any) => [m.league, m.owner, m.department])).toEqual([['Oficina', false, 'IT'], ['Dora FC', true, null]]);
    expect(sections.leagues.bans).toEqual([expect.objectContaining({ league: 'Cerrada' })]);
    expect(sections.result_bets).toEqual([expect.objectContaining({ league: 'Oficina', match_id: s.matchId, local_goals: 3, visiting_goals: 1, simulation: false })]);
    expect(sections.picks.rounds).toEqual([expect.objectContaining({ league: 'Oficina', team: expect.any(String) })]);
    expect(sections.picks.people).toEqual([expect.objectContaining({ person: 'Striker' })]);
    expect(sections.bonus_answers).toEqual([expect.objectContaining({ question: 'Goals?', answer: '7' })]);
    expect(sections.invitations.sent).toEqual([expect.objectContaining({ league: 'Dora FC', email: 'zoe@example.com' })]);
    expect(sections.invitations.received).toEqual([expect.objectContaining({ league: 'Cerrada', email: 'dora@example.com' })]);
    expect(sections.invitations.messages).toEqual([expect.objectContaining({ kind: 'invitation', content: { league_name: 'Cerrada' } })]);
    expect(sections.nudges).toEqual({ received: [expect.objectContaining({ league: 'Oficina' })], sent: 1 });
    expect(sections.push_devices).toEqual([{ push_service: 'https://fcm.googleapis.com', created_at: expect.any(String) }]);
    expect(sections.calendar).toEqual({ replaced: 2, updated_at: expect.any(String) });
    expect(sections.league_posts).toEqual([expect.objectContaining({ league_name: 'Oficina', text: 'Hola a todos' })]);
    for (const secret of await secretsOf(t.deps.db, s.dora.id)) expect(res.body).not.toContain(secret);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/en/users/export' })).statusCode).toBe(401);
  });

  it("each section's forget leaves nothing for its collect to show", async () => {
    const t = ctx();
    const s = await setup(t);
    for (const section of userDataSections) {
      await expect(t.deps.db.transaction().execute(async (trx) => {
        await section.forget(trx, s.dora.id);
        throw Object.assign(new Error('roll back'), { left: await section.collect(trx, s.dora.id) });
      })).rejects.toMatchObject({ left: emptyShape(section.name) });
    }
  });

  it('this world names Dora in every column that can name a user, so a table added without a section fails below', async () => {
    const t = ctx();
    const s = await setup(t);
    const unseeded = [];
    for (const place of await userColumnsOf(t)) if (await namingUser(t, place, s.dora.id) === 0) unseeded.push(`${place.table}.${place.column}`);
    expect(unseeded).toEqual([]);
  });

  it('deleting the account removes or anonymises every row that names the user; other members keep their league', async () => {
    const t = ctx();
    const s = await setup(t);
    const deleted = await call(t.app, { method: 'DELETE', url: '/api/v1/users', token: s.dora.token, payload: { api_v1_user: { current_password: PASSWORD } } });
    expect(deleted.statusCode).toBe(200);
    expect(await users(t).select('id').where('id', '=', s.dora.id).execute()).toEqual([]);

    const left: string[] = [];
    for (const place of [...await userColumnsOf(t), { table: 'users', column: 'id' }]) {
      if (await namingUser(t, place, s.dora.id) > 0) left.push(`${place.table}.${place.column}`);
    }
    for (const table of await tablesOf(t.deps.db)) {
      if (KEPT_TABLES.has(table.name)) continue;
      for (const column of table.columns) {
        const ref = sql.ref(`${table.name}.${column.name}`);
        if (/char|text|string/i.test(column.dataType)) {
          const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(table.name)}
            WHERE ${ref} LIKE ${'%dora@example.com%'} OR ${ref} = ${`user:${s.dora.id}`}`.execute(t.deps.db);
          if (Number(rows[0].n) > 0) left.push(`${table.name}.${column.name} (address)`);
        }
      }
    }
    const audit = await t.deps.db.selectFrom('audit_log').select(['entity', 'entity_id']).where('action', '=', 'disable_user').execute();
    expect({ left, audit }).toEqual({ left: [], audit: [{ entity: 'user', entity_id: null }] });

    // What others hold stays: Bob took Dora FC over, Zoe's invitation is still there (without its inviter), Olga's league lives on.
    const ownedNow = await t.deps.db.selectFrom('leagues').select('owner_id').where('id', '=', s.owned).executeTakeFirstOrThrow();
    expect(Number(ownedNow.owner_id)).toBe(s.bob.id);
    expect(await t.deps.db.selectFrom('invitations').select(['email', 'inviter_id']).where('token', '=', 'tok-sent').execute())
      .toEqual([{ email: 'zoe@example.com', inviter_id: null }]);
    expect(await t.deps.db.selectFrom('league_nudges').select('nudged_by').where('user_id', '=', s.bob.id).execute()).toEqual([{ nudged_by: null }]);
    expect(await t.deps.db.selectFrom('league_members').select('user_id').where('league_id', '=', s.league).execute())
      .toEqual([{ user_id: s.olga.id }]);
  });
});

/** What each section's collect answers once its forget has run. */
function emptyShape(name: string): unknown {
  switch (name) {
    // The user row and its sessions go last, with the deletion itself.
    case 'account': return { id: expect.any(Number) };
    case 'leagues': return { memberships: [], bans: [] };
    case 'picks': return { rounds: [], people: [] };
    case 'invitations': return { sent: [], received: [], messages: [] };
    case 'nudges': return { received: [], sent: 0 };
    case 'calendar': return null;
    default: return [];
  }
}
