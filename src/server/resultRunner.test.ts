import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase, type DatabaseHandle } from './platform/db/database';
import { applyResults } from './domain/resultJobs/applyResults';
import { finishMatch } from './features/resultBets/testing/betsTestFixture';
import { resultJobWorld, type ResultJobWorld } from './domain/resultJobs/testing/resultJobWorld';
import { childPids, until } from './testing/processWatch';
import { startServerProcess, type ServerProcess } from './testing/serverProcess';

// A real server process and its runner (compiled once per file) on a shared 2-core machine.
jest.setTimeout(180_000);

/** A result written by another process (as an import or a second server writes one): the match and its job. */
async function writeResult(db: DatabaseHandle['db'], w: ResultJobWorld, matchId: number, goals: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await finishMatch(trx, matchId, goals, 0);
    await applyResults(trx, { competitionId: w.cup.competitionId, matchIds: [matchId], trigger: 'scheduled', now: Date.now() });
  });
}

const jobsDone = async (db: DatabaseHandle['db']) => (await db.selectFrom('result_jobs').select('status').execute()).every((j) => j.status === 'done');

describe('npm start\'s result runner', () => {
  let dir: string;
  let database: DatabaseHandle | undefined;
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.terminate(10_000);
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies results in a process of its own, and one killed mid-way is replaced and finishes the job', async () => {
    dir = mkdtempSync(join(tmpdir(), 'porra-runner-'));
    const url = `sqlite:${join(dir, 'porra.sqlite')}`;
    database = openDatabase(url);
    await migrate(database);
    const w = await resultJobWorld(database.db, { leagues: 3, members: 4, start: Date.now() - 86_400_000 });
    server = await startServerProcess({ DATABASE_URL: url, LOG_LEVEL: 'info' });
    const serverPid = server.child.pid!;
    const [runner] = await until('the runner process', () => childPids(serverPid), (pids) => pids.length === 1);
    expect(server.output.join('')).toMatch(/result runner process started beside the server/);

    await writeResult(database.db, w, w.matchday[0], 1);
    await until('the first result applied', () => jobsDone(database!.db), (done) => done);
    const scored = async () => (await database!.db.selectFrom('member_standings').select('points').where('league_id', 'in', w.leagueIds).execute())
      .reduce((sum, row) => sum + Number(row.points), 0);
    const afterFirst = await scored();
    expect(afterFirst).toBeGreaterThan(0);

    // The runner dies; the server goes on answering and starts another, which applies the next result.
    process.kill(runner, 'SIGKILL');
    expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
    await until('a new runner', () => childPids(serverPid), (pids) => pids.length === 1 && pids[0] !== runner);
    expect(server.output.join('')).toMatch(/result runner stopped; starting another/);
    await writeResult(database.db, w, w.matchday[1], 2);
    await until('the second result applied', () => jobsDone(database!.db), (done) => done);
    expect(await scored()).toBeGreaterThan(afterFirst);

    // SIGTERM stops the server and its runner.
    expect(await server.terminate(20_000)).toBe(0);
    expect(childPids(serverPid)).toEqual([]);
  });
});
