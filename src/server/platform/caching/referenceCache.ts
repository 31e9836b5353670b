import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { appStateSlot } from '../appState';
import type { AppDeps } from '../deps';
import type { Db } from '../db/database';
import { ByteBoundedCache } from './byteBoundedCache';
import { noneMatchHits, preferredCoding } from './httpNegotiation';
import { postgresWriteMark, sqliteOtherConnectionsMark, sqliteOwnWritesMark } from './writeMarkRepository';

/**
 * Serialised answers of the heavy reference reads (teams, matches, people, tables of a competition): a hit
 * costs one trivial statement instead of the read plus JSON serialisation (see bench/reference.ts).
 * An entry stays valid while the database's write mark is unchanged, so writers invalidate it without
 * knowing about the cache: exactly for every write of this process (and, on PostgreSQL, of any process);
 * on SQLite, commits of another process (the CLI) are noticed within OTHER_CONNECTIONS_CHECK_MS.
 * One cache per app (its dependencies' state).
 */
/**
 * Bounded by bytes (the encoded answers, gzipped copies included), least recently used out first: a busy process
 * holds the tables of thousands of leagues (a 25-member table is ~7 KB, ~1.5 KB gzipped) next to the reference data.
 */
const MAX_BYTES = 64 * 1024 * 1024;
const OTHER_CONNECTIONS_CHECK_MS = 1000;
/** Answers from this size on are also kept gzipped: browsers always accept it, and a season of matches shrinks ~10x. */
const GZIP_FROM_BYTES = 1024;
/**
 * Versioned answers are also kept in brotli, compressed once per version: at quality 5 a 1,000-member table takes a
 * few milliseconds and comes out about a fifth smaller than gzip (higher qualities cost far more for little gain).
 */
const BROTLI_QUALITY = 5;
interface Entry { mark: string; json: Buffer; gzip: Buffer | null; br: Buffer | null; etag: string | null }
const sizeOf = (entry: Entry) => entry.json.length + (entry.gzip?.length ?? 0) + (entry.br?.length ?? 0);
/** The answers, and on SQLite the last look at other connections' commits. */
const ANSWERS = appStateSlot(() => ({
  entries: new ByteBoundedCache<Entry>(MAX_BYTES, sizeOf),
  otherConnections: null as { mark: string; checkedAt: number } | null,
}));

async function currentMark(deps: AppDeps): Promise<string> {
  if (deps.dialect === 'postgres') return postgresWriteMark(deps.db);
  // A monotonic clock, not deps.clock: this is cache upkeep, not a game decision.
  const now = performance.now();
  const answers = deps.state.get(ANSWERS);
  let other = answers.otherConnections;
  if (!other || now - other.checkedAt > OTHER_CONNECTIONS_CHECK_MS) {
    other = { mark: await sqliteOtherConnectionsMark(deps.db), checkedAt: now };
    answers.otherConnections = other;
  }
  return `${other.mark}:${await sqliteOwnWritesMark(deps.db)}`;
}

const brotli = (json: Buffer) => brotliCompressSync(json, {
  params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
});

/** Encodes an answer once: plain, gzipped from 1 KB, and for a versioned answer brotli and a strong entity tag too. */
function encode(mark: string, json: Buffer, versioned: boolean): Entry {
  const compressed = json.length >= GZIP_FROM_BYTES;
  // The tag hashes the bytes, so every process holding the same answer gives the same tag (a load balancer may send
  // the revalidation to another process), and a new release that changes the answer's bytes changes it too.
  const etag = versioned ? createHash('sha1').update(json).digest('base64url') : null;
  return {
    mark, json, etag, gzip: compressed ? gzipSync(json) : null, br: compressed && versioned ? brotli(json) : null,
  };
}

/**
 * The answer of `read`, encoded once and reused while the database write mark is unchanged.
 *
 * With `version` (a value read from the database that moves whenever the answer would change, such as
 * leagues.table_version, and how to tell that a replica has it), the entry is valid while that version is unchanged instead: no extra statement, and
 * unrelated writes do not invalidate it. Such answers are revalidated by clients rather than read again: they are
 * encoded with the route's response schema (fields the schema does not declare are not sent), kept in brotli too,
 * and carry a strong ETag (one per coding) with `Cache-Control: private, no-cache`; a request whose If-None-Match
 * holds the tag of what would be sent gets a 304 without a body. The caller checks access before calling.
 */
export async function cachedJson<T>(
  deps: AppDeps, reply: FastifyReply, key: string, read: (readDeps: AppDeps) => Promise<T>,
  version?: { value: number; onReplica: (db: Db) => Promise<boolean> },
): Promise<T> {
  // The mark is taken before reading, so a write racing with the read can only make the entry refresh early.
  const versioned = version !== undefined;
  const mark = versioned ? `v${version.value}` : await currentMark(deps);
  const cache = deps.state.get(ANSWERS).entries;
  let entry = cache.get(key);
  if (entry?.mark !== mark) {
    // What is read here is cached under a version or mark the primary reported: a replica may answer (`readDeps`
    // reads there) when it has that version, or has caught up with the primary, never from before.
    const readThere = (db: Db) => read({ ...deps, db });
    const value = await (versioned ? deps.replica.whenCurrent(version.onReplica, readThere) : deps.replica.caughtUp(readThere));
    entry = encode(mark, Buffer.from(versioned ? reply.serialize(value) as string : JSON.stringify(value)), versioned);
    cache.set(key, entry);
  }
  reply.type('application/json; charset=utf-8');
  reply.header('vary', 'accept-encoding');
  // Encoded JSON of a T, already in the response schema's shape: Fastify sends a buffer as it is
  // (no serialisation, no re-encoding per request).
  const coding = preferredCoding(reply.request.headers['accept-encoding'], { br: entry.br !== null, gzip: entry.gzip !== null });
  if (entry.etag !== null) {
    const etag = `"${entry.etag}${coding === 'identity' ? '' : `-${coding}`}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (noneMatchHits(reply.request.headers['if-none-match'], etag)) {
      // No body: Fastify sends a 304 for an undefined payload without content headers.
      reply.code(304).removeHeader('content-type');
      return undefined as T;
    }
  }
  if (coding === 'identity') return entry.json as unknown as T;
  reply.header('content-encoding', coding);
  return (coding === 'br' ? entry.br : entry.gzip) as unknown as T;
}
