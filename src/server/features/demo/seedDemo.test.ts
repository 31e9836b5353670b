import { ROUND } from '../../../shared/domain/rounds';
import { revealDueResults } from '../../domain/competitionUpdates/reveal';
import { verifyPassword } from '../../platform/sessions/passwords';
import { loadConfig } from '../../platform/config';
import type { AppDeps } from '../../platform/deps';
import { call, createTestApp, DB_KINDS, describeEachDb } from '../../testing/harness';
import { seedDemoIfEmpty } from './seedDemo';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describeEachDb('demo seed', (ctx) => {
  const count = async (table: 'competitions' | 'users' | 'leagues' | 'result_bets' | 'round_bets' | 'person_bets' | 'league_members') =>
    Number((await ctx().deps.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const matches = () => ctx().deps.db.selectFrom('matches').selectAll().orderBy('date').execute();

  it('seeds once: running it twice leaves one demo', async () => {
    expect(await seedDemoIfEmpty(ctx().deps)).toBe(true);
    const before = [await count('competitions'), await count('users'), await count('result_bets')];
    expect(await seedDemoIfEmpty(ctx().deps)).toBe(false);
    expect([await count('competitions'), await count('users'), await count('result_bets')]).toEqual(before);
    expect(before[0]).toBe(1);
    expect(before[1]).toBe(6);
  });

  it('seeds once when two servers start at the same time on one empty database', async () => {
    const results = await Promise.all([seedDemoIfEmpty(ctx().deps), seedDemoIfEmpty(ctx().deps)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await count('competitions')).toBe(1);
    expect(await count('users')).toBe(6);
  });

  it('does nothing on a database that already has users', async () => {
    const now = ctx().clock.now();
    await ctx().deps.db.insertInto('users').values({ name: 'Someone', email: 'someone@example.com', password_hash: 'x', created_at: now, updated_at: now }).execute();
    expect(await seedDemoIfEmpty(ctx().deps)).toBe(false);
    expect(await count('competitions')).toBe(0);
  });

  it('puts now in the middle of the group stage, with results behind and kickoffs ahead', async () => {
    await seedDemoIfEmpty(ctx().deps);
    const now = ctx().clock.now();
    const all = await matches();
    expect(all).toHaveLength(64);
    const group = all.filter((m) => m.round_id === ROUND.GROUP_STAGE);
    expect(group).toHaveLength(48);
    const finished = group.filter((m) => m.finished);
    expect(finished.length).toBeGreaterThanOrEqual(16);
    expect(finished.length).toBeLessThan(32);
    expect(finished.every((m) => m.local_goals !== null && m.visiting_goals !== null && m.held_result === null)).toBe(true);
    const upcoming = group.filter((m) => m.date > now);
    expect(upcoming.length).toBeGreaterThan(16);
    expect(upcoming[0].date - now).toBeLessThanOrEqual(DAY);
    expect(upcoming.every((m) => m.held_result !== null && m.local_goals === null)).toBe(true);
    // Knockout teams are unknown until the groups finish.
    expect(all.filter((m) => m.round_id !== ROUND.GROUP_STAGE).every((m) => m.local_team_id === null && m.local_placeholder)).toBe(true);
    const teams = await ctx().deps.db.selectFrom('teams').select(['flag', 'is_flag']).execute();
    expect(teams).toHaveLength(32);
    expect(teams.every((t) => t.is_flag === 1 && t.flag)).toBe(true);
    const scorers = await ctx().deps.db.selectFrom('person_stats').select('goals').where('goals', '>', 0).execute();
    expect(scorers.length).toBeGreaterThan(0);
  });

  it('creates the demo accounts, the office league with departments, and bets', async () => {
    await seedDemoIfEmpty(ctx().deps);
    const { db } = ctx().deps;
    const users = await db.selectFrom('users').select(['email', 'is_admin', 'locale', 'password_hash', 'email_verified']).orderBy('id').execute();
    expect(users.map((u) => u.email)).toEqual(['admin@porra.demo', 'ana@porra.demo', 'luis@porra.demo', 'marta@porra.demo', 'john@porra.demo', 'emma@porra.demo']);
    expect(users[0].is_admin).toBe(1);
    expect(new Set(users.map((u) => u.locale))).toEqual(new Set(['es', 'en']));
    expect(await verifyPassword('porra-demo', users[1].password_hash)).toBe(true);
    expect(users.every((u) => u.email_verified === 1)).toBe(true);
    const league = await db.selectFrom('leagues').innerJoin('users', 'users.id', 'leagues.owner_id')
      .select(['leagues.name', 'leagues.name_normalized', 'users.email', 'bets_system', 'points_system', 'round_bets_enabled', 'person_bets_enabled'])
      .executeTakeFirstOrThrow();
    expect(league).toEqual({
      name: 'Porra de la oficina', name_normalized: 'porra de la oficina', email: 'ana@porra.demo', bets_system: 'exact',
      points_system: 'winner_and_goals', round_bets_enabled: 1, person_bets_enabled: 1,
    });
    const departments = await db.selectFrom('league_members').select('department').execute();
    expect(departments).toHaveLength(5);
    expect(new Set(departments.map((d) => d.department))).toEqual(new Set(['Ventas', 'IT', 'Marketing']));
    expect(await count('result_bets')).toBeGreaterThan(5 * 20);
    expect(await count('round_bets')).toBeGreaterThan(0);
    expect(await count('person_bets')).toBe(10);
  });

  it('gives the admin a random password, printed once on a plain line of its own and kept out of the log, and never the published one', async () => {
    const lines: string[] = [];
    const logged: unknown[] = [];
    const keep = (...args: unknown[]) => { logged.push(args); };
    const log = { ...ctx().deps.log, info: keep, warn: keep, error: keep };
    await seedDemoIfEmpty({ ...ctx().deps, log } as unknown as AppDeps, (line) => lines.push(line));
    expect(lines).toHaveLength(1);
    // The same text in a terminal and in a file: one line, no JSON around it, no colour codes.
    expect(lines[0]).toMatch(/^DEMO ADMIN ACCOUNT: admin@porra\.demo \/ password [\w-]{16} \(shown only this once; [^\n\u001b{}"]*\)$/);
    const printed = /DEMO ADMIN ACCOUNT: admin@porra\.demo \/ password ([\w-]{16}) .*npm run porra -- reset-password --email admin@porra\.demo/
      .exec(lines[0]!);
    expect(printed).not.toBeNull();
    expect(JSON.stringify(logged)).not.toContain(printed![1]);
    const admin = await ctx().deps.db.selectFrom('users').select('password_hash').where('email', '=', 'admin@porra.demo').executeTakeFirstOrThrow();
    expect(await verifyPassword(printed![1]!, admin.password_hash)).toBe(true);
    expect(await verifyPassword('porra-demo', admin.password_hash)).toBe(false);
    const signIn = (password: string) => call(ctx().app, { method: 'POST', url: '/api/v1/users/sign_in',
      payload: { api_v1_user: { email: 'admin@porra.demo', password } } });
    expect((await signIn('porra-demo')).statusCode).toBe(401);
    expect((await signIn(printed![1]!)).data).toMatchObject({ is_admin: true, email_verified: true });
    // A second start on the seeded database prints nothing.
    await seedDemoIfEmpty({ ...ctx().deps, log } as unknown as AppDeps, (line) => lines.push(line));
    expect(lines).toHaveLength(1);
  });

  it('reveals more results as the clock passes kickoffs, and fills the knockout rounds until the final', async () => {
    await seedDemoIfEmpty(ctx().deps);
    const { db } = ctx().deps;
    const clock = ctx().clock;
    const finishedBefore = (await matches()).filter((m) => m.finished).length;
    clock.advance(DAY);
    const revealed = await revealDueResults(db, clock.now());
    expect(revealed.length).toBeGreaterThanOrEqual(3);
    expect((await matches()).filter((m) => m.finished).length).toBe(finishedBefore + revealed.length);

    clock.advance(30 * DAY);
    await revealDueResults(db, clock.now());
    const all = await matches();
    expect(all.every((m) => m.finished && m.local_team_id !== null && m.visiting_team_id !== null)).toBe(true);
    const final = all.find((m) => m.round_id === ROUND.FINAL)!;
    const semis = all.filter((m) => m.round_id === ROUND.SEMI_FINALS);
    expect(semis.flatMap((m) => [m.local_team_id, m.visiting_team_id])).toEqual(expect.arrayContaining([final.local_team_id, final.visiting_team_id]));
    const competition = await db.selectFrom('competitions').select('finished').executeTakeFirstOrThrow();
    expect(competition.finished).toBe(1);
  });
});

describe.each(DB_KINDS)('demo seed and NODE_ENV [%s]', (kind) => {
  const usersAfterStart = async (env: NodeJS.ProcessEnv) => {
    // What the start writes to stdout beside the log (the demo admin's line), kept from the test's own output.
    const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const t = await createTestApp(kind, { config: { seedDemo: loadConfig(env).seedDemo } });
    try {
      const users = await t.deps.db.selectFrom('users').select('email').execute();
      return { users, printed: stdout.mock.calls.map(([chunk]) => String(chunk)).filter((chunk) => chunk.startsWith('DEMO ADMIN ACCOUNT:')) };
    } finally {
      stdout.mockRestore();
      await t.close();
    }
  };

  // A production start seeds nothing unless SEED_DEMO=true says so. One start per case, so each gets its own time budget.
  it.each([
    [{ NODE_ENV: 'production' }, 0],
    [{ NODE_ENV: 'production', SEED_DEMO: 'false' }, 0],
    [{ NODE_ENV: 'production', SEED_DEMO: 'true' }, 6],
    [{}, 6],
    [{ SEED_DEMO: 'false' }, 0],
  ])('a start with %j leaves %i users', async (env, users) => {
    const start = await usersAfterStart(env);
    expect(start.users).toHaveLength(users);
    // A start that seeded prints the admin's line once, whole, on stdout; one that did not prints none.
    expect(start.printed).toEqual(users ? [expect.stringMatching(/^DEMO ADMIN ACCOUNT: admin@porra\.demo \/ password [\w-]{16} .*\)\n$/)] : []);
  });
});
