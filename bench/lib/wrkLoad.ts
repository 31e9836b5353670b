import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * HTTP load from wrk (C, epoll: Debian's `wrk`) in a process of its own, as pgbench is to PostgreSQL: a client that
 * costs little CPU, so that on a machine the server, the database and the client share, holding the server's rate to
 * pgbench's compares the server with the database rather than one load generator with another (autocannon's client,
 * in Node, takes about a quarter of a core at 10,000 requests a second).
 */

export interface LoadRequest { method: string; path: string; headers: Record<string, string>; body: string }
export interface LoadResult { rate: number; p99Ms: number; non2xx: number; errors: number }

export function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version prints its usage and exits 1: it is there. Only a missing program is "no".
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** A Lua long string: no escaping inside, as long as its closing bracket does not occur in the text. */
function luaString(text: string): string {
  if (text.includes(']==]')) throw new Error('wrkLoad: a request contains "]==]"');
  return `[==[${text}]==]`;
}

/**
 * The requests in turn, each thread from its own point of the list, so the connections of a run send different requests
 * at once (different players' saves) instead of the same one in lockstep.
 */
function script(requests: LoadRequest[]): string {
  const entries = requests.map((r) => `{ method = ${luaString(r.method)}, path = ${luaString(r.path)}, body = ${luaString(r.body)}, headers = { ${
    Object.entries(r.headers).map(([name, value]) => `[ ${luaString(name)} ] = ${luaString(value)}`).join(', ')} } }`);
  return `local requests = {\n${entries.join(',\n')}\n}
local threads = 0
function setup(thread) thread:set("index", threads); threads = threads + 1 end
local position = 0
function init(args) position = index * 7919 end
function request()
  position = position + 1
  local r = requests[(position % #requests) + 1]
  return wrk.format(r.method, r.path, r.headers, r.body)
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("WRK_RESULT %.0f %.0f %.0f %.0f %.0f\\n", summary.requests, summary.duration, latency:percentile(99), e.status,
    e.connect + e.read + e.write + e.timeout))
end
`;
}

/** `wrk -t2 -c<connections> -d<seconds>s` with the requests in turn: rate, p99, answers outside 2xx/3xx and socket errors. */
export async function wrkLoad(url: string, requests: LoadRequest[], connections: number, seconds: number): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'porra-wrk-'));
  const file = join(dir, 'requests.lua');
  writeFileSync(file, script(requests));
  try {
    const { stdout } = await run('wrk', ['-t2', `-c${connections}`, `-d${seconds}s`, '--timeout', '30s', '-s', file, url]);
    const line = /WRK_RESULT (\d+) (\d+) (\d+) (\d+) (\d+)/.exec(stdout);
    if (!line) throw new Error(`wrk: unexpected output\n${stdout}`);
    const [total, durationUs, p99Us, non2xx, errors] = line.slice(1).map(Number);
    return { rate: total / (durationUs / 1e6), p99Ms: p99Us / 1000, non2xx, errors };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
