import { BET_LOCK_MS } from '../../../shared/domain/deadlines';
import { ROUND } from '../../../shared/domain/rounds';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createLeague } from '../resultBets/testing/betsTestFixture';

/** Bets placed with a personal API token: refused where the league forbids bots, marked once shown where it marks them. */

const DAY = 24 * 3_600_000;
const url = (path: string, locale = 'en') => `/api/v1/${locale}${path}`;

async function world(t: TestApp) {
  const start = t.clock.now() + 6 * 3_600_000;
  const cup = await createCup(t.deps.db, { start });
  const alice = await createUserWithToken(t.deps, { name: 'Alice' });
  const bob = await createUserWithToken(t.deps, { name: 'Bob' });
  const leagueId = await createLeague(t.deps.db, { competitionId: cup.competitionId, ownerId: alice.id, members: [{ id: alice.id }, { id: bob.id }] });
  const created = await call(t.app, {
    method: 'POST', url: url('/users/api_tokens'), token: bob.token,
    payload: { name: 'Tipper', scope: 'bet', expires_at: new Date(t.clock.now() + 30 * DAY).toISOString() },
  });
  return { start, cup, alice, bob, leagueId, bot: created.data.token as string };
}
type World = Awaited<ReturnType<typeof world>>;

const setBots = (t: TestApp, w: World, bots: string) =>
  call(t.app, { method: 'PUT', url: url(`/leagues/${w.leagueId}`), token: w.alice.token, payload: { league: { bots } } });
const firstBet = async (t: TestApp, w: World) =>
  (await call(t.app, { method: 'GET', url: url(`/result_bets/index/${w.leagueId}`), token: w.bob.token })).data[0];
const save = (t: TestApp, token: string, betId: number, goals: number, locale = 'en') => call(t.app, {
  method: 'POST', url: url('/result_bets/update_result_bet', locale), token, payload: { result_bet_id: betId, local_goals: goals, visiting_goals: 0 },
});
async function bobsBetSeenByAlice(t: TestApp, w: World, matchId: number) {
  const rows = (await call(t.app, { method: 'GET', url: url(`/result_bets/index/${w.leagueId}?match_id=${matchId}`), token: w.alice.token })).data;
  return rows.find((r: { user_id: number }) => r.user_id === w.bob.id);
}

describeEachDb('bots in leagues', (ctx) => {
  it('marks a bot\'s bet for everyone once bets are shown, in a marked league (the default)', async () => {
    const t = ctx();
    const w = await world(t);
    expect((await call(t.app, { method: 'GET', url: url(`/leagues/${w.leagueId}`), token: w.alice.token })).data.bots).toBe('marked');
    const bet = await firstBet(t, w);
    expect((await save(t, w.bot, bet.id, 2)).statusCode).toBe(200);
    expect(await bobsBetSeenByAlice(t, w, bet.match_id)).toMatchObject({ local_goals: null, bot: false });
    t.clock.set(w.start - BET_LOCK_MS);
    expect(await bobsBetSeenByAlice(t, w, bet.match_id)).toMatchObject({ local_goals: 2, bot: true });
    const last = (await call(t.app, { method: 'GET', url: url(`/result_bets/last_bets/${w.leagueId}`), token: w.alice.token })).data;
    expect(last.find((r: { id: number }) => r.id === bet.id)).toMatchObject({ bot: true });
  });

  it('shows no mark in a league that allows bots unmarked', async () => {
    const t = ctx();
    const w = await world(t);
    expect((await setBots(t, w, 'allowed')).statusCode).toBe(200);
    const bet = await firstBet(t, w);
    expect((await save(t, w.bot, bet.id, 2)).statusCode).toBe(200);
    t.clock.set(w.start - BET_LOCK_MS);
    expect(await bobsBetSeenByAlice(t, w, bet.match_id)).toMatchObject({ local_goals: 2, bot: false });
  });

  it('clears the mark when the member saves the bet again in person', async () => {
    const t = ctx();
    const w = await world(t);
    const bet = await firstBet(t, w);
    expect((await save(t, w.bot, bet.id, 2)).statusCode).toBe(200);
    expect((await save(t, w.bob.token, bet.id, 3)).statusCode).toBe(200);
    t.clock.set(w.start - BET_LOCK_MS);
    expect(await bobsBetSeenByAlice(t, w, bet.match_id)).toMatchObject({ local_goals: 3, bot: false });
  });

  it('refuses every bet a token places in a league that forbids bots (403, translated), and changes nothing', async () => {
    const t = ctx();
    const w = await world(t);
    expect((await setBots(t, w, 'forbidden')).statusCode).toBe(200);
    const bet = await firstBet(t, w);
    const refused = await save(t, w.bot, bet.id, 2, 'es');
    expect(refused.statusCode).toBe(403);
    expect(refused.data.error).toBe('Esta liga no admite apuestas hechas con un token de API');
    const pick = await call(t.app, {
      method: 'POST', url: url('/round_bets/fill_round_bet'), token: w.bot,
      payload: { league_id: w.leagueId, league_rule_id: w.cup.ruleIds[ROUND.SEMI_FINALS], team_id: w.cup.teamIds[0], user_id: w.bob.id },
    });
    expect(pick.statusCode).toBe(403);
    expect((await t.deps.db.selectFrom('result_bets').select('local_goals').where('id', '=', bet.id).executeTakeFirstOrThrow()).local_goals).toBeNull();
    expect(await t.deps.db.selectFrom('round_bets').select('id').where('league_id', '=', w.leagueId).execute()).toEqual([]);
    // The member in person still bets; reads through the token still work.
    expect((await save(t, w.bob.token, bet.id, 1)).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: url(`/result_bets/index/${w.leagueId}`), token: w.bot })).statusCode).toBe(200);
  });

  it('records picks placed with a token, marked for everyone once picks are shown', async () => {
    const t = ctx();
    const w = await world(t);
    const fill = await call(t.app, {
      method: 'POST', url: url('/round_bets/fill_round_bet'), token: w.bot,
      payload: { league_id: w.leagueId, league_rule_id: w.cup.ruleIds[ROUND.SEMI_FINALS], team_id: w.cup.teamIds[0], user_id: w.bob.id },
    });
    expect(fill.statusCode).toBe(200);
    const rows = await t.deps.db.selectFrom('round_bets').select('by_bot').where('league_id', '=', w.leagueId).execute();
    expect(rows).toEqual([{ by_bot: 1 }]);
    const seenByAlice = async () => (await call(t.app, {
      method: 'GET', url: url(`/round_bets/round_bets/${w.leagueId}/${ROUND.SEMI_FINALS}`), token: w.alice.token,
    })).data.find((pick: { user_id: number }) => pick.user_id === w.bob.id);
    expect(await seenByAlice()).toMatchObject({ team_id: null, bot: false });
    t.clock.set(w.start + 1000);
    expect(await seenByAlice()).toMatchObject({ team_id: w.cup.teamIds[0], bot: true });
  });

  it('marks a bonus answer given with a token once answers are shown, and refuses it where bots are forbidden', async () => {
    const t = ctx();
    const w = await world(t);
    const deadline = new Date(t.clock.now() + 3_600_000).toISOString();
    const asked = await call(t.app, {
      method: 'POST', url: url('/bonus_questions'), token: w.alice.token,
      payload: { league_id: w.leagueId, question: { text: 'Goals?', kind: 'number', points: 3, deadline } },
    });
    expect(asked.statusCode).toBe(200);
    const answer = () => call(t.app, { method: 'POST', url: url('/bonus_questions/answer'), token: w.bot, payload: { question_id: asked.data.question.id, answer: { number: 4 } } });
    expect((await answer()).statusCode).toBe(200);
    const bobsAnswer = async () => (await call(t.app, { method: 'GET', url: url(`/bonus_questions/index/${w.leagueId}`), token: w.alice.token }))
      .data[0].answers.find((a: { user_id: number }) => a.user_id === w.bob.id);
    expect(await bobsAnswer()).toBeUndefined();
    expect((await setBots(t, w, 'forbidden')).statusCode).toBe(200);
    expect((await answer()).statusCode).toBe(403);
    expect((await setBots(t, w, 'marked')).statusCode).toBe(200);
    t.clock.set(t.clock.now() + 2 * 3_600_000);
    expect(await bobsAnswer()).toMatchObject({ answer: { number: 4 }, bot: true });
  });

  it('the owner sets bots on the league, even after the first kickoff; an unknown value is a 400', async () => {
    const t = ctx();
    const w = await world(t);
    t.clock.set(w.start + 1000);
    expect((await setBots(t, w, 'forbidden')).statusCode).toBe(200);
    expect((await setBots(t, w, 'sometimes')).statusCode).toBe(400);
    expect((await call(t.app, { method: 'GET', url: url(`/leagues/${w.leagueId}`), token: w.bob.token })).data.bots).toBe('forbidden');
  });
});
