import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createLeague } from '../resultBets/testing/betsTestFixture';
import { apiTokensUserData } from './apiTokensUserData';

const DAY = 24 * 3_600_000;
const url = (path: string, locale = 'en') => `/api/v1/${locale}${path}`;

async function createToken(t: TestApp, session: string, body: Record<string, unknown>, locale = 'en') {
  return call(t.app, { method: 'POST', url: url('/users/api_tokens', locale), token: session, payload: body });
}
const inDays = (t: TestApp, days: number) => new Date(t.clock.now() + days * DAY).toISOString();

describeEachDb('personal API tokens', (ctx) => {
  it('shows a new token once, lists it without its value, and stores only its hash', async () => {
    const t = ctx();
    const alice = await createUserWithToken(t.deps, { name: 'Alice' });
    const created = await createToken(t, alice.token, { name: '  My  bot ', scope: 'bet', expires_at: inDays(t, 30) });
    expect(created.statusCode).toBe(200);
    expect(created.data.token).toMatch(new RegExp(`^porra_pat_${alice.id}_[\\w-]{43}$`));
    expect(created.data.api_token).toMatchObject({ name: 'My bot', scope: 'bet', last_used_at: null, expired: false });

    const listed = await call(t.app, { method: 'GET', url: url('/users/api_tokens'), token: alice.token });
    expect(listed.data).toEqual([created.data.api_token]);
    expect(listed.body).not.toContain(created.data.token);
    const stored = await t.deps.db.selectFrom('api_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(created.data.token);
  });

  it('refuses a blank name, a past or too distant expiry, and an eleventh live token, in the caller\'s language', async () => {
    const t = ctx();
    const alice = await createUserWithToken(t.deps, { name: 'Alice' });
    expect((await createToken(t, alice.token, { name: ' ', scope: 'read', expires_at: inDays(t, 1) })).statusCode).toBe(400);
    const past = await createToken(t, alice.token, { name: 'Old', scope: 'read', expires_at: inDays(t, -1) }, 'es');
    expect(past.statusCode).toBe(400);
    expect(past.data.errors.expires_at[0]).toContain('fecha futura');
    expect((await createToken(t, alice.token, { name: 'Far', scope: 'read', expires_at: inDays(t, 400) })).statusCode).toBe(400);
    expect((await createToken(t, alice.token, { name: 'X', scope: 'admin', expires_at: inDays(t, 1) })).statusCode).toBe(400);
    for (let i = 0; i < 10; i += 1) {
      const expiresAt = i === 0 ? new Date(t.clock.now() + 3_600_000).toISOString() : inDays(t, i);
      expect((await createToken(t, alice.token, { name: `Bot ${i}`, scope: 'read', expires_at: expiresAt })).statusCode).toBe(200);
    }
    const eleventh = await createToken(t, alice.token, { name: 'One more', scope: 'read', expires_at: inDays(t, 5) }, 'es');
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.data.error).toContain('10 tokens');
    expect(await t.deps.db.selectFrom('api_tokens').select('id').execute()).toHaveLength(10);
    // An expired token no longer counts.
    t.clock.set(t.clock.now() + 2 * 3_600_000);
    expect((await createToken(t, alice.token, { name: 'One more', scope: 'read', expires_at: inDays(t, 5) })).statusCode).toBe(200);
  });

  it('counts concurrent creations against the limit: never more than 10 live tokens', async () => {
    const t = ctx();
    const alice = await createUserWithToken(t.deps, { name: 'Alice' });
    const answers = await Promise.all(Array.from({ length: 14 }, (_, i) =>
      createToken(t, alice.token, { name: `Bot ${i}`, scope: 'read', expires_at: inDays(t, 3) })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(4);
  });

  it('authenticates with a token until it expires or is revoked, and records its use at most once a minute', async () => {
    const t = ctx();
    const alice = await createUserWithToken(t.deps, { name: 'Alice' });
    const bob = await createUserWithToken(t.deps, { name: 'Bob' });
    const { data } = await createToken(t, alice.token, { name: 'Reader', scope: 'read', expires_at: inDays(t, 2) });
    const leagues = () => call(t.app, { method: 'GET', url: url('/leagues/index'), token: data.token });
    expect((await leagues()).statusCode).toBe(200);
    const firstUse = t.clock.now();
    t.clock.set(firstUse + 30_000);
    expect((await leagues()).statusCode).toBe(200);
    const row = () => t.deps.db.selectFrom('api_tokens').select('last_used_at').executeTakeFirstOrThrow();
    expect((await row()).last_used_at).toBe(firstUse);
    t.clock.set(firstUse + 61_000);
    expect((await leagues()).statusCode).toBe(200);
    expect((await row()).last_used_at).toBe(firstUse + 61_000);

    // Someone else cannot revoke it; its owner can, and it stops working at once (even cached).
    const revokeAs = (session: string) => call(t.app, { method: 'DELETE', url: url(`/users/api_tokens/${data.api_token.id}`), token: session });
    expect((await revokeAs(bob.token)).statusCode).toBe(404);
    expect((await leagues()).statusCode).toBe(200);
    expect((await revokeAs(alice.token)).statusCode).toBe(200);
    expect((await leagues()).statusCode).toBe(401);

    const second = (await createToken(t, alice.token, { name: 'Short', scope: 'read', expires_at: inDays(t, 1) })).data;
    t.clock.set(t.clock.now() + DAY + 1);
    expect((await call(t.app, { method: 'GET', url: url('/leagues/index'), token: second.token })).statusCode).toBe(401);
    // A forged token naming another user is nobody.
    const forged = second.token.replace(`porra_pat_${alice.id}_`, `porra_pat_${bob.id}_`);
    expect((await call(t.app, { method: 'GET', url: url('/leagues/index'), token: forged })).statusCode).toBe(401);
  });

  it('never reaches account settings, token management, league management or admin routes (403, translated)', async () => {
    const t = ctx();
    const admin = await createUserWithToken(t.deps, { name: 'Root', is_admin: true });
    const { data } = await createToken(t, admin.token, { name: 'Everything', scope: 'bet', expires_at: inDays(t, 2) });
    const asToken = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object, prefixed = true) =>
      call(t.app, { method, url: prefixed ? url(path, 'es') : `/api/v1${path}`, token: data.token, ...(payload && { payload }) });
    const refused = [
      await asToken('PUT', '/users', { user: { name: 'Hacked' } }, false),
      await asToken('DELETE', '/users/sign_out', undefined, false),
      await asToken('GET', '/users/api_tokens'),
      await asToken('POST', '/users/api_tokens', { name: 'Child', scope: 'bet', expires_at: inDays(t, 1) }),
      await asToken('GET', '/admin/users'),
      await asToken('POST', '/leagues', { league: { name: 'By bot', competition_id: 1 } }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(refused[2].data.error).toContain('token de API');
    // On a public route a token is a visitor: the caller's own account is not shown to it.
    const me = await asToken('GET', '/users/index');
    expect(me.data).toMatchObject({ id: -1, name: null });
    const user = await t.deps.db.selectFrom('users').select('name').where('id', '=', admin.id).executeTakeFirstOrThrow();
    expect(user.name).toBe('Root');
  });

  it('a read token reads a league but cannot bet; a bet token bets', async () => {
    const t = ctx();
    const cup = await createCup(t.deps.db, { start: t.clock.now() + 2 * DAY });
    const alice = await createUserWithToken(t.deps, { name: 'Alice' });
    const leagueId = await createLeague(t.deps.db, { competitionId: cup.competitionId, ownerId: alice.id });
    const read = (await createToken(t, alice.token, { name: 'R', scope: 'read', expires_at: inDays(t, 5) })).data.token;
    const bet = (await createToken(t, alice.token, { name: 'B', scope: 'bet', expires_at: inDays(t, 5) })).data.token;
    const bets = await call(t.app, { method: 'GET', url: url(`/result_bets/index/${leagueId}`), token: read });
    expect(bets.statusCode).toBe(200);
    const payload = { result_bet_id: bets.data[0].id, local_goals: 1, visiting_goals: 0 };
    const save = (token: string) => call(t.app, { method: 'POST', url: url('/result_bets/update_result_bet'), token, payload });
    expect((await save(read)).statusCode).toBe(403);
    expect((await save(bet)).statusCode).toBe(200);
  });

  it('exports tokens without secrets and forgets them with the account', async () => {
    const t = ctx();
    const alice = await createUserWithToken(t.deps, { name: 'Alice' });
    const bob = await createUserWithToken(t.deps, { name: 'Bob' });
    const created = (await createToken(t, alice.token, { name: 'Exported', scope: 'read', expires_at: inDays(t, 5) })).data;
    await createToken(t, bob.token, { name: 'Kept', scope: 'read', expires_at: inDays(t, 5) });
    const exported = await apiTokensUserData.collect(t.deps.db, alice.id);
    expect(exported).toEqual([{ name: 'Exported', scope: 'read', created_at: created.api_token.created_at, expires_at: created.api_token.expires_at, last_used_at: null }]);
    expect(JSON.stringify(exported)).not.toMatch(/porra_pat_|hash/);
    await t.deps.db.transaction().execute((trx) => apiTokensUserData.forget(trx, alice.id));
    expect(await apiTokensUserData.collect(t.deps.db, alice.id)).toEqual([]);
    expect(await apiTokensUserData.collect(t.deps.db, bob.id)).toHaveLength(1);
  });
});
