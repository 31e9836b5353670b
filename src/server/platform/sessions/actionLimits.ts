import type { Executor } from '../db/database';
import { retryLater } from '../errors/errors';

/** At most `max` calls of `action` per subject within `windowMs`. */
export interface ActionLimit { action: string; max: number; windowMs: number }

const MINUTE = 60_000;

/**
 * Limits on account actions, counted in the database so they hold across every server process. Each is checked
 * for the signed-in account and for the client IP. Every one of these calls checks the current password (scrypt)
 * or sends an email, so the limits bound both guessing and cost.
 */
export const ACCOUNT_CHANGES_PER_ACCOUNT: ActionLimit = { action: 'account_change:user', max: 10, windowMs: 15 * MINUTE };
export const ACCOUNT_CHANGES_PER_IP: ActionLimit = { action: 'account_change:ip', max: 30, windowMs: 15 * MINUTE };
export const VERIFICATION_RESENDS_PER_ACCOUNT: ActionLimit = { action: 'verification_resend:user', max: 3, windowMs: 60 * MINUTE };
export const VERIFICATION_RESENDS_PER_IP: ActionLimit = { action: 'verification_resend:ip', max: 10, windowMs: 60 * MINUTE };

/**
 * Counts one call against each limit, or throws a 429 with Retry-After when any is used up (the refused call then
 * counts nowhere). The hit is written before counting, outside any transaction, so of many concurrent calls at most
 * `max` get through: each sees at least every hit committed before its own.
 */
export async function takeActionLimits(db: Executor, checks: { limit: ActionLimit; subject: string }[], now: number): Promise<void> {
  const ids: number[] = [];
  let waitMs = 0;
  for (const { limit, subject } of checks) {
    await db.deleteFrom('rate_limit_hits')
      .where('action', '=', limit.action).where('created_at', '<=', now - limit.windowMs).execute();
    const { id } = await db.insertInto('rate_limit_hits').values({ action: limit.action, subject, created_at: now })
      .returning('id').executeTakeFirstOrThrow();
    ids.push(id);
    const row = await db.selectFrom('rate_limit_hits')
      .select((eb) => [eb.fn.countAll().as('hits'), eb.fn.min('created_at').as('oldest')])
      .where('action', '=', limit.action).where('subject', '=', subject).where('created_at', '>', now - limit.windowMs)
      .executeTakeFirst();
    if (Number(row?.hits ?? 0) > limit.max) waitMs = Math.max(waitMs, Number(row?.oldest ?? now) + limit.windowMs - now);
  }
  if (waitMs > 0) {
    await db.deleteFrom('rate_limit_hits').where('id', 'in', ids).execute();
    throw retryLater(429, 'errors.too_many_requests', waitMs / 1000);
  }
}

/** The usual pair of checks: the signed-in account and the client address. */
export function perAccountAndIp(perAccount: ActionLimit, perIp: ActionLimit, userId: number, ip: string) {
  return [{ limit: perAccount, subject: `user:${userId}` }, { limit: perIp, subject: `ip:${ip}` }];
}
