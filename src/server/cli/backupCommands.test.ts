import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../testing/manualClock';
import { migrate, openDatabase } from '../platform/db/database';
import { backupCommand } from './backupCommand';
import { helpCommand } from './helpCommand';
import { restoreCommand } from './restoreCommand';
import { runCli } from './runCli';

const COMMANDS = [backupCommand, restoreCommand, helpCommand];

describe('porra backup / restore', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let clock: ManualClock;
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, COMMANDS, { out: (l) => out.push(l), err: (l) => err.push(l) }, env, clock);
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const emails = async () => {
    const handle = openDatabase(env.DATABASE_URL!);
    try { return (await handle.db.selectFrom('users').select('email').orderBy('email').execute()).map((r) => r.email); } finally { await handle.close(); }
  };
  const addUser = async (email: string) => {
    const handle = openDatabase(env.DATABASE_URL!);
    try {
      await migrate(handle);
      await handle.db.insertInto('users').values({ name: email, email, password_hash: 'x', created_at: 0, updated_at: 0 }).execute();
    } finally { await handle.close(); }
  };

  beforeEach(() => {
    clock = new ManualClock(Date.parse('2026-11-24T10:20:30Z'));
    dir = mkdtempSync(join(tmpdir(), 'porra-cli-backup-'));
    env = { DATABASE_URL: `sqlite:${join(dir, 'data', 'porra.sqlite')}`, SCRYPT_COST: '10' };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('back up beside the database by default (BACKUP_KEEP newest kept), or into --dir keeping --keep', async () => {
    await addUser('ana@example.com');
    const first = await run('backup');
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toMatch(/^Backed up .*porra\.sqlite to .*data\/backups\/porra-20261124-102030\.sqlite \(\d+ KB\)$/);

    env.BACKUP_KEEP = '2';
    for (let i = 0; i < 3; i++) { clock.advance(1000); expect((await run('backup')).code).toBe(0); }
    expect(readdirSync(join(dir, 'data', 'backups'))).toEqual(['porra-20261124-102032.sqlite', 'porra-20261124-102033.sqlite']);

    clock.advance(1000);
    const other = join(dir, 'elsewhere');
    expect(await run('backup', '--dir', other, '--keep', '1')).toMatchObject({ code: 0, out: expect.stringMatching(/elsewhere\/porra-20261124-102034\.sqlite/) });
    expect(readdirSync(other)).toHaveLength(1);
  });

  it('restore puts a backup back, keeping the current database', async () => {
    await addUser('ana@example.com');
    await run('backup');
    await addUser('bob@example.com');
    const backup = join(dir, 'data', 'backups', 'porra-20261124-102030.sqlite');
    const restored = await run('restore', backup);
    expect(restored).toMatchObject({ code: 0, err: '' });
    expect(restored.out).toMatch(/^Restored .*porra\.sqlite from .*porra-20261124-102030\.sqlite; the previous database is kept as .*porra\.sqlite\.before-restore$/);
    expect(await emails()).toEqual(['ana@example.com']);
  });

  it('explain bad calls (exit 2) and refusals (exit 1), PostgreSQL with the pg_dump / pg_restore recipe', async () => {
    await addUser('ana@example.com');
    expect(await run('backup', '--keep', '0')).toMatchObject({ code: 2, err: expect.stringMatching(/--keep must be an integer between 1 and 1000[\s\S]*Usage: npm run porra -- backup \[--dir DIR\] \[--keep N\]/) });
    expect(await run('backup', 'extra')).toMatchObject({ code: 2 });
    expect(await run('restore')).toMatchObject({ code: 2, err: expect.stringMatching(/exactly one backup file/) });
    expect(await run('restore', 'a', 'b')).toMatchObject({ code: 2 });
    expect(await run('restore', join(dir, 'missing.sqlite'))).toMatchObject({ code: 1, err: expect.stringMatching(/^restore failed: There is no file at/) });
    expect(await run('restore', env.DATABASE_URL!.slice('sqlite:'.length) + '-nope')).toMatchObject({ code: 1 });

    env.DATABASE_URL = 'postgres://porra:secret@db.example.com:5432/porra';
    const backup = await run('backup');
    expect(backup).toMatchObject({ code: 1, err: expect.stringMatching(/^backup failed: PostgreSQL databases are backed up with its own tools: pg_dump --format=custom/) });
    expect(await run('restore', 'porra.dump')).toMatchObject({ code: 1, err: expect.stringMatching(/pg_restore --clean/) });
    expect(existsSync(join(dir, 'data', 'backups'))).toBe(false);
  });

  it('help lists both', async () => {
    const help = await run('help');
    expect(help.out).toMatch(/backup \[--dir DIR\] \[--keep N\]/);
    expect(help.out).toMatch(/restore FILE/);
  });
});
