import { call, describeEachDb } from '../../testing/harness';
import { api, leagueWithMember, leagueWorld } from '../leagues/testing/leagueTestKit';

type Bet = { id: number; match_id: number; joker: boolean; local_goals: number | null };

describeEachDb('a joker rides on a bet', (ctx) => {
  async function setUp() {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w, { jokers: { count: 2, multiplier: 2 } });
    const list = async () => (await call(t.app, { method: 'GET', url: api(`/result_bets/index/${league.id}?matchday=1`), token: w.member.token })).data as Bet[];
    const [first] = w.cup.groupMatchIds;
    const betId = (await list()).find((b) => b.match_id === first)!.id;
    const save = (payload: Record<string, unknown>, locale: 'en' | 'es' = 'en') => call(t.app, {
      method: 'POST', url: api('/result_bets/update_result_bet', locale), token: w.member.token, payload: { result_bet_id: betId, ...payload },
    });
    const jokersLeft = async () => (await call(t.app, { method: 'GET', url: api(`/leagues/${league.id}`), token: w.member.token })).data.jokers_left as number;
    const bet = async () => (await list()).find((b) => b.id === betId)!;
    return { save, jokersLeft, bet };
  }

  it('refuses a joker on a match without a bet, in the caller\'s language, and changes nothing', async () => {
    const { save, jokersLeft, bet } = await setUp();
    const en = await save({ local_goals: null, visiting_goals: null, joker: true });
    expect(en.statusCode).toBe(400);
    expect(en.data.error).toBe('A joker can only be played on a match you have bet on');
    const es = await save({ local_goals: null, visiting_goals: null, joker: true }, 'es');
    expect(es.statusCode).toBe(400);
    expect(es.data.error).toBe('Solo puedes jugar un comodín en un partido al que hayas apostado');
    expect(await bet()).toMatchObject({ joker: false, local_goals: null });
    expect(await jokersLeft()).toBe(2);
  });

  it('plays a joker on a bet; clearing the bet releases it (both save paths)', async () => {
    const { save, jokersLeft, bet } = await setUp();
    expect((await save({ local_goals: 2, visiting_goals: 1, joker: true })).statusCode).toBe(200);
    expect(await jokersLeft()).toBe(1);
    // The plain save (no joker in the body) clearing the goals.
    const cleared = await save({ local_goals: null, visiting_goals: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.data.joker).toBe(false);
    expect(await bet()).toMatchObject({ joker: false, local_goals: null });
    expect(await jokersLeft()).toBe(2);
    // The checked save (joker false with empty goals) clears too.
    expect((await save({ local_goals: 1, visiting_goals: 1, joker: true })).statusCode).toBe(200);
    expect((await save({ local_goals: null, visiting_goals: null, joker: false })).statusCode).toBe(200);
    expect(await jokersLeft()).toBe(2);
  });
});
