import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildApp } from '../../app';
import { openDatabase } from '../db/database';
import { restoreCommand } from '../../cli/restoreCommand';
import { runCli } from '../../cli/runCli';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { CapturingMailer, testConfig } from '../../testing/harness';
import { compiledServer, startServerProcess } from '../../testing/serverProcess';
import { createLeague } from '../../features/resultBets/testing/betsTestFixture';
import { withMatchCompetitions } from '../../testing/betCompetitions';

// A real server and a real CLI process (compiled once per file) on a shared 2-core machine.
jest.setTimeout(120_000);

const WRITERS = 4;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Bet { id: number; token: string; acks: { n: number; at: number }[]; sent: { n: number; at: number }[] }

/** Save number n of a bet (0..99) as its goals, so every save of one bet is told apart: n = local + 10 x visiting. */
const goalsOf = (n: number) => ({ local_goals: n % 10, visiting_goals: Math.floor(n / 10) });
const saveNumber = (row: { local_goals: number | null; visiting_goals: number | null }) =>
  (row.local_goals === null ? -1 : row.local_goals + 10 * row.visiting_goals!);

/** Users, a league and their open bets, written before the server starts on the same file. */
async function world(databaseUrl: string): Promise<Bet[]> {
  const { app, deps } = await buildApp({ config: testConfig({ databaseUrl }), database: openDatabase(databaseUrl), mailer: new CapturingMailer(), logger: false });
  try {
    const cup = await createCup(deps.db, { start: Date.now() + 2 * 86_400_000, groups: 8 });
    const users = [];
    for (let i = 0; i < 4; i++) users.push(await createUserWithToken(deps, { email_verified: true }));
    const leagueId = await createLeague(deps.db, { competitionId: cup.competitionId, ownerId: users[0].id, members: users.map((u) => ({ id: u.id })) });
    const bets: Bet[] = [];
    for (const user of users) {
      for (const matchId of cup.groupMatchIds) {
        const { id } = await deps.db.insertInto('result_bets')
          .values(await withMatchCompetitions(deps.db, { league_id: leagueId, user_id: user.id, match_id: matchId, local_goals: null, visiting_goals: null, updated_at: 0 }))
          .returning('id').executeTakeFirstOrThrow();
        bets.push({ id, token: user.token, acks: [], sent: [] });
      }
    }
    return bets;
  } finally {
    await app.close();
  }
}

/** `node dist/server/cli.js ...` as an operator runs it (npm run porra -- ...). */
function runCompiledCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const cli = join(dirname(compiledServer()), 'cli.js');
  const child = spawn(process.execPath, [cli, ...args], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', NODE_PATH: join(__dirname, '../../../../node_modules'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { out += chunk.toString(); });
  return new Promise((done) => child.once('exit', (code) => done({ code, out })));
}

describe('a SQLite backup taken while the server saves bets', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'porra-backup-writes-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('holds every bet acknowledged before it started, and restores', async () => {
    const databaseUrl = `sqlite:${join(dir, 'porra.sqlite')}`;
    const bets = await world(databaseUrl);
    const server = await startServerProcess({ DATABASE_URL: databaseUrl }, 60_000);
    let writing = true;
    let acked = 0;
    const failures: string[] = [];
    // Each writer saves its own bets in turn, one request at a time, so the saves of one bet are ordered.
    const writer = async (w: number) => {
      const mine = bets.filter((_, i) => i % WRITERS === w);
      for (let round = 0; writing && round < 100; round++) {
        for (const bet of mine) {
          if (!writing) return;
          bet.sent.push({ n: round, at: Date.now() });
          const res = await fetch(`${server.origin}/api/v1/en/result_bets/update_result_bet`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${bet.token}` },
            body: JSON.stringify({ result_bet_id: bet.id, ...goalsOf(round) }),
          });
          if (res.status !== 200) { failures.push(`${res.status} ${await res.text()}`); return; }
          bet.acks.push({ n: round, at: Date.now() });
          acked += 1;
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    let backupStartedAt = 0;
    let backupEndedAt = 0;
    let backupFile = '';
    try {
      while (acked < 300 && failures.length === 0) await sleep(20);
      backupStartedAt = Date.now();
      const backup = await runCompiledCli(['backup', '--dir', join(dir, 'backups')], { DATABASE_URL: databaseUrl });
      backupEndedAt = Date.now();
      expect(backup).toMatchObject({ code: 0, out: expect.stringMatching(/^Backed up /) });
      backupFile = /to (\S+porra-\d{8}-\d{6}\.sqlite)/.exec(backup.out)![1];
      const ackedAtEnd = acked;
      while (acked < ackedAtEnd + 300 && failures.length === 0) await sleep(20);
    } finally {
      writing = false;
      await Promise.all(writers);
      expect(await server.terminate()).toBe(0);
    }
    expect(failures).toEqual([]);

    // Restored into a new place, as on a new machine.
    const restoredUrl = `sqlite:${join(dir, 'restored', 'porra.sqlite')}`;
    const lines: string[] = [];
    const code = await runCli(['restore', backupFile], [restoreCommand], { out: (l) => lines.push(l), err: (l) => lines.push(l) }, { DATABASE_URL: restoredUrl });
    expect({ code, lines }).toMatchObject({ code: 0, lines: [expect.stringMatching(/^Restored /)] });

    const read = async (url: string) => {
      const handle = openDatabase(url);
      try {
        const rows = await handle.db.selectFrom('result_bets').select(['id', 'local_goals', 'visiting_goals']).execute();
        return new Map(rows.map((r) => [r.id, saveNumber(r)]));
      } finally { await handle.close(); }
    };
    const restored = await read(restoredUrl);
    const live = await read(databaseUrl);
    let heldBefore = 0;
    for (const bet of bets) {
      // Acknowledged before the backup started: there, or overwritten by a save sent before it ended.
      const lastBefore = Math.max(-1, ...bet.acks.filter((a) => a.at < backupStartedAt).map((a) => a.n));
      const lastSentBeforeEnd = Math.max(-1, ...bet.sent.filter((s) => s.at < backupEndedAt).map((s) => s.n));
      expect({ bet: bet.id, saved: restored.get(bet.id) }).toEqual({ bet: bet.id, saved: expect.any(Number) });
      expect(restored.get(bet.id)!).toBeGreaterThanOrEqual(lastBefore);
      expect(restored.get(bet.id)!).toBeLessThanOrEqual(lastSentBeforeEnd);
      if (lastBefore >= 0) heldBefore += 1;
      // And the live database lost no acknowledged save either.
      expect(live.get(bet.id)).toBe(bet.acks.length ? bet.acks[bet.acks.length - 1].n : -1);
    }
    expect(heldBefore).toBe(bets.length); // every bet had been saved at least once before the backup
    // The server kept saving while the backup process ran, and after it.
    expect(bets.some((b) => b.acks.some((ack) => ack.at > backupStartedAt && ack.at < backupEndedAt))).toBe(true);
    expect(bets.some((b) => b.acks.some((ack) => ack.at > backupEndedAt))).toBe(true);
  });
});
