import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../testing/manualClock';
import { openDatabase } from '../platform/db/database';
import { startFakeFootballData, type FakeFootballData } from '../domain/providers/footballData/testing/fakeFootballData';
import { COMMANDS } from '../cli';
import { runCli } from './runCli';

// Real servers and databases on a shared 2-core machine: allow more than jest's default 5 s.
jest.setTimeout(30_000);

describe('porra -- import --football-data', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let fake: FakeFootballData;
  const clock = new ManualClock(Date.parse('2026-06-01T12:00:00Z'));
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, COMMANDS, { out: (l) => out.push(l), err: (l) => err.push(l) }, env, clock);
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  beforeAll(async () => { fake = await startFakeFootballData(); });
  afterAll(async () => { await fake.close(); });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'porra-fd-'));
    // The fake answers at once, but on a shared two-core machine running two test workers an answer can take more
    // than half a second: a tight provider timeout here tested the machine's load, not the import.
    fake.failure = null;
    env = { DATABASE_URL: `sqlite:${join(dir, 'porra.sqlite')}`, FOOTBALL_DATA_URL: fake.baseUrl, FOOTBALL_DATA_TOKEN: 'test-token', FOOTBALL_DATA_TIMEOUT_MS: '2000' };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the competition, sets it to update from football-data, and updates it in place when run again', async () => {
    const first = await run('import', '--football-data', 'wc');
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toMatch(/^Imported football-data competition WC \(competition 1\): 16 matches written/);
    const again = await run('import', '--football-data', 'WC');
    expect(again.out).toMatch(/^Updated football-data competition WC \(competition 1\): 0 matches written/);
    const handle = openDatabase(env.DATABASE_URL!);
    try {
      const rows = await handle.db.selectFrom('competitions').select(['provider', 'provider_ref']).execute();
      expect(rows).toEqual([{ provider: 'football-data', provider_ref: 'WC' }]);
    } finally {
      await handle.close();
    }
  });

  it('explains provider failures and wrong calls', async () => {
    fake.failure = 401;
    const denied = await run('import', '--football-data', 'WC');
    expect(denied.code).toBe(1);
    expect(denied.err).toContain('football-data.org: the access token was refused');
    expect((await run('import', '--football-data', 'WC', '--season', 'soon')).code).toBe(2);
    expect((await run('import', '--season', '2024')).code).toBe(2);
    const help = await run('help');
    expect(help.out).toContain('import --football-data <CODE> [--season YEAR]');
  });
});
