import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Executor } from '../db/database';
import { deleteSetting, getOrCreateSetting } from '../settings/settingsRepository';

/**
 * Bearer tokens are JWTs whose `sid` names a row of `sessions`: deleting the row revokes the token
 * (sign-out, password change, password reset, account deletion).
 */
interface TokenClaims { userId: number; sessionId: string }

/**
 * The token-signing key: JWT_SECRET when set (then no key is kept in the database, so a copy of it cannot sign
 * tokens, and one generated earlier is deleted: the tokens it signed stop working), otherwise one generated on
 * first start and kept in the settings table.
 */
export async function loadJwtSecret(db: Executor, fromEnvironment: string | null): Promise<Uint8Array> {
  if (fromEnvironment !== null) {
    await deleteSetting(db, 'jwt_secret');
    return new TextEncoder().encode(fromEnvironment);
  }
  const secret = await getOrCreateSetting(db, 'jwt_secret', () => randomBytes(48).toString('base64url'));
  return new TextEncoder().encode(secret);
}

export async function signToken(secret: Uint8Array, claims: TokenClaims, issuedAt: number, expiresAt: number): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt(Math.floor(issuedAt / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(secret);
}

interface VerifiedToken extends TokenClaims { expiresAt: number }

// Signatures checked per secret (one per database): a token's signature never changes validity, so a hit only
// re-checks the expiry. Bounded; the whole map is dropped when full (tokens are re-verified on their next use).
const verified = new WeakMap<Uint8Array, Map<string, VerifiedToken>>();
const VERIFIED_LIMIT = 10_000;

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * HS256 with node:crypto (synchronous HMAC; jose goes through WebCrypto promises, several times slower on every
 * signed-in request). Same rules as jose's jwtVerify: alg HS256 only, `exp` required here and in the future.
 */
function verifySignature(secret: Uint8Array, token: string): VerifiedToken | null {
  if (!JWT_SHAPE.test(token)) return null;
  const [header, payload, signature] = token.split('.');
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown; crit?: unknown };
    if (head.alg !== 'HS256' || head.crit !== undefined) return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown; sid?: unknown; exp?: unknown; nbf?: unknown };
    const userId = Number(claims.sub);
    if (typeof claims.sub !== 'string' || !Number.isInteger(userId) || typeof claims.sid !== 'string') return null;
    if (typeof claims.exp !== 'number' || claims.nbf !== undefined) return null;
    return { userId, sessionId: claims.sid, expiresAt: claims.exp * 1000 };
  } catch {
    return null;
  }
}

/** The token's claims if it is signed with `secret` and not expired (synchronous: every signed-in request asks). */
export function verifyToken(secret: Uint8Array, token: string, now: number): TokenClaims | null {
  let bySecret = verified.get(secret);
  if (!bySecret) verified.set(secret, (bySecret = new Map()));
  let entry = bySecret.get(token);
  if (!entry) {
    const checked = verifySignature(secret, token);
    if (!checked) return null;
    if (bySecret.size >= VERIFIED_LIMIT) bySecret.clear();
    bySecret.set(token, (entry = checked));
  }
  // jose: a token is expired once now >= exp.
  if (now >= entry.expiresAt) return null;
  return { userId: entry.userId, sessionId: entry.sessionId };
}
