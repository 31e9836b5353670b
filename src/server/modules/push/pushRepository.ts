import type { Executor } from '../../db/database';

export interface SubscriptionKeys { endpoint: string; p256dh: string; auth: string }

/** One row per device; a device that signs in with another account moves to that account. */
export async function saveSubscription(db: Executor, userId: number, sub: SubscriptionKeys, now: number): Promise<void> {
  await db.insertInto('push_subscriptions').values({ user_id: userId, ...sub, created_at: now })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: sub.p256dh, auth: sub.auth }))
    .execute();
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
