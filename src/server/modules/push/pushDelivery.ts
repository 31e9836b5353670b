import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { AppDeps } from '../../deps';
import type { SubscriptionKeys } from './pushRepository';
import { loadVapidKeys } from './vapidKeys';

export interface PushDeliveryOptions {
  /** TLS agent for the push services (tests trust a local HTTPS receiver through it). */
  agent?: Agent;
  timeoutMs?: number;
}

const deliveryOptions = new WeakMap<object, PushDeliveryOptions>();

/** Per-app transport settings; the production default is web-push's own HTTPS agent. */
export function configurePushDelivery(deps: AppDeps, options: PushDeliveryOptions): void {
  deliveryOptions.set(deps, options);
}

export type DeliveryResult = 'sent' | 'gone' | 'failed';

/**
 * Sends one encrypted (aes128gcm) message signed with the server's VAPID keys. `gone` means the push service
 * no longer knows the subscription (404/410): the caller removes it.
 */
export async function deliver(deps: AppDeps, subscription: SubscriptionKeys, payload: object): Promise<DeliveryResult> {
  const keys = await loadVapidKeys(deps.db);
  const options = deliveryOptions.get(deps) ?? {};
  try {
    await webpush.sendNotification(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: deps.config.vapidSubject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: 12 * 3600,
        contentEncoding: 'aes128gcm',
        timeout: options.timeoutMs ?? 10_000,
        ...(options.agent ? { agent: options.agent } : {}),
      },
    );
    return 'sent';
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 404 || status === 410) return 'gone';
    deps.log.warn({ err: error, endpoint: subscription.endpoint }, 'push delivery failed');
    return 'failed';
  }
}
