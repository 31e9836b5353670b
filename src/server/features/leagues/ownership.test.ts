import { createUserWithToken } from '../../testing/fixtures';
import { describeEachDb } from '../../testing/harness';
import { createLeague, ownerOf } from '../accounts/testing/accountsTestKit';
import { handOverOwnedLeagues } from '../../domain/leagues/ownership';

describeEachDb('handOverOwnedLeagues', (ctx) => {
  it('passes each owned league to its earliest-joined other member (ties by user id) and deletes lonely ones', async () => {
    const deps = ctx().deps;
    const [owner, a, b, c] = await Promise.all([1, 2, 3, 4].map(() => createUserWithToken(deps))) as [
      Awaited<ReturnType<typeof createUserWithToken>>, Awaited<ReturnType<typeof createUserWithToken>>,
      Awaited<ReturnType<typeof createUserWithToken>>, Awaited<ReturnType<typeof createUserWithToken>>];
    const [low, high] = a.id < b.id ? [a, b] : [b, a];
    const first = await createLeague(deps, owner.id, [
      { userId: owner.id, joinedAt: 100 }, { userId: c.id, joinedAt: 300 }, { userId: high.id, joinedAt: 200 }, { userId: low.id, joinedAt: 200 },
    ]);
    const second = await createLeague(deps, owner.id, [{ userId: owner.id, joinedAt: 100 }, { userId: c.id, joinedAt: 150 }]);
    const lonely = await createLeague(deps, owner.id, [{ userId: owner.id, joinedAt: 100 }]);
    const notOwned = await createLeague(deps, c.id, [{ userId: c.id, joinedAt: 100 }, { userId: owner.id, joinedAt: 50 }]);
    // The owner already left this one: the remaining member takes it.
    const left = await createLeague(deps, owner.id, [{ userId: a.id, joinedAt: 500 }]);

    const result = await deps.db.transaction().execute((trx) => handOverOwnedLeagues(trx, owner.id, deps.clock.now()));

    expect(result).toMatchObject({ handedOver: 3, deleted: 1 });
    expect(await ownerOf(deps, first)).toBe(low.id);
    expect(await ownerOf(deps, second)).toBe(c.id);
    expect(await ownerOf(deps, lonely)).toBeUndefined();
    expect(await ownerOf(deps, notOwned)).toBe(c.id);
    expect(await ownerOf(deps, left)).toBe(a.id);
    const updated = await deps.db.selectFrom('leagues').select('updated_at').where('id', '=', first).executeTakeFirstOrThrow();
    expect(updated.updated_at).toBe(deps.clock.now());
  });

  it('with a league id hands over (or deletes) that league alone', async () => {
    const deps = ctx().deps;
    const [owner, a] = await Promise.all([createUserWithToken(deps), createUserWithToken(deps)]);
    const left = await createLeague(deps, owner.id, [{ userId: owner.id, joinedAt: 100 }, { userId: a.id, joinedAt: 200 }]);
    const kept = await createLeague(deps, owner.id, [{ userId: owner.id, joinedAt: 100 }, { userId: a.id, joinedAt: 200 }]);
    const lonely = await createLeague(deps, owner.id, [{ userId: owner.id, joinedAt: 100 }]);
    const keptLonely = await createLeague(deps, owner.id, [{ userId: owner.id, joinedAt: 100 }]);

    expect(await handOverOwnedLeagues(deps.db, owner.id, deps.clock.now(), left)).toMatchObject({ handedOver: 1, deleted: 0 });
    expect(await handOverOwnedLeagues(deps.db, owner.id, deps.clock.now(), lonely)).toMatchObject({ handedOver: 0, deleted: 1 });
    expect(await ownerOf(deps, left)).toBe(a.id);
    expect(await ownerOf(deps, lonely)).toBeUndefined();
    expect(await ownerOf(deps, kept)).toBe(owner.id);
    expect(await ownerOf(deps, keptLonely)).toBe(owner.id);
  });

  it('does nothing for a user who owns no league', async () => {
    const deps = ctx().deps;
    const user = await createUserWithToken(deps);
    expect(await handOverOwnedLeagues(deps.db, user.id, deps.clock.now())).toMatchObject({ handedOver: 0, deleted: 0 });
  });
});
