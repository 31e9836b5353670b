import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import type { ProviderCompetition } from '../../domain/providers/competitionsRepository';

// Real servers and databases on a shared 2-core machine: allow more than jest's default 5 s.
jest.setTimeout(30_000);

/**
 * A results provider that records every sync; syncs of a held competition wait until the test releases them, so
 * a run can be stopped in the middle of a competition while other calls arrive.
 */
const calls: { competitionId: number; kind: 'live' | 'full' }[] = [];
const held = new Set<number>();
const waiting: (() => void)[] = [];
jest.mock('../../domain/providers/registry', () => ({
  providerFor: () => {
    const sync = (kind: 'live' | 'full') => async (_deps: unknown, competition: ProviderCompetition) => {
      calls.push({ competitionId: competition.id, kind });
      if (held.has(competition.id)) await new Promise<void>((resolve) => waiting.push(resolve));
      return 1;
    };
    return { updateLive: sync('live'), syncAll: sync('full') };
  },
}));

function release() {
  held.clear();
  for (const resume of waiting.splice(0)) resume();
}

async function until(condition: () => boolean) {
  const end = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describeEachDb('one lock per competition for the update processes', (ctx) => {
  beforeEach(() => { calls.length = 0; release(); });

  async function world(t: TestApp) {
    const x = await createCup(t.deps.db, { start: t.clock.now() + 3_600_000, name: 'X' });
    const y = await createCup(t.deps.db, { start: t.clock.now() + 3_600_000, name: 'Y' });
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    const post = (path: string) => call(t.app, { method: 'POST', url: `/api/v1/en/update/${path}`, token: admin.token });
    return { x: x.competitionId, y: y.competitionId, post };
  }

  it('while update_competition syncs a competition: a second one and its points recompute get 409, update leaves it out, update_all waits for it', async () => {
    const t = ctx();
    const { x, y, post } = await world(t);
    held.add(x);
    const first = post(`update_competition/${x}`);
    await until(() => waiting.length === 1);
    expect(calls).toEqual([{ competitionId: x, kind: 'full' }]);

    const again = await post(`update_competition/${x}`);
    expect([again.statusCode, again.data]).toEqual([409, { error: 'The process is already running. Try again in a few minutes' }]);
    expect((await post(`update_competition_points/${x}`)).statusCode).toBe(409);
    expect((await post('update')).statusCode).toBe(200);
    expect(calls.slice(1)).toEqual([{ competitionId: y, kind: 'live' }]);

    // A full sync goes on with the others and comes back for it once it is free.
    const all = post('update_all');
    await until(() => calls.length === 3);
    expect(calls[2]).toEqual({ competitionId: y, kind: 'full' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls).toHaveLength(3);
    release();
    expect((await first).data).toEqual({ message: 'Process update_competition finished', process: 'update_competition', updated_matches: 1 });
    expect((await all).data).toMatchObject({ process: 'update_all', updated_matches: 2 });
    expect(calls.slice(3)).toEqual([{ competitionId: x, kind: 'full' }]);
    expect(await t.deps.db.selectFrom('process_locks').selectAll().execute()).toEqual([]);
  });

  it('while update syncs a competition, update_competition of it gets 409; of another competition it runs', async () => {
    const t = ctx();
    const { x, y, post } = await world(t);
    held.add(x);
    const partial = post('update');
    await until(() => waiting.length === 1);
    expect((await post(`update_competition/${x}`)).statusCode).toBe(409);
    expect((await post(`update_competition_points/${x}`)).statusCode).toBe(409);
    expect((await post(`update_competition/${y}`)).statusCode).toBe(200);
    release();
    expect((await partial).statusCode).toBe(200);
    expect(calls).toEqual([{ competitionId: x, kind: 'live' }, { competitionId: y, kind: 'full' }, { competitionId: y, kind: 'live' }]);
    // Once update is done with it, the competition is free again.
    expect((await post(`update_competition/${x}`)).statusCode).toBe(200);
    expect(await t.deps.db.selectFrom('process_locks').selectAll().execute()).toEqual([]);
  });
});
