import { execFile } from 'node:child_process';
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
  const { dbname, env } = pgbenchTarget(url);
  const { stdout } = await run('pgbench', ['-N', '-c', String(clients), '-j', '2', '-T', String(seconds), dbname], { env });
  const tps = /tps = ([\d.]+)/.exec(stdout);
  const latency = /latency average = ([\d.]+) ms/.exec(stdout);
  if (!tps || !latency) throw new Error(`pgbench: unexpected output\n${stdout}`);
  return { tps: Number(tps[1]), latencyMs: Number(latency[1]) };
}
