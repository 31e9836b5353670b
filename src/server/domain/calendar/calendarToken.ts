import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A user's private calendar token: `<user id>-<MAC of the user id and the feed's generation>`. Nothing secret is
 * stored: the key comes from the server secret, and regenerating the token bumps the generation (calendar_feeds),
 * which invalidates every URL given before.
 */
const TOKEN = /^([1-9]\d{0,9})-([A-Za-z0-9_-]{32})$/;

function mac(secret: Uint8Array, userId: number, generation: number): string {
  const key = createHmac('sha256', secret).update('porra calendar feed').digest();
  return createHmac('sha256', key).update(`${userId}:${generation}`).digest('base64url').slice(0, 32);
}

export function calendarToken(secret: Uint8Array, userId: number, generation: number): string {
  return `${userId}-${mac(secret, userId, generation)}`;
}

/** The user id a well-formed token names (still to be checked against its generation with `tokenMatches`). */
export function tokenUserId(token: string): number | null {
  const match = TOKEN.exec(token);
  return match ? Number(match[1]) : null;
}

export function tokenMatches(secret: Uint8Array, token: string, userId: number, generation: number): boolean {
  const expected = Buffer.from(calendarToken(secret, userId, generation));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
