import webpush from 'web-push';
import type { Executor } from '../db/database';
import { getOrCreateSetting } from '../settings/settingsRepository';

interface VapidKeys { publicKey: string; privateKey: string }

/**
 * The server's push identity: generated on first start, kept in `settings` so every server process and every
 * restart signs with the same keys (browsers bind a subscription to the public key).
 */
export async function loadVapidKeys(db: Executor): Promise<VapidKeys> {
  const stored = await getOrCreateSetting(db, 'vapid_keys', () => JSON.stringify(webpush.generateVAPIDKeys()));
  return JSON.parse(stored) as VapidKeys;
}
