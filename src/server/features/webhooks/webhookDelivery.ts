import type { Locale } from '../../../shared/domain/locales';
import type { AppDeps } from '../../platform/deps';
import { DownloadError, guardedRequest, type DownloadLimits } from '../../platform/http/outboundGuard';
import { translate } from '../../platform/i18n/messages';
import { deliveryRequest } from './webhookFormat';
import { claimDueDelivery, markDelivered, markFailed, type AttemptOutcome, type DueDelivery } from './webhooksRepository';

const SECOND = 1000;
const HOUR = 3_600_000;
/** A failed delivery is tried again after 30 s, then twice as long each time, at most an hour apart. */
export const FIRST_RETRY_MS = 30 * SECOND;
const LONGEST_RETRY_MS = HOUR;
/** A delivery is given up 24 hours after its event; a hook failing for 24 hours is switched off. */
export const GIVE_UP_AFTER_MS = 24 * HOUR;
/** A claimed delivery is taken again by another run only after this long (the process sending it stopped). */
const LEASE_MS = 60 * SECOND;
/** Deliveries sent at once, each to a different league. */
const SENDERS = 8;
/** Deliveries one job run sends at most, and the time after which it claims no more (the next run goes on). */
const MAX_SENDS_PER_RUN = 500;
const RUN_BUDGET_MS = 60 * SECOND;

/** Each webhook POST: 10 s in all, redirects included, and a small answer (only its status matters). */
const webhookLimits = (config: Pick<AppDeps['config'], 'webhookAllowedHosts'>): DownloadLimits =>
  ({ internalHostsAllowed: config.webhookAllowedHosts, maxBytes: 64 * 1024, timeoutMs: 10 * SECOND });

/** The wait before the next attempt after `attempts` failed ones. */
export const retryDelay = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);

async function attempt(deps: AppDeps, delivery: DueDelivery): Promise<AttemptOutcome & { ok: boolean }> {
  const { body, headers } = deliveryRequest(delivery);
  try {
    const answer = await guardedRequest(delivery.url, webhookLimits(deps.config), { method: 'POST', headers, body });
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, error: null };
  } catch (error) {
    if (refusedAddress(error)) return { ok: false, status: null, error: REFUSED_ADDRESS };
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

interface DeliveryCounts { delivered: number; retrying: number; failed: number; switched_off: number }

/**
 * Sends what the outbox holds that is due (the delivery job's work; tests call it with a manual clock). SENDERS
 * senders each claim a delivery, send it and claim the next, never two to the same league at once, leagues taken
 * round-robin: a slow or failing endpoint holds one sender, never the others, and a league with many events waits its
 * turn behind none but its own. Each delivery is acknowledged once: marked delivered on a 2xx, else tried again later
 * with exponential backoff until 24 hours after its event. A row another process holds is left alone until its lease
 * runs out, so after a crash or a restart the next run sends it again (receivers deduplicate with X-Porra-Delivery).
 */
export async function deliverDueWebhooks(deps: AppDeps): Promise<DeliveryCounts> {
  const counts: DeliveryCounts = { delivered: 0, retrying: 0, failed: 0, switched_off: 0 };
  const busyLeagues = new Set<number>();
  const stopClaimingAt = performance.now() + RUN_BUDGET_MS;
  let claimed = 0;
  // Claims are made one after another, so each knows the leagues the ones before it took.
  let claiming: Promise<unknown> = Promise.resolve();
  const claimNext = () => {
    const next = claiming.then(async () => {
      const now = deps.clock.now();
      const delivery = await claimDueDelivery(deps.db, now, now + LEASE_MS, [...busyLeagues]);
      if (delivery) busyLeagues.add(delivery.league_id);
      return delivery;
    });
    claiming = next.catch(() => undefined);
    return next;
  };
  const sender = async () => {
    while (claimed < MAX_SENDS_PER_RUN && performance.now() < stopClaimingAt) {
      const delivery = await claimNext();
      if (!delivery) return;
      claimed += 1;
      try {
        await send(deps, delivery, counts);
      } finally {
        busyLeagues.delete(delivery.league_id);
      }
    }
  };
  await Promise.all(Array.from({ length: SENDERS }, sender));
  return counts;
}

/** What a delivery to a refused address shows, whether the host is internal or not found (no probing through it). */
const REFUSED_ADDRESS = 'address refused: not a public address the server can reach';
const DNS_FAILURES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA']);

function refusedAddress(error: unknown): boolean {
  if (error instanceof DownloadError) return error.failure === 'internal';
  return DNS_FAILURES.has(String((error as { code?: unknown } | null)?.code));
}
