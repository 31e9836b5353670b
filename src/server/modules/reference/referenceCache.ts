import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps';
import { postgresWriteMark, sqliteOtherConnectionsMark, sqliteOwnWritesMark } from './writeMarkRepository';

/**
 * Serialised answers of the heavy reference reads (teams, matches, people, tables of a competition): a hit
 * costs one trivial statement instead of the read plus JSON serialisation (see bench/reference.ts).
 * An entry stays valid while the database's write mark is unchanged, so writers invalidate it without
 * knowing about the cache: exactly for every write of this process (and, on PostgreSQL, of any process);
 * on SQLite, commits of another process (the CLI) are noticed within OTHER_CONNECTIONS_CHECK_MS.
 * `invalidateReferenceCache()` drops everything on demand. One cache per database handle: tests open many
 * apps in one process.
 */
const MAX_ENTRIES = 2000;
const OTHER_CONNECTIONS_CHECK_MS = 1000;
const caches = new WeakMap<object, Map<string, { mark: string; json: Buffer }>>();
const otherConnections = new WeakMap<object, { mark: string; checkedAt: number }>();
let version = 0;

export function invalidateReferenceCache(): void {
  version += 1;
}

async function currentMark(deps: AppDeps): Promise<string> {
  if (deps.dialect === 'postgres') return `${version}:${await postgresWriteMark(deps.db)}`;
  // A monotonic clock, not deps.clock: this is cache upkeep, not a game decision.
  const now = performance.now();
  let other = otherConnections.get(deps.db);
  if (!other || now - other.checkedAt > OTHER_CONNECTIONS_CHECK_MS) {
    other = { mark: await sqliteOtherConnectionsMark(deps.db), checkedAt: now };
    otherConnections.set(deps.db, other);
  }
  return `${version}:${other.mark}:${await sqliteOwnWritesMark(deps.db)}`;
}

export async function cachedJson<T>(deps: AppDeps, reply: FastifyReply, key: string, read: () => Promise<T>): Promise<T> {
  // The mark is taken before reading, so a write racing with the read can only make the entry refresh early.
  const mark = await currentMark(deps);
  let cache = caches.get(deps.db);
  if (!cache) caches.set(deps.db, (cache = new Map()));
  let entry = cache.get(key);
  if (entry?.mark !== mark) {
    entry = { mark, json: Buffer.from(JSON.stringify(await read())) };
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, entry);
  }
  reply.type('application/json; charset=utf-8');
  // The encoded JSON of a T, already in the response schema's shape: Fastify sends a buffer as it is
  // (no serialisation, no re-encoding per request).
  return entry.json as unknown as T;
}
