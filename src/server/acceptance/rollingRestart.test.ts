import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../platform/db/database';
import { createLeague } from '../features/resultBets/testing/betsTestFixture';
import { createCup } from '../testing/competitionFixture';
import { createUserWithToken } from '../testing/fixtures';
import { DB_KINDS, openTestDatabase, testConfig, type DbKind } from '../testing/harness';
import { compiledServer, startServerProcess, type ServerProcess } from '../testing/serverProcess';

// Real server processes (compiled as `npm start` runs them) on a busy machine.
jest.setTimeout(120_000);

const PLAYERS = 6;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The database both server processes use: a SQLite file, or a fresh PostgreSQL database (maybe behind PgBouncer). */
async function sharedDatabase(kind: DbKind): Promise<{ env: Record<string, string>; handle: DatabaseHandle; dispose(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'porra-rolling-'));
    const url = `sqlite:${join(dir, 'porra.sqlite')}`;
    const handle = openDatabase(url);
    return { env: { DATABASE_URL: url }, handle, async dispose() { await handle.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const handle = await openTestDatabase(kind);
  return { env: handle.serverEnv, handle, dispose: () => handle.close() };
}

/** Players of one league, each with the open bets of the first two matchdays. */
async function playersWithOpenBets(handle: DatabaseHandle) {
  const { app, deps } = await buildApp({ config: testConfig(), database: handle, logger: false });
  try {
    const cup = await createCup(deps.db, { start: Date.now() + 3 * 3_600_000 });
    const players = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await createUserWithToken(deps));
    const leagueId = await createLeague(deps.db, { competitionId: cup.competitionId, ownerId: players[0].id, members: players.map(({ id }) => ({ id })) });
    return await Promise.all(players.map(async (player) => {
      const betIds: number[] = [];
      for (const matchday of [1, 2]) {
        const res = await app.inject({ url: `/api/v1/en/result_bets/index/${leagueId}?matchday=${matchday}`, headers: { authorization: `Bearer ${player.token}` } });
        betIds.push(...(res.json() as { id: number }[]).map((bet) => bet.id));
      }
      return { token: player.token, betIds };
    }));
  } finally {
    await app.close();
  }
}

interface Attempt { betId: number; seq: number; acknowledged: boolean; server: string; sentAt: number; answeredAt: number }

/**
 * Like a player's browser behind a load balancer: saves bets one after another at whichever server is current.
 * Each save of a bet carries the next number of that bet's sequence (encoded in its goals, 0..99), so the
 * database tells which save it holds. A refused or cut request is not acknowledged: the player saves again.
 */
async function savingPlayer(player: { token: string; betIds: number[] }, traffic: { current: { name: string; origin: string }; stop: boolean }, log: Attempt[], unexpected: number[]) {
  const nextSeq = new Map(player.betIds.map((id) => [id, 0]));
  for (let i = 0; !traffic.stop; i++) {
    const betId = player.betIds[i % player.betIds.length];
    const seq = nextSeq.get(betId)!;
    if (seq > 99) return;
    nextSeq.set(betId, seq + 1);
    const target = traffic.current;
    const sentAt = Date.now();
    let acknowledged = false;
    try {
      const res = await fetch(`${target.origin}/api/v1/en/result_bets/update_result_bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}` },
        body: JSON.stringify({ result_bet_id: betId, local_goals: Math.floor(seq / 10), visiting_goals: seq % 10 }),
      });
      await res.arrayBuffer();
      acknowledged = res.status === 200;
      // 503: shutting down or shedding load, a refusal the client retries; anything else is a bug.
      if (!acknowledged && res.status !== 503) unexpected.push(res.status);
    } catch {
      // Connection refused or closed: not acknowledged.
    }
    log.push({ betId, seq, acknowledged, server: target.name, sentAt, answeredAt: Date.now() });
    if (!acknowledged) await sleep(20);
  }
}

const START_GRACE_MS = 60_000;

async function until(check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await sleep(20);
}

describe.each(DB_KINDS)('rolling restart [%s]', (kind) => {
  beforeAll(() => { compiledServer(); });

  it('loses no acknowledged bet: the old process finishes what it accepted before it exits', async () => {
    const database = await sharedDatabase(kind);
    const servers: ServerProcess[] = [];
    try {
      const players = await playersWithOpenBets(database.handle);
      const env = database.env;
      // Both processes start while this machine's two cores serve other tests and, for B, A's save traffic: the
      // start is given a load balancer's grace, not a quiet machine's 30 s.
      const a = await startServerProcess(env, START_GRACE_MS);
      servers.push(a);
      const traffic = { current: { name: 'A', origin: a.origin }, stop: false };
      const log: Attempt[] = [];
      const unexpected: number[] = [];
      const acknowledgedBy = (name: string) => log.filter((x) => x.acknowledged && x.server === name).length;
      const playing = Promise.all(players.map((player) => savingPlayer(player, traffic, log, unexpected)));

      await until(() => acknowledgedBy('A') >= 50, 20_000);
      // The new process comes up while the old one takes traffic, then the old one is told to stop.
      const b = await startServerProcess(env, START_GRACE_MS);
      servers.push(b);
      const sigtermAt = Date.now();
      a.child.kill('SIGTERM');
      const aExit = a.exited.then((code) => ({ code, afterMs: Date.now() - sigtermAt }));
      // The load balancer notices a moment later: meanwhile A refuses new saves (they are not acknowledged).
      await sleep(150);
      traffic.current = { name: 'B', origin: b.origin };
      await until(() => acknowledgedBy('B') >= 50, 20_000);
      traffic.stop = true;
      await playing;

      // 0: everything in flight finished in time (1 would mean requests were cut at SHUTDOWN_TIMEOUT_MS); and
      // promptly, not after the keep-alive timeout of the connections its last answers went out on.
      expect(await aExit).toEqual({ code: 0, afterMs: expect.any(Number) });
      expect((await aExit).afterMs).toBeLessThan(8000);
      expect(unexpected).toEqual([]);
      expect(acknowledgedBy('A')).toBeGreaterThanOrEqual(50);
      expect(acknowledgedBy('B')).toBeGreaterThanOrEqual(50);
      // Saves sent to A before SIGTERM and acknowledged after it: A drained them instead of dropping them.
      expect(log.filter((x) => x.server === 'A' && x.acknowledged && x.sentAt <= sigtermAt && x.answeredAt > sigtermAt).length).toBeGreaterThan(0);

      if (process.env.ROLLING_RESTART_REPORT) console.log(kind, { a: acknowledgedBy('A'), b: acknowledgedBy('B'), refused: log.filter((x) => !x.acknowledged).length, drained: log.filter((x) => x.server === 'A' && x.acknowledged && x.sentAt <= sigtermAt && x.answeredAt > sigtermAt).length });
      const rows = await database.handle.db.selectFrom('result_bets').select(['id', 'local_goals', 'visiting_goals'])
        .where('id', 'in', players.flatMap((p) => p.betIds)).execute();
      for (const row of rows) {
        const attempts = log.filter((x) => x.betId === row.id);
        const lastAcknowledged = Math.max(-1, ...attempts.filter((x) => x.acknowledged).map((x) => x.seq));
        // The database holds the last acknowledged save, or a later one whose answer never arrived.
        const allowed = [lastAcknowledged, ...attempts.filter((x) => !x.acknowledged && x.seq > lastAcknowledged).map((x) => x.seq)];
        const stored = row.local_goals === null ? -1 : row.local_goals * 10 + row.visiting_goals!;
        expect({ bet: row.id, stored: allowed.includes(stored) }).toEqual({ bet: row.id, stored: true });
      }
      expect(await b.terminate()).toBe(0);
    } finally {
      for (const server of servers) await server.terminate(5000);
      await database.dispose();
    }
  });
});
