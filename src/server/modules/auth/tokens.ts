import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Executor } from '../../db/database';
import { getOrCreateSetting } from '../settings/settingsRepository';

/**
 * Bearer tokens are JWTs whose `sid` names a row of `sessions`: deleting the row revokes the token
 * (sign-out, password change, password reset, account deletion).
 */
export interface TokenClaims { userId: number; sessionId: string }

export async function loadJwtSecret(db: Executor): Promise<Uint8Array> {
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

export async function verifyToken(secret: Uint8Array, token: string, now: number): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: new Date(now) });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
    return { userId, sessionId: payload.sid };
  } catch {
    return null;
  }
}
