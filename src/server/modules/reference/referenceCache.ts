import { gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps';
import { ByteBoundedCache } from './byteBoundedCache';
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
/**
 * Bounded by bytes (the encoded answers, gzipped copies included), least recently used out first: a busy process
 * holds the tables of thousands of leagues (a 25-member table is ~7 KB, ~1.5 KB gzipped) next to the reference data.
 */
const MAX_BYTES = 64 * 1024 * 1024;
const OTHER_CONNECTIONS_CHECK_MS = 1000;
/** Answers from this size on are also kept gzipped: browsers always accept it, and a season of matches shrinks ~10x. */
const GZIP_FROM_BYTES = 1024;
interface Entry { mark: string; json: Buffer; gzip: Buffer | null }
const caches = new WeakMap<object, ByteBoundedCache<Entry>>();
const sizeOf = (entry: Entry) => entry.json.length + (entry.gzip?.length ?? 0);
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

/** Whether the request accepts gzip (and does not refuse it with q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  return String(header ?? '').split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';').map((x) => x.trim());
    return (coding === 'gzip' || coding === '*') && !params.some((p) => /^q=0(\.0*)?$/.test(p));
  });
}

/**
 * The answer of `read`, encoded once and reused while the database write mark is unchanged; with `version` (a value
 * read from the database that moves whenever the answer would change, such as leagues.table_version), while that
 * version is unchanged instead: no extra statement, and unrelated writes do not invalidate it.
 */
export async function cachedJson<T>(deps: AppDeps, reply: FastifyReply, key: string, read: () => Promise<T>, version?: number): Promise<T> {
  // The mark is taken before reading, so a write racing with the read can only make the entry refresh early.
  const mark = version === undefined ? await currentMark(deps) : `v${version}`;
  let cache = caches.get(deps.db);
  if (!cache) caches.set(deps.db, (cache = new ByteBoundedCache(MAX_BYTES, sizeOf)));
  let entry = cache.get(key);
  if (entry?.mark !== mark) {
    const json = Buffer.from(JSON.stringify(await read()));
    entry = { mark, json, gzip: json.length >= GZIP_FROM_BYTES ? gzipSync(json) : null };
    cache.set(key, entry);
  }
  reply.type('application/json; charset=utf-8');
  reply.header('vary', 'accept-encoding');
  // Encoded JSON of a T, already in the response schema's shape: Fastify sends a buffer as it is
  // (no serialisation, no re-encoding per request).
  if (entry.gzip && acceptsGzip(reply.request.headers['accept-encoding'])) {
    reply.header('content-encoding', 'gzip');
    return entry.gzip as unknown as T;
  }
  return entry.json as unknown as T;
}
