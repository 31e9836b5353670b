import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { retryLater } from '../errors/errors';
import { BoundedConcurrency, QueueFullError } from '../concurrency/boundedConcurrency';

/** scrypt from node:crypto; the cost (N = 2^cost) is stored with the hash so it can be raised later. */
const KEY_LENGTH = 64;

/**
 * Every scrypt of the process goes through this queue. At the default cost one hash takes 128 MiB and a libuv
 * thread for a few hundred milliseconds: two at a time leave the other threads of the pool (files, DNS, zlib)
 * free, and the queue bound turns a flood of sign-ins into quick 503s instead of minutes of waiting.
 */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE_LIMIT = 32;
/** Seconds a caller refused by the full queue is told to wait (about the time the queue takes to drain). */
export const HASH_RETRY_AFTER_SECONDS = 5;
export const passwordHashing = new BoundedConcurrency(HASH_CONCURRENCY, HASH_QUEUE_LIMIT);

function derive(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  const compute = () => new Promise<Buffer>((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: 2 ** cost, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key));
  });
  return passwordHashing.run(compute).catch((err: unknown) => {
    if (err instanceof QueueFullError) throw retryLater(503, 'errors.password_checks_busy', HASH_RETRY_AFTER_SECONDS);
    throw err;
  });
}

export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return `scrypt$${cost}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(cost));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
