import { call, describeEachDb } from '../../testing/harness';
import { api } from '../leagues/testing/leagueTestKit';
import { addHook, webhookWorld } from './testing/webhookWorld';
import { webhooksUserData } from './webhooksUserData';

jest.setTimeout(30_000);

describeEachDb('webhooks in the user data export and account deletion', (ctx) => {
  it("exports the hooks the user added in the user's data export, without URL or secret, and forgets who added them", async () => {
    const t = ctx();
    const w = await webhookWorld(t);
    const added = await addHook(t, w.owner, { league_id: w.league.id, url: 'https://93.184.216.34/services/T000/B000/XXXX', kind: 'slack', events: ['result', 'pinned_post'] });
    expect(added.statusCode).toBe(200);
    const res = await call(t.app, { method: 'GET', url: api('/users/export'), token: w.owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.data.sections.webhooks).toEqual([{
      league_id: w.league.id, league: 'Office Porra', kind: 'slack', host: '93.184.216.34', events: ['result', 'pinned_post'],
      switched_off: false, created_at: new Date(t.clock.now()).toISOString(),
    }]);
    expect(res.body).not.toContain('XXXX');
    expect(res.body).not.toContain(added.data.secret);
    expect(await webhooksUserData.collect(t.deps.db, w.member.id)).toEqual([]);

    await t.deps.db.transaction().execute((trx) => webhooksUserData.forget(trx, w.owner.id));
    expect(await webhooksUserData.collect(t.deps.db, w.owner.id)).toEqual([]);
    const hooks = await t.deps.db.selectFrom('league_webhooks').select(['league_id', 'created_by']).execute();
    expect(hooks).toEqual([{ league_id: w.league.id, created_by: null }]);
  });
});
