import { describeEachDb } from '../../testing/harness';
import { CUP_START } from '../leagues/testing/leagueTestKit';
import { KEEP_DELIVERIES_MS, webhookJobs } from './webhookJobs';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhookReceiver';
import { addHook, webhookWorld } from './testing/webhookWorld';

jest.setTimeout(60_000);

let receiver: WebhookReceiver;
beforeAll(async () => { receiver = await startWebhookReceiver(); });
afterAll(async () => { await receiver.close(); });
beforeEach(() => { receiver.received.length = 0; receiver.answer(200); });

describeEachDb('league webhooks: bets shown at a deadline', (ctx) => {
  it('tells each deadline passed since the last run once, with the split of the league\'s bets; forgets old deliveries', async () => {
    const t = ctx();
    const w = await webhookWorld(t);
    for (const [kind, path, events] of [['json', '/json', ['bets_shown']], ['slack', '/slack', ['bets_shown']], ['json', '/results-only', ['result']]] as const) {
      expect((await addHook(t, w.owner, { league_id: w.league.id, url: `${receiver.base}${path}`, kind, events })).statusCode).toBe(200);
    }
    const [first, second] = w.cup.groupMatchIds;
    const bet = (userId: number, matchId: number, home: number, away: number) => ({
      competition_id: w.cup.competitionId, league_id: w.league.id, user_id: userId, match_id: matchId, local_goals: home, visiting_goals: away, updated_at: t.clock.now(),
    });
    await t.deps.db.insertInto('result_bets').values([bet(w.member.id, first!, 2, 1), bet(w.owner.id, first!, 0, 0)]).execute();
    const [job] = webhookJobs(t.deps, 10_000);
    const run = async () => job!.work({ claimedAt: t.clock.now() });

    // The first run only starts counting: no deadline has passed since.
    expect(await run()).toMatchObject({ bets_shown: 0 });
    t.clock.set(CUP_START - 5 * 60_000 - 1000);
    expect(await run()).toMatchObject({ bets_shown: 0 });
    // Group A's two opening matches close 5 minutes before kickoff: one event each per hook taking it.
    t.clock.set(CUP_START - 5 * 60_000);
    expect(await run()).toMatchObject({ bets_shown: 4, delivered: 4 });
    expect(await run()).toMatchObject({ bets_shown: 0, delivered: 0 });

    const json = receiver.received.filter((r) => r.path === '/json').map((r) => r.body);
    expect(json.map((body) => [body.event, body.data.match.id, body.data.split])).toEqual([
      ['bets_shown', first, { bets: 2, home: 1, draw: 1, away: 0 }],
      ['bets_shown', second, { bets: 0, home: 0, draw: 0, away: 0 }],
    ]);
    const slack = receiver.received.filter((r) => r.path === '/slack').map((r) => r.body.text);
    expect(slack[0]).toBe('Office Porra: bets are closed for Team A1 - Team A2. 2 bets: home 1, draw 1, away 0');
    expect(receiver.received.filter((r) => r.path === '/results-only')).toEqual([]);

    // Finished deliveries are kept 30 days, then forgotten by the same job (no more deadlines told meanwhile).
    await t.deps.db.updateTable('league_webhooks').set({ events: 'result' }).execute();
    t.clock.advance(KEEP_DELIVERIES_MS - 1000);
    expect(await run()).toMatchObject({ pruned: 0 });
    t.clock.advance(2000);
    expect(await run()).toMatchObject({ pruned: 4 });
    expect(await t.deps.db.selectFrom('webhook_deliveries').selectAll().execute()).toEqual([]);
  });
}, { config: { webhookAllowedHosts: ['127.0.0.1'] } });
