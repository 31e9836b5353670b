import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { publishLeagueEvent } from '../../domain/leagueEvents/publishLeagueEvent';
import { PASSWORD, signUpViaApi } from '../accounts/testing/accountsTestKit';
import { api, createLeague, join, leagueWorld, type Person } from '../leagues/testing/leagueTestKit';
import { deliverDueWebhooks } from './webhookDelivery';
import { addHook } from './testing/webhookWorld';

jest.setTimeout(30_000);

/**
 * A hook sends to an address its owner chose: when the league changes owner (the owner leaves, or deletes the
 * account), its hooks are switched off and the new owner is told, so the previous owner hears nothing more.
 */

async function hookedLeague(t: TestApp, owner: Person, member: Person, cupId: number) {
  const league = await createLeague(t, owner, { name: 'Hooked', competition_id: cupId });
  expect((await join(t, member, league.id, league.share_token)).statusCode).toBe(200);
  const added = await addHook(t, owner, { league_id: league.id, url: 'https://93.184.216.34/owner-only', kind: 'json', events: ['result'] });
  expect(added.statusCode).toBe(200);
  await publishLeagueEvent(t.deps.db, { leagueId: league.id, kind: 'result', payload: {} }, t.clock.now());
  return { league, hookId: added.data.webhook.id as number };
}

const hookState = (t: TestApp, id: number) => t.deps.db.selectFrom('league_webhooks').select('disabled_at').where('id', '=', id).executeTakeFirstOrThrow();
const pending = (t: TestApp, id: number) => t.deps.db.selectFrom('webhook_deliveries').select('id')
  .where('webhook_id', '=', id).where('status', '=', 'pending').execute();
const messagesOf = async (t: TestApp, who: Person) => (await call(t.app, { method: 'GET', url: api('/messages/index', 'es'), token: who.token })).data;

describeEachDb('league webhooks when the league changes owner', (ctx) => {
  it('an owner who leaves: the hooks are switched off, nothing more is sent, and the new owner is told', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const { league, hookId } = await hookedLeague(t, w.owner, w.member, w.cup.competitionId);
    expect((await call(t.app, { method: 'DELETE', url: api(`/leagues/cancel/${league.id}`), token: w.owner.token })).statusCode).toBe(200);
    expect((await hookState(t, hookId)).disabled_at).toBe(t.clock.now());
    expect(await pending(t, hookId)).toEqual([]);
    expect(await deliverDueWebhooks(t.deps)).toEqual({ delivered: 0, retrying: 0, failed: 0, switched_off: 0 });
    expect(await messagesOf(t, w.member)).toEqual([expect.objectContaining({
      kind: 'webhooks_switched_off', league_id: league.id, payload: { league_name: 'Hooked', webhooks: 1 },
    })]);
    // The new owner sees the hook switched off, and may switch it on again with a test.
    const list = await call(t.app, { method: 'GET', url: api(`/leagues/webhooks/${league.id}`), token: w.member.token });
    expect(list.data).toEqual([expect.objectContaining({ id: hookId, disabled_at: expect.any(String) })]);
    const tested = await call(t.app, { method: 'POST', url: api(`/leagues/webhooks/test/${league.id}/${hookId}`), token: w.member.token });
    expect(tested.statusCode).toBe(200);
    expect((await hookState(t, hookId)).disabled_at).toBeNull();
  });

  it('an owner who deletes the account: every league handed over has its hooks switched off', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const leaver = await signUpViaApi(t.app, { name: 'Leaving Lou', email: 'lou@example.com' });
    const lou = { id: leaver.id, email: leaver.email, token: leaver.token };
    const { league, hookId } = await hookedLeague(t, lou, w.member, w.cup.competitionId);
    const deleted = await call(t.app, { method: 'DELETE', url: '/api/v1/users', token: lou.token, payload: { api_v1_user: { current_password: PASSWORD } } });
    expect(deleted.statusCode).toBe(200);
    expect((await hookState(t, hookId)).disabled_at).not.toBeNull();
    expect(await pending(t, hookId)).toEqual([]);
    expect(await messagesOf(t, w.member)).toEqual([expect.objectContaining({ kind: 'webhooks_switched_off', league_id: league.id })]);
  });
});
