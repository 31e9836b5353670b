import { request, type Agent } from 'node:https';
import webpush, { type RequestDetails } from 'web-push';
import type { AppDeps } from '../deps';
import { isAllowedPushEndpoint } from './pushEndpoint';
import type { SubscriptionKeys } from './pushRepository';
import { loadVapidKeys } from './vapidKeys';

type DeliveryResult = 'sent' | 'gone' | 'failed';

/**
 * What a log line may say about a subscription: its push service's host. The endpoint's path is the device's
 * address (whoever holds it can push to that device), so it is never logged, nor an error that might quote it.
 */
function logged(endpoint: string, error?: unknown) {
  let pushHost = '(invalid)';
  try { pushHost = new URL(endpoint).host; } catch { /* a malformed stored endpoint: its host is unknown */ }
  if (error === undefined) return { pushHost };
  const { name, code } = error as { name?: string; code?: string };
  return { pushHost, error: { name, code } };
}

/**
 * POSTs the message and answers the push service's status. The whole exchange is bounded by `timeoutMs`: an
 * endpoint that never answers, or answers a byte at a time, is abandoned (web-push's own `timeout` is a socket
 * idle timeout, which a trickling peer never triggers). The answer's body is not read.
 */
function post(details: RequestDetails, agent: Agent | undefined, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(details.endpoint, {
      method: details.method, headers: details.headers, agent, signal: AbortSignal.timeout(timeoutMs),
    }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(details.body ?? undefined);
  });
}

/**
 * Sends one encrypted (aes128gcm) message signed with the server's VAPID keys. `gone` means the subscription is
 * to be removed: the push service no longer knows it (404/410), or its endpoint is not on the allow-list (a row
 * stored before the list, or under another one) and the server will not call it.
 */
export async function deliver(deps: AppDeps, subscription: SubscriptionKeys, payload: object): Promise<DeliveryResult> {
  if (!isAllowedPushEndpoint(subscription.endpoint, deps.config.pushAllowedHosts)) {
    deps.log.warn(logged(subscription.endpoint), 'push endpoint not on PUSH_ALLOWED_HOSTS: subscription removed');
    return 'gone';
  }
  const keys = await loadVapidKeys(deps.db);
  try {
    const details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: deps.config.vapidSubject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: 12 * 3600,
        contentEncoding: 'aes128gcm',
      },
    );
    const status = await post(details, deps.pushAgent, deps.config.pushTimeoutMs);
    if (status >= 200 && status < 300) return 'sent';
    if (status === 404 || status === 410) return 'gone';
    deps.log.warn({ status, ...logged(subscription.endpoint) }, 'push service refused the message');
    return 'failed';
  } catch (error) {
    deps.log.warn(logged(subscription.endpoint, error), 'push delivery failed');
    return 'failed';
  }
}
