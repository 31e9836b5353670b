import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type pg from 'pg';

/**
 * What PostgreSQL spends for a set of connections: CPU time of their backend processes (from /proc, so the
 * database server must run on this machine), and WAL written by the whole cluster (other users of the cluster add
 * to it: take it as an upper bound).
 */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command: state is field 3, utime 14 and stime 15 (1-based, see proc(5)).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0; // the backend exited
  }
}

/** CPU milliseconds used so far, per backend pid, by the connections whose application_name starts with `prefix`. */
export async function backendsCpu(client: pg.Client, prefix: string): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name LIKE $1', [`${prefix}%`]);
  return new Map(rows.map((row) => [row.pid, processCpuMs(row.pid)]));
}

/** CPU milliseconds spent between two readings (backends that appeared meanwhile count from zero). */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

export async function walPosition(client: pg.Client): Promise<bigint> {
  const { rows } = await client.query<{ bytes: string | number }>("SELECT pg_current_wal_insert_lsn() - '0/0'::pg_lsn AS bytes");
  return BigInt(Math.round(Number(rows[0].bytes)));
}
