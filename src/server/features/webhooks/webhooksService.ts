import { randomBytes } from 'node:crypto';
import { PostgresAdapter } from 'kysely';
import type { Static } from 'typebox';
import { WEBHOOK_EVENTS, type Webhook, type webhookRoutes } from '../../../shared/api/routes/webhooks';
import type { RouteBody } from '../../../shared/api/route';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { AppError, conflict, forbidden, invalidField, notFound } from '../../platform/errors/errors';
import { takeActionLimits, type ActionLimit } from '../../platform/sessions/actionLimits';
import { MAX_PENDING_PER_HOOK, pendingDeliveries } from '../../domain/leagueEvents/publishLeagueEvent';
import { checkDownloadUrl, hostReachability } from '../../platform/http/outboundGuard';
import { loadLeagueAccess, requireOwner, requireWritable } from '../../domain/leagues/leagueAccess';
import {
  deleteWebhook, findWebhook, insertWebhook, queueDelivery, recentDeliveries, switchOn, webhooksOf, type WebhookRow,
} from './webhooksRepository';

type WebhookView = Static<typeof Webhook>;
type CreateBody = RouteBody<typeof webhookRoutes.webhookCreate>;

/** Hooks a league may have. */
const MAX_WEBHOOKS = 5;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function view(hook: WebhookRow, deliveries: Awaited<ReturnType<typeof recentDeliveries>>): WebhookView {
  return {
    id: hook.id, league_id: hook.league_id, kind: hook.kind, host: new URL(hook.url).host,
    events: WEBHOOK_EVENTS.filter((event) => hook.events.split(',').includes(event)),
    created_at: new Date(hook.created_at).toISOString(), failing_since: iso(hook.failing_since), disabled_at: iso(hook.disabled_at),
    deliveries: deliveries.filter((d) => d.webhook_id === hook.id).map((d) => ({
      id: d.id, event: d.event, status: d.status, attempts: d.attempts, last_status: d.last_status, last_error: d.last_error,
      created_at: new Date(d.created_at).toISOString(), next_attempt_at: d.status === 'pending' ? iso(d.next_attempt_at) : null,
      finished_at: iso(d.finished_at),
    })),
  };
}

/** The longest URL a hook keeps, as written once normalised (percent-encoding lengthens it). */
const MAX_URL_LENGTH = 2000;

/** The URL as a hook keeps it: http(s), no credentials, a host on the public internet unless WEBHOOK_ALLOWED_HOSTS names it. */
async function checkedUrl(deps: AppDeps, text: string): Promise<string> {
  let url: URL;
  try {
    url = checkDownloadUrl(text.trim());
  } catch {
    throw invalidField('url', 'validation.http_url');
  }
  if (url.href.length > MAX_URL_LENGTH) throw invalidField('url', 'validation.too_long', { count: MAX_URL_LENGTH });
  // One message whether the host is internal or not found: the check must not tell which names resolve to what.
  if (await hostReachability(url, deps.config.webhookAllowedHosts) !== 'ok') throw invalidField('url', 'validation.webhook_url_refused');
  return url.href;
}

async function ownedLeague(deps: AppDeps, user: AuthUser, leagueId: number) {
  const access = await loadLeagueAccess(deps.db, leagueId, user);
  requireOwner(access);
  return access;
}

/**
 * The owner connects the league to a chat or an endpoint. The secret that signs its JSON deliveries is answered
 * here only. At most MAX_WEBHOOKS per league: counted with the league's row locked on PostgreSQL (SQLite has a single
 * writer), so two adds at once never pass the limit together.
 */
export async function createWebhook(deps: AppDeps, user: AuthUser, body: CreateBody) {
  const access = await ownedLeague(deps, user, body.league_id);
  requireWritable(access);
  const url = await checkedUrl(deps, body.url);
  const secret = randomBytes(32).toString('hex');
  const events = WEBHOOK_EVENTS.filter((event) => body.events.includes(event)).join(',');
  const hook = await deps.db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await trx.selectFrom('leagues').select('id').where('id', '=', body.league_id).forUpdate().execute();
    }
    if ((await webhooksOf(trx, body.league_id)).length >= MAX_WEBHOOKS) throw conflict('errors.webhook_limit');
    return insertWebhook(trx, { league_id: body.league_id, kind: body.kind, url, events, secret, created_by: user.id, created_at: deps.clock.now() });
  });
  return { webhook: view(hook, []), secret };
}

/** The league's hooks and their last deliveries: its owner, and global admins, who may look at any league. */
export async function listWebhooks(deps: AppDeps, user: AuthUser, leagueId: number): Promise<WebhookView[]> {
  const access = await loadLeagueAccess(deps.db, leagueId, user);
  if (!access.isOwner && !user.is_admin) throw forbidden();
  const hooks = await webhooksOf(deps.db, leagueId);
  const deliveries = await recentDeliveries(deps.db, hooks.map((hook) => hook.id));
  return hooks.map((hook) => view(hook, deliveries));
}

export async function removeWebhook(deps: AppDeps, user: AuthUser, leagueId: number, id: number): Promise<void> {
  await ownedLeague(deps, user, leagueId);
  if (!(await deleteWebhook(deps.db, leagueId, id))) throw notFound('errors.webhook_not_found');
}

/** Tests each hook takes: at most this many, counted in the database across processes. */
const TESTS_PER_HOOK: ActionLimit = { action: 'webhook_test', max: 5, windowMs: 15 * 60_000 };

/**
 * Queues a test message, sent like any event; a switched-off hook is switched on again by it. At most TESTS_PER_HOOK
 * tests per hook (429 with Retry-After), and none while the hook already has MAX_PENDING_PER_HOOK events waiting
 * (409): a test is a request the server makes, so tests cannot pile up.
 */
export async function testWebhook(deps: AppDeps, user: AuthUser, leagueId: number, id: number): Promise<void> {
  await ownedLeague(deps, user, leagueId);
  if (!(await findWebhook(deps.db, leagueId, id))) throw notFound('errors.webhook_not_found');
  const now = deps.clock.now();
  await takeActionLimits(deps.db, [{ limit: TESTS_PER_HOOK, subject: `webhook:${id}` }], now);
  await deps.db.transaction().execute(async (trx) => {
    const hook = await findWebhook(trx, leagueId, id);
    if (!hook) throw notFound('errors.webhook_not_found');
    if (await pendingDeliveries(trx, id) >= MAX_PENDING_PER_HOOK) throw new AppError(409, 'errors.webhook_backlog', { count: MAX_PENDING_PER_HOOK });
    await switchOn(trx, id);
    await queueDelivery(trx, id, 'test', {}, now);
  });
}
