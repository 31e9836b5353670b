import type { FastifyReply } from 'fastify';

/**
 * How long clients may cache a read: reference data changes rarely (30 minutes); matches, tables and
 * scorers move with results (60 seconds).
 */
export const LONG_CACHE = 'public, max-age=1800';
export const SHORT_CACHE = 'public, max-age=60';

function cacheFor(reply: FastifyReply, policy: typeof LONG_CACHE | typeof SHORT_CACHE): void {
  reply.header('cache-control', policy);
}

/** Runs a read, then marks the answer cacheable for the given policy (errors are never marked). */
export async function cachedRead<T>(reply: FastifyReply, policy: typeof LONG_CACHE | typeof SHORT_CACHE, read: Promise<T>): Promise<T> {
  const result = await read;
  cacheFor(reply, policy);
  return result;
}
