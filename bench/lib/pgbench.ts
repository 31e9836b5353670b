import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * The PostgreSQL ceiling of the bets bench: `pgbench -N` (the TPC-B-like script without the branch and teller
 * updates: per transaction one UPDATE, one SELECT and one INSERT) against the same server, in a schema of its own
 * (`pgbench_ceiling`, scale 10, created on first use and kept). What the database and this machine do for simple
 * write transactions, measured in the same run as the app so their ratio means something.
 */
const SCHEMA = 'pgbench_ceiling';
const SCALE = 10;

/** The database of a postgres URL, without our search_path option (pgbench gets its own through PGOPTIONS). */
function pgbenchTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const plain = new URL(url);
  plain.searchParams.delete('options');
  return { dbname: plain.toString(), env: { ...process.env, PGOPTIONS: `-c search_path=${SCHEMA}` } };
}

export async function preparePgbench(url: string): Promise<void> {
  const { dbname, env } = pgbenchTarget(url);
  const client = new pg.Client({ connectionString: dbname });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`);
    const { rows } = await client.query(`SELECT to_regclass('${SCHEMA}.pgbench_accounts') IS NOT NULL AS ready`);
    if (rows[0].ready) return;
  } finally {
    await client.end();
  }
  await run('pgbench', ['-i', '-q', '-s', String(SCALE), dbname], { env });
}

export interface PgbenchResult { tps: number; latencyMs: number }

/** `pgbench -N -c <clients> -j 2 -T <seconds>`: transactions per second and mean latency. */
export async function runPgbench(url: string, clients: number, seconds: number): Promise<PgbenchResult> {
  return pgbench(url, ['-N', '-c', String(clients), '-j', '2', '-T', String(seconds)]);
}

/** How pgbench sends its statements: `simple` (its default: one query message each) or `prepared` (parsed once per client). */
export type PgbenchProtocol = 'simple' | 'prepared';

/**
 * One UPDATE of a random account per transaction (`-f` script, `-M <protocol>`, `-c <clients> -j 2`): the ceiling of
 * the simplest write transaction, one statement and one commit, which is what a bet save is.
 */
export async function runPgbenchOneUpdate(url: string, clients: number, seconds: number, protocol: PgbenchProtocol = 'simple'): Promise<PgbenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'porra-pgbench-'));
  const script = join(dir, 'one-update.sql');
  writeFileSync(script, [
    `\\set aid random(1, ${100_000 * SCALE})`,
    '\\set delta random(-5000, 5000)',
    'UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;',
    '',
  ].join('\n'));
  try {
    return await pgbench(url, ['-n', '-f', script, '-M', protocol, '-c', String(clients), '-j', '2', '-T', String(seconds)]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function pgbench(url: string, args: string[]): Promise<PgbenchResult> {
  const { dbname, env } = pgbenchTarget(url);
  const { stdout } = await run('pgbench', [...args, dbname], { env });
  const tps = /tps = ([\d.]+)/.exec(stdout);
  const latency = /latency average = ([\d.]+) ms/.exec(stdout);
  if (!tps || !latency) throw new Error(`pgbench: unexpected output\n${stdout}`);
  return { tps: Number(tps[1]), latencyMs: Number(latency[1]) };
}
