import { call, describeEachDb } from '../../testing/harness';
import { accountState, esHeaders, PASSWORD, signInViaApi, signUpViaApi } from '../../features/accounts/testing/accountsTestKit';
import { HASH_CONCURRENCY, HASH_QUEUE_LIMIT, HASH_RETRY_AFTER_SECONDS, passwordHashing } from './passwords';

describeEachDb('bounded password hashing', (ctx) => {
  /** Occupies every running slot and the whole queue of the process's scrypt limiter until released. */
  function fillHashQueue() {
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const tasks = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE_LIMIT }, () => passwordHashing.run(() => held));
    return async () => { release(); await Promise.all(tasks); };
  }

  it('answers 503 with Retry-After, translated, when the queue is full, counting nothing; then works again', async () => {
    await signUpViaApi(ctx().app);
    const before = await accountState(ctx().deps);
    const release = fillHashQueue();
    try {
      const signIn = await signInViaApi(ctx().app, 'ana@example.com', PASSWORD, esHeaders);
      expect(signIn.statusCode).toBe(503);
      expect(signIn.headers['retry-after']).toBe(String(HASH_RETRY_AFTER_SECONDS));
      expect(signIn.data).toEqual({ error: 'El servidor está ocupado comprobando contraseñas. Vuelve a intentarlo en unos segundos' });
      const signUp = await call(ctx().app, { method: 'POST', url: '/api/v1/users',
        payload: { api_v1_user: { name: 'Bob', email: 'bob@example.com', password: PASSWORD } } });
      expect(signUp.statusCode).toBe(503);
    } finally {
      await release();
    }
    expect(await accountState(ctx().deps)).toEqual(before);
    expect(await ctx().deps.db.selectFrom('sign_in_failures').select('id').execute()).toEqual([]);
    expect((await signInViaApi(ctx().app, 'ana@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it('queues a burst within the bound instead of refusing it: every sign-in succeeds', async () => {
    await signUpViaApi(ctx().app);
    const burst = HASH_CONCURRENCY + 6;
    const results = await Promise.all(Array.from({ length: burst }, () => signInViaApi(ctx().app, 'ana@example.com', PASSWORD)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(burst).fill(200));
    expect(passwordHashing.stats).toEqual({ running: 0, waiting: 0 });
  });
});
