import { call, describeEachDb } from '../../testing/harness';
import { api } from '../leagues/testing/leagueTestKit';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhookReceiver';
import { addHook, listHooks, webhookWorld } from './testing/webhookWorld';

// Real servers and databases on a shared 2-core machine: allow more than jest's default 5 s.
jest.setTimeout(30_000);

let receiver: WebhookReceiver;
beforeAll(async () => { receiver = await startWebhookReceiver(); });
afterAll(async () => { await receiver.close(); });

describeEachDb('league webhooks: adding, listing, removing', (ctx) => {
  it('lets the owner add a hook, answering its secret once; the list shows its host, never the URL nor the secret', async () => {
    const t = ctx();
    const w = await webhookWorld(t);
    const added = await addHook(t, w.owner, { league_id: w.league.id, url: `${receiver.base}/hook?token=abc`, kind: 'json', events: ['result', 'result', 'bets_shown'] });
    expect(added.statusCode).toBe(200);
    expect(added.data.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(added.data.message).toBe('Webhook added: copy its secret now, it will not be shown again');
    const host = new URL(receiver.base).host;
    expect(added.data.webhook).toMatchObject({ league_id: w.league.id, kind: 'json', host, events: ['result', 'bets_shown'], disabled_at: null, deliveries: [] });

    const list = await listHooks(t, w.owner, w.league.id);
    expect(list.statusCode).toBe(200);
    expect(list.data).toEqual([added.data.webhook]);
    expect(list.body).not.toContain(added.data.secret);
    expect(list.body).not.toContain('token=abc');
    // Global admins may look; members and outsiders may not; a stranger's sign-in is required.
    expect((await listHooks(t, w.admin, w.league.id)).data).toEqual(list.data);
    const member = await listHooks(t, w.member, w.league.id, 'es');
    expect([member.statusCode, member.data.error]).toEqual([403, 'No tienes permiso para hacer eso']);
    expect((await listHooks(t, w.other, w.league.id)).statusCode).toBe(403);
    expect((await listHooks(t, null, w.league.id)).statusCode).toBe(401);
    expect((await listHooks(t, w.owner, 999_999)).statusCode).toBe(404);
  });

  it('refuses a hook from anyone but the owner, and bad input, with translated messages and nothing stored', async () => {
    const t = ctx();
    const w = await webhookWorld(t);
    const body = { league_id: w.league.id, url: `${receiver.base}/hook`, kind: 'discord', events: ['result'] };
    expect((await addHook(t, w.member, body)).statusCode).toBe(403);
    expect((await addHook(t, w.admin, body)).statusCode).toBe(403);
    expect((await addHook(t, null, body)).statusCode).toBe(401);
    expect((await addHook(t, w.owner, { ...body, league_id: 999_999 })).statusCode).toBe(404);
    expect((await addHook(t, w.owner, { ...body, kind: 'irc' })).statusCode).toBe(400);
    expect((await addHook(t, w.owner, { ...body, events: [] })).statusCode).toBe(400);
    expect((await addHook(t, w.owner, { ...body, events: ['goal'] })).statusCode).toBe(400);
    const ftp = await addHook(t, w.owner, { ...body, url: 'ftp://example.com/x' }, 'es');
    expect([ftp.statusCode, ftp.data.errors]).toEqual([400, { url: ['tiene que ser una dirección http:// o https://'] }]);
    const credentials = await addHook(t, w.owner, { ...body, url: 'https://user:pass@example.com/x' });
    expect(credentials.statusCode).toBe(400);
    // Within the schema's 2000 characters as typed, beyond them once percent-encoded.
    const long = await addHook(t, w.owner, { ...body, url: `https://93.184.216.34/${'é'.repeat(700)}` });
    expect([long.statusCode, long.data.errors]).toEqual([400, { url: ['is too long (maximum is 2000 characters)'] }]);
    // A finished league has nothing left to tell.
    await t.deps.db.updateTable('competitions').set({ finished: 1 }).where('id', '=', w.cup.competitionId).execute();
    const finished = await addHook(t, w.owner, body, 'es');
    expect([finished.statusCode, finished.data.error]).toEqual([403, 'La liga ya ha terminado']);
    expect(await t.deps.db.selectFrom('league_webhooks').selectAll().execute()).toEqual([]);
  });

  it("refuses private, loopback and metadata addresses and unknown hosts alike, unless WEBHOOK_ALLOWED_HOSTS names the host", async () => {
    const t = ctx();
    const w = await webhookWorld(t);
    const body = (url: string) => ({ league_id: w.league.id, url, kind: 'slack', events: ['result'] });
    const internal = [receiver.base, 'http://10.1.2.3/hook', 'http://169.254.169.254/latest/meta-data', 'http://[::1]:8080/', 'http://localhost:9/x', 'http://192.168.1.20/'];
    // With no host allowed, the receiver on 127.0.0.1 is refused too.
    t.deps.config.webhookAllowedHosts.length = 0;
    try {
      for (const url of internal) {
        const res = await addHook(t, w.owner, body(url));
        expect([url, res.statusCode, res.data.errors]).toEqual([url, 400, { url: ['must be an address on the public internet that the server can reach'] }]);
      }
      const es = await addHook(t, w.owner, body('http://10.1.2.3/hook'), 'es');
      expect(es.data.errors).toEqual({ url: ['tiene que ser una dirección de internet pública a la que el servidor pueda llegar'] });
      // A host that is not found gets the very same answer: the check tells nothing about which names resolve where.
      const unknown = await addHook(t, w.owner, body('https://no-such-host.invalid/hook'));
      expect([unknown.statusCode, unknown.data.errors]).toEqual([400, { url: ['must be an address on the public internet that the server can reach'] }]);
      expect(await t.deps.db.selectFrom('league_webhooks').selectAll().execute()).toEqual([]);
    } finally {
      t.deps.config.webhookAllowedHosts.push('127.0.0.1');
    }
    expect((await addHook(t, w.owner, body(receiver.base))).statusCode).toBe(200);
  });

  it('keeps at most 5 hooks per league, and lets the owner remove one', async () => {
    const t = ctx();
    const w = await webhookWorld(t);
    const body = { league_id: w.league.id, url: `${receiver.base}/hook`, kind: 'teams', events: ['matchday_winners'] };
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await addHook(t, w.owner, body)).data.webhook.id);
    // Two adds at once for the last place: one gets it.
    const both = await Promise.all([addHook(t, w.owner, body), addHook(t, w.owner, body)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    ids.push(both.find((res) => res.statusCode === 200)!.data.webhook.id);
    const sixth = await addHook(t, w.owner, body, 'es');
    expect([sixth.statusCode, sixth.data.error]).toEqual([409, 'Una liga puede tener como mucho 5 webhooks: elimina uno antes']);
    const remove = (who: typeof w.owner, leagueId: number, id: number) =>
      call(t.app, { method: 'DELETE', url: api(`/leagues/webhooks/${leagueId}/${id}`), token: who.token });
    expect((await remove(w.member, w.league.id, ids[0]!)).statusCode).toBe(403);
    expect((await remove(w.owner, w.league.id, 999_999)).statusCode).toBe(404);
    const removed = await remove(w.owner, w.league.id, ids[0]!);
    expect([removed.statusCode, removed.data.message]).toEqual([200, 'Webhook removed']);
    expect((await listHooks(t, w.owner, w.league.id)).data.map((h: { id: number }) => h.id)).toEqual(ids.slice(1));
    expect((await remove(w.owner, w.league.id, ids[0]!)).statusCode).toBe(404);
    expect((await addHook(t, w.owner, body)).statusCode).toBe(200);
  });
}, { config: { webhookAllowedHosts: ['127.0.0.1'] } });
