import { readdirSync, readFileSync } from 'node:fs';

/** The live processes whose parent is `pid` (Linux /proc). */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) === pid && state !== 'Z') children.push(Number(entry));
    } catch { /* gone meanwhile */ }
  }
  return children.sort((a, b) => a - b);
}

/** Polls `probe` until `ok` holds (its value), failing after `withinMs` with the last value seen. */
export async function until<T>(what: string, probe: () => T | Promise<T>, ok: (value: T) => boolean, withinMs = 60_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((done) => setTimeout(done, 100));
  }
}
