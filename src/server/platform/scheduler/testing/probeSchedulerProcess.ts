/**
 * Test helper, run as a child process by schedulerProcesses.test.ts: one server process's scheduler with a single
 * short job, `probe`, whose every run inserts (pid, the time its period was claimed, the time of the insert) into the
 * test's probe_runs table. DATABASE_URL points at an already migrated database; PROBE_EVERY_MS and PROBE_WAKE_MS set
 * the period and how often it looks.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { systemClock } from '../../clock';
import { openDatabase } from '../../db/database';
import { scheduleJobs } from '../jobScheduler';

const handle = openDatabase(process.env.DATABASE_URL!, { poolSize: 2 });
const complain = (details: { err?: Error }, message: string) => process.stderr.write(`${message}: ${details.err?.message ?? JSON.stringify(details)}\n`);
const log = { info() {}, debug() {}, warn: complain, error: complain } as unknown as FastifyBaseLogger;

const scheduler = scheduleJobs({ db: handle.db, clock: systemClock, log }, [{
  name: 'probe',
  everyMs: Number(process.env.PROBE_EVERY_MS),
  async work({ claimedAt }) {
    await sql`insert into probe_runs (pid, claimed_at, at) values (${process.pid}, ${claimedAt}, ${Date.now()})`.execute(handle.db);
    return {};
  },
}], { wakeEveryMs: Number(process.env.PROBE_WAKE_MS) });

// The scheduler's timer does not keep a process alive (a server's listening socket does): this stands in for it.
const alive = setInterval(() => undefined, 60_000);
process.once('SIGTERM', () => {
  clearInterval(alive);
  void scheduler.stop().then(() => handle.close()).then(() => process.exit(0));
});
void scheduler.tick().then(() => process.stdout.write('ready\n'));
