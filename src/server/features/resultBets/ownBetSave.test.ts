import type { KyselyPlugin } from 'kysely';
import { BET_LOCK_MS } from '../../../shared/domain/deadlines';
import type { AuthUser } from '../../platform/http/context';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createLeague } from './testing/betsTestFixture';
import * as resultBets from './resultBetsService';

/**
 * The bet save's fast path (ownBetSave.ts): one statement on PostgreSQL, concurrent saves written together, refusals
 * unchanged.
 */

const url = (path: string) => `/api/v1/en${path}`;
const HOUR = 3_600_000;

async function setup(t: TestApp, league: { bets_system?: 'exact' | 'sign' } = {}) {
  const cup = await createCup(t.deps.db, { start: t.clock.now() + 3 * HOUR });
  const [alice, bob] = await Promise.all(['Alice', 'Bob'].map((name) => createUserWithToken(t.deps, { name })));
  const leagueId = await createLeague(t.deps.db, {
    competitionId: cup.competitionId, ownerId: alice.id, members: [{ id: alice.id }, { id: bob.id }], ...league,
  });
  const index = await call(t.app, { method: 'GET', url: url(`/result_bets/index/${leagueId}`), token: alice.token });
  const [row] = index.data as { id: number; match: { date: string } }[];
  return { cup, alice, bob, leagueId, betId: row.id, deadline: Date.parse(row.match.date) - BET_LOCK_MS };
}

const save = (t: TestApp, token: string, id: number, local: number | null, visiting: number | null) => call(t.app, {
  method: 'POST', url: url('/result_bets/update_result_bet'), token, payload: { result_bet_id: id, local_goals: local, visiting_goals: visiting },
});

const stored = async (t: TestApp, id: number) => t.deps.db.selectFrom('result_bets')
  .select(['local_goals', 'visiting_goals', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();

describeEachDb('saving one\'s own open bet', (ctx) => {
  it('answers the bet as a fresh read shows it', async () => {
    const t = ctx();
    const s = await setup(t);
    t.clock.set(t.clock.now() + 1000);
    const saved = await save(t, s.alice.token, s.betId, 3, 1);
    expect(saved.statusCode).toBe(200);
    const index = await call(t.app, { method: 'GET', url: url(`/result_bets/index/${s.leagueId}`), token: s.alice.token });
    expect(saved.data).toEqual(index.data.find((r: { id: number }) => r.id === s.betId));
    expect(saved.data).toMatchObject({ local_goals: 3, visiting_goals: 1, allow_edit_bets: true, updated_at: new Date(t.clock.now()).toISOString() });
    expect(await stored(t, s.betId)).toEqual({ local_goals: 3, visiting_goals: 1, updated_at: t.clock.now() });
    // Clearing goes the same way.
    expect((await save(t, s.alice.token, s.betId, null, null)).data).toMatchObject({ local_goals: null, visiting_goals: null });
  });

  it('is one statement on PostgreSQL (the update and the read of its answer), two on SQLite', async () => {
    const t = ctx();
    const s = await setup(t);
    let statements = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => { statements += 1; return args.result; },
    };
    const deps = { ...t.deps, db: t.deps.db.withPlugin(counting) };
    const user = { id: s.alice.id, name: 'Alice', is_admin: false, locale: 'en' } as AuthUser;
    await resultBets.update(deps, user, { result_bet_id: s.betId, local_goals: 2, visiting_goals: 2 });
    statements = 0;
    const answer = await resultBets.update(deps, user, { result_bet_id: s.betId, local_goals: 4, visiting_goals: 0 });
    expect(answer).toMatchObject({ id: s.betId, local_goals: 4, visiting_goals: 0 });
    expect(statements).toBe(t.deps.dialect === 'postgres' ? 1 : 2);
  });

  it('still refuses, with the reason and changing nothing: late, not the owner, a finished competition, a sign league', async () => {
    const t = ctx();
    const s = await setup(t);
    expect((await save(t, s.alice.token, s.betId, 1, 0)).statusCode).toBe(200);
    const before = await stored(t, s.betId);

    const notOwner = await save(t, s.bob.token, s.betId, 5, 5);
    expect(notOwner.statusCode).toBe(403);

    t.clock.set(s.deadline);
    const late = await save(t, s.alice.token, s.betId, 2, 2);
    expect(late.statusCode).toBe(400);
    expect(late.data.error).toBe('The deadline for this bet has passed');
    const lateEs = await call(t.app, { method: 'POST', url: `/api/v1/es/result_bets/update_result_bet`, token: s.alice.token,
      payload: { result_bet_id: s.betId, local_goals: 2, visiting_goals: 2 } });
    expect(lateEs.statusCode).toBe(400);
    expect(lateEs.data.error).not.toBe(late.data.error);
    expect(await stored(t, s.betId)).toEqual(before);

    t.clock.set(s.deadline - 1000);
    await t.deps.db.updateTable('competitions').set({ finished: 1 }).where('id', '=', s.cup.competitionId).execute();
    const finished = await save(t, s.alice.token, s.betId, 2, 2);
    expect(finished.statusCode).toBe(400);
    expect(await stored(t, s.betId)).toEqual(before);

    const sign = await setup(t, { bets_system: 'sign' });
    expect((await save(t, sign.alice.token, sign.betId, 2, 1)).statusCode).toBe(400);
    expect((await save(t, sign.alice.token, sign.betId, 1, 0)).statusCode).toBe(200);
    expect((await save(t, s.alice.token, 987_654, 1, 0)).statusCode).toBe(404);
  });

  it('writes concurrent saves together, each with its own checks and answer', async () => {
    const t = ctx();
    const s = await setup(t);
    const members = await Promise.all(Array.from({ length: 6 }, (_, i) => createUserWithToken(t.deps, { name: `M${i}` })));
    await t.deps.db.insertInto('league_members').values(members.map((m, i) => ({ league_id: s.leagueId, user_id: m.id, joined_at: 10 + i }))).execute();
    const bets = (await Promise.all(members.map(async (m) => {
      const res = await call(t.app, { method: 'GET', url: url(`/result_bets/index/${s.leagueId}`), token: m.token });
      return (res.data as { id: number }[]).map((b) => ({ id: b.id, token: m.token, userId: m.id }));
    }))).flat();
    expect(bets.length).toBe(24);
    let statements = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => { statements += 1; return args.result; },
    };
    const counted = t.deps.db.withPlugin(counting);
    const transactions = jest.spyOn(counted, 'transaction');
    const deps = { ...t.deps, db: counted };
    const userOf = (b: typeof bets[number]) => ({ id: b.userId, name: 'M', is_admin: false, locale: 'en' }) as AuthUser;
    // Every bet once, plus a save of another member's bet (refused) in the same turn.
    const answers = await Promise.allSettled([
      ...bets.map((b, i) => resultBets.update(deps, userOf(b), { result_bet_id: b.id, local_goals: i % 10, visiting_goals: (i * 7) % 10 })),
      resultBets.update(deps, userOf(bets[0]), { result_bet_id: bets[23].id, local_goals: 9, visiting_goals: 9 }),
    ]);
    expect(answers.slice(0, 24).map((a) => a.status === 'fulfilled' && [a.value.id, a.value.local_goals, a.value.visiting_goals]))
      .toEqual(bets.map((b, i) => [b.id, i % 10, (i * 7) % 10]));
    expect(answers[24]).toMatchObject({ status: 'rejected', reason: { status: 403 } });
    for (const [i, b] of bets.entries()) expect(await stored(t, b.id)).toMatchObject({ local_goals: i % 10, visiting_goals: (i * 7) % 10 });
    // PostgreSQL: a few statements for all of them, and a checked read for the refusal; SQLite: update and read per
    // save, in a few transactions (commits) for all of them.
    if (t.deps.dialect === 'postgres') {
      expect(statements).toBeLessThan(10);
      expect(transactions).not.toHaveBeenCalled();
    } else {
      expect(statements).toBeGreaterThanOrEqual(48);
      expect(transactions.mock.calls.length).toBeGreaterThan(0);
      expect(transactions.mock.calls.length).toBeLessThan(10);
    }
  });

  it('applies concurrent saves of one bet in arrival order, and refuses late ones in the same batch as timely ones', async () => {
    const t = ctx();
    const s = await setup(t);
    const other = (await call(t.app, { method: 'GET', url: url(`/result_bets/index/${s.leagueId}?matchday=2`), token: s.alice.token })).data[0];
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => save(t, s.alice.token, s.betId, i, 8 - i)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(responses.map((r) => r.data.local_goals)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(await stored(t, s.betId)).toMatchObject({ local_goals: 7, visiting_goals: 1 });

    // Past the first match's deadline, the matchday-2 bet is still open: in one turn, one refused and one saved.
    t.clock.set(s.deadline + 1000);
    const [late, timely] = await Promise.all([save(t, s.alice.token, s.betId, 5, 5), save(t, s.alice.token, other.id, 2, 0)]);
    expect(late.statusCode).toBe(400);
    expect(late.data.error).toBe('The deadline for this bet has passed');
    expect(timely.statusCode).toBe(200);
    expect(await stored(t, s.betId)).toMatchObject({ local_goals: 7, visiting_goals: 1 });
    expect(await stored(t, other.id)).toMatchObject({ local_goals: 2, visiting_goals: 0 });
  });
});
