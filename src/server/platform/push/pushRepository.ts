import { sql } from 'kysely';
import type { Executor } from '../db/database';
import type { Dialect } from '../db/migrations/index';

export interface SubscriptionKeys { endpoint: string; p256dh: string; auth: string }

/** Key space of this module's PostgreSQL advisory locks (first half of the two-int key). */
const SUBSCRIPTIONS_LOCK_SPACE = 0x7075_7368; // "push"

/**
 * PostgreSQL: one user's subscription writes run one after the other until the transaction ends, so two devices
 * subscribing at once cannot both keep an 11th row. SQLite already runs one transaction at a time.
 */
export async function lockSubscriptionsOf(trx: Executor, dialect: Dialect, userId: number): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SUBSCRIPTIONS_LOCK_SPACE}::int4, ${userId}::int4)`.execute(trx);
}

/**
 * One row per device; a device that signs in with another account moves to that account. Subscribing again
 * makes the device the user's newest.
 */
export async function saveSubscription(db: Executor, userId: number, sub: SubscriptionKeys, now: number): Promise<void> {
  await db.insertInto('push_subscriptions').values({ user_id: userId, ...sub, created_at: now })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: sub.p256dh, auth: sub.auth, created_at: now }))
    .execute();
}

/** Removes the user's subscriptions beyond the `keep` most recent. */
export async function trimSubscriptions(db: Executor, userId: number, keep: number): Promise<void> {
  const newest = await db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(keep).execute();
  if (newest.length < keep) return;
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId)
    .where('id', 'not in', newest.map((r) => r.id)).execute();
}

export async function deleteSubscription(db: Executor, userId: number, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
}

export async function deleteSubscriptionsByEndpoint(db: Executor, endpoints: string[]): Promise<void> {
  if (endpoints.length === 0) return;
  await db.deleteFrom('push_subscriptions').where('endpoint', 'in', endpoints).execute();
}

export async function subscriptionsOf(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db.selectFrom('push_subscriptions').select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', 'in', userIds).orderBy('id').execute();
}

/** Subscriptions stored and the users they belong to (admin console). */
export async function subscriptionCounts(db: Executor): Promise<{ subscriptions: number; users: number }> {
  const row = await db.selectFrom('push_subscriptions')
    .select((eb) => [eb.fn.countAll<number | string>().as('subscriptions'), eb.fn.count<number | string>('user_id').distinct().as('users')])
    .executeTakeFirstOrThrow();
  return { subscriptions: Number(row.subscriptions), users: Number(row.users) };
}
