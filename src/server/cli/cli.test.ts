import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../testing/manualClock';
import { openDatabase } from '../platform/db/database';
import { verifyPassword } from '../platform/sessions/passwords';
import { createAdminCommand } from './createAdminCommand';
import { helpCommand } from './helpCommand';
import { importCommand } from './importCommand';
import { resetPasswordCommand } from './resetPasswordCommand';
import { runCli } from './runCli';

const FIXTURE = join(__dirname, '../domain/competitions/testing/fixtures/minicup-2030.json');
const COMMANDS = [importCommand, createAdminCommand, resetPasswordCommand, helpCommand];

describe('porra CLI (SQLite file from DATABASE_URL)', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const clock = new ManualClock(Date.parse('2026-06-01T12:00:00Z'));
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, COMMANDS, { out: (l) => out.push(l), err: (l) => err.push(l) }, env, clock);
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const query = async <T>(fn: (db: ReturnType<typeof openDatabase>['db']) => Promise<T>) => {
    const handle = openDatabase(env.DATABASE_URL!);
    try { return await fn(handle.db); } finally { await handle.close(); }
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'porra-cli-'));
    env = { DATABASE_URL: `sqlite:${join(dir, 'porra.sqlite')}`, SCRYPT_COST: '10' };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('help lists the commands; an unknown command exits 2', async () => {
    const help = await run('help');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/import --openfootball/);
    expect(help.out).toMatch(/create-admin --email/);
    expect(help.out).toMatch(/reset-password --email E \[--password P\]/);
    expect((await run('frobnicate')).code).toBe(2);
  });

  it('imports, then updates in place on a second run', async () => {
    const first = await run('import', '--openfootball', FIXTURE, '--shift-to', '2026-06-02T18:00:00Z', '--replay');
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toMatch(/Imported "Mini Cup 2030" .*10 matches, 4 teams, 1 groups, 0 finished, 8 results held back/);
    const second = await run('import', '--openfootball', FIXTURE);
    expect(second.code).toBe(0);
    expect(second.out).toMatch(/^Updated/);
    const rows = await query((db) => db.selectFrom('matches').select(['date']).orderBy('date').execute());
    expect(rows).toHaveLength(10);
    expect(rows[0].date).toBe(Date.parse('2026-06-02T18:00:00Z')); // the stored shift is kept
  });

  it('explains bad calls (exit 2) and failures (exit 1)', async () => {
    expect(await run('import')).toMatchObject({ code: 2, err: expect.stringMatching(/--openfootball <file-or-url> is required/) });
    expect(await run('import', '--openfootball', FIXTURE, '--shift-to', 'tomorrow')).toMatchObject({ code: 2, err: expect.stringMatching(/ISO date-time/) });
    expect(await run('import', '--openfootball', FIXTURE, '--bogus')).toMatchObject({ code: 2, err: expect.stringMatching(/bogus/) });
    expect(await run('import', '--openfootball', join(dir, 'missing.json'))).toMatchObject({ code: 1, err: expect.stringMatching(/could not read/) });
    expect(await run('import', '--openfootball', FIXTURE, '--timezone', 'Mars/Olympus')).toMatchObject({ code: 1, err: expect.stringMatching(/unknown time zone/) });
    expect(await run('create-admin', '--email', 'boss@example.com', '--password', 'short')).toMatchObject({ code: 1, err: expect.stringMatching(/8 characters minimum/) });
    expect((await run('help')).code).toBe(0);
    expect(await run('import', '--openfootball', FIXTURE)).toMatchObject({ code: 0 });
    expect(await query((db) => db.selectFrom('users').selectAll().execute())).toEqual([]);
  });

  it('create-admin creates an admin, then promotes and re-passwords an existing user', async () => {
    expect(await run('create-admin', '--email', 'boss@example.com', '--password', 'secret-123', '--name', 'Boss'))
      .toMatchObject({ code: 0, out: expect.stringMatching(/Created admin: boss@example.com/) });
    await query((db) => db.updateTable('users').set({ is_admin: 0 }).execute());
    expect(await run('create-admin', '--email', 'boss@example.com', '--password', 'secret-456'))
      .toMatchObject({ code: 0, out: expect.stringMatching(/Promoted to admin/) });
    const users = await query((db) => db.selectFrom('users').select(['name', 'is_admin', 'email_verified']).execute());
    expect(users).toEqual([{ name: 'Boss', is_admin: 1, email_verified: 1 }]);
  });

  it('reset-password prints a random password (or sets the one given), signs the account out everywhere', async () => {
    await run('create-admin', '--email', 'boss@example.com', '--password', 'secret-123');
    const now = clock.now();
    await query(async (db) => {
      const { id } = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
      await db.insertInto('sessions').values({ id: 'old-session', user_id: id, created_at: now, expires_at: now + 86_400_000 }).execute();
      await db.insertInto('password_resets').values({ user_id: id, token_hash: 'h', expires_at: now + 3_600_000, created_at: now }).execute();
    });
    const generated = await run('reset-password', '--email', ' Boss@Example.com');
    expect(generated).toMatchObject({ code: 0, err: '' });
    const password = /New password for boss@example.com \(user \d+\): ([\w-]{16})/.exec(generated.out)![1]!;
    const stored = await query((db) => db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow());
    expect(await verifyPassword(password, stored.password_hash)).toBe(true);
    expect(await query((db) => db.selectFrom('sessions').selectAll().execute())).toEqual([]);
    expect(await query((db) => db.selectFrom('password_resets').select('used_at').execute())).toEqual([{ used_at: now }]);

    expect(await run('reset-password', '--email', 'boss@example.com', '--password', 'chosen-secret'))
      .toMatchObject({ code: 0, out: expect.stringMatching(/Password set for boss@example.com/) });
    const chosen = await query((db) => db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow());
    expect(await verifyPassword('chosen-secret', chosen.password_hash)).toBe(true);

    expect(await run('reset-password', '--email', 'nobody@example.com')).toMatchObject({ code: 1, err: expect.stringMatching(/no account has the email nobody@example.com/) });
    expect(await run('reset-password', '--email', 'boss@example.com', '--password', 'short')).toMatchObject({ code: 1, err: expect.stringMatching(/8 characters minimum/) });
    expect(await run('reset-password')).toMatchObject({ code: 2, err: expect.stringMatching(/--email is required/) });
  });
});
