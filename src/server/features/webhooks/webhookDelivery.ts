import type { Locale } from '../../../shared/domain/locales';
import { BoundedConcurrency } from '../../platform/concurrency/boundedConcurrency';
import type { AppDeps } from '../../platform/deps';
import { DownloadError, guardedRequest, type DownloadLimits } from '../../platform/http/outboundGuard';
import { translate } from '../../platform/i18n/messages';
import { deliveryRequest } from './webhookFormat';
import { claimDueDeliveries, markDelivered, markFailed, type AttemptOutcome, type DueDelivery } from './webhooksRepository';

const SECOND = 1000;
const HOUR = 3_600_000;
/** A failed delivery is tried again after 30 s, then twice as long each time, at most an hour apart. */
export const FIRST_RETRY_MS = 30 * SECOND;
export const LONGEST_RETRY_MS = HOUR;
/** A delivery is given up 24 hours after its event; a hook failing for 24 hours is switched off. */
export const GIVE_UP_AFTER_MS = 24 * HOUR;
/** A claimed delivery is taken again by another run only after this long (the process sending it stopped). */
const LEASE_MS = 60 * SECOND;
/** Deliveries claimed at once, and sent at once. */
const CLAIM_BATCH = 20;
const SEND_CONCURRENCY = 4;
/** Runs of claims per job run: each sends at most one event per hook, so a backlog drains over a few rounds. */
const MAX_ROUNDS = 25;

/** Each webhook POST: 10 s in all, redirects included, and a small answer (only its status matters). */
export const webhookLimits = (config: Pick<AppDeps['config'], 'webhookAllowedHosts'>): DownloadLimits =>
  ({ internalHostsAllowed: config.webhookAllowedHosts, maxBytes: 64 * 1024, timeoutMs: 10 * SECOND });

/** The wait before the next attempt after `attempts` failed ones. */
export const retryDelay = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);

async function attempt(deps: AppDeps, delivery: DueDelivery): Promise<AttemptOutcome & { ok: boolean }> {
  const { body, headers } = deliveryRequest(delivery);
  try {
    const answer = await guardedRequest(delivery.url, webhookLimits(deps.config), { method: 'POST', headers, body });
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, error: null };
  } catch (error) {
    // Shown to the owner (and global admins) with the URL, which holds the chat's credential, cut down to its host.
    const message = error instanceof DownloadError ? error.message : (error as Error).message || 'network error';
    return { ok: false, status: null, error: message.replaceAll(delivery.url, new URL(delivery.url).host) };
  }
}

async function tellOwner(deps: AppDeps, delivery: DueDelivery): Promise<void> {
  try {
    const owner = await deps.db.selectFrom('users').select(['email', 'name', 'locale', 'disabled_at']).where('id', '=', delivery.owner_id).executeTakeFirst();
    if (!owner || owner.disabled_at !== null) return;
    const locale: Locale = owner.locale === 'es' ? 'es' : 'en';
    const vars = { name: owner.name, league: delivery.league_name, host: new URL(delivery.url).host, url: `${deps.config.appOrigin}/leagues/admin/${delivery.league_id}` };
    await deps.mailer.send({ kind: 'other', to: owner.email, subject: translate(locale, 'webhooks.disabled_subject', vars), text: translate(locale, 'webhooks.disabled_text', vars) });
  } catch (error) {
    deps.log.warn({ err: error, webhookId: delivery.webhook_id }, 'the email telling an owner a webhook was switched off failed');
  }
}

async function send(deps: AppDeps, delivery: DueDelivery, counts: DeliveryCounts): Promise<void> {
  const outcome = await attempt(deps, delivery);
  const now = deps.clock.now();
  if (outcome.ok) {
    await markDelivered(deps.db, delivery, outcome, now);
    counts.delivered += 1;
    return;
  }
  const retryAt = now + retryDelay(delivery.attempts + 1);
  const giveUp = retryAt > delivery.created_at + GIVE_UP_AFTER_MS;
  const switchedOff = await markFailed(deps.db, delivery, outcome, giveUp ? null : retryAt, now, GIVE_UP_AFTER_MS);
  counts[giveUp ? 'failed' : 'retrying'] += 1;
  if (switchedOff) {
    counts.switched_off += 1;
    await tellOwner(deps, delivery);
  }
}

export interface DeliveryCounts { delivered: number; retrying: number; failed: number; switched_off: number }

/**
 * Sends what the outbox holds that is due (the delivery job's work; tests call it with a manual clock). Each
 * delivery is acknowledged once: marked delivered on a 2xx, else tried again later with exponential backoff until 24
 * hours after its event. A row another process holds is left alone until its lease runs out, so after a crash or a
 * restart the next run sends it again (receivers deduplicate with X-Porra-Delivery).
 */
export async function deliverDueWebhooks(deps: AppDeps): Promise<DeliveryCounts> {
  const counts: DeliveryCounts = { delivered: 0, retrying: 0, failed: 0, switched_off: 0 };
  const slots = new BoundedConcurrency(SEND_CONCURRENCY, CLAIM_BATCH);
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const now = deps.clock.now();
    const due = await claimDueDeliveries(deps.db, now, now + LEASE_MS, CLAIM_BATCH);
    if (due.length === 0) break;
    await Promise.all(due.map((delivery) => slots.run(() => send(deps, delivery, counts))));
  }
  return counts;
}
