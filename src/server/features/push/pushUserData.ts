import type { UserDataSection } from '../../domain/userData/userDataSection';
import { isoTime } from '../../domain/userData/userDataSection';

/**
 * The devices that receive the user's notifications: the push service's address (its origin only: the full
 * endpoint lets anyone holding it push to the device) and when it was added; never the encryption keys.
 */
export const pushUserData: UserDataSection = {
  name: 'push_devices',
  async collect(db, userId) {
    const rows = await db.selectFrom('push_subscriptions').select(['endpoint', 'created_at'])
      .where('user_id', '=', userId).orderBy('id').execute();
    return rows.map((r) => ({ push_service: originOf(r.endpoint), created_at: isoTime(r.created_at) }));
  },
  async forget(trx, userId) {
    await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  },
};

function originOf(endpoint: string): string | null {
  try {
    return new URL(endpoint).origin;
  } catch {
    return null;
  }
}
