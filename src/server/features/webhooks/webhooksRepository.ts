import { PostgresAdapter, sql } from 'kysely';
import type { Db, Executor } from '../../platform/db/database';
import type { LeagueWebhooksTable } from '../../platform/db/webhookTables';

/** Deliveries each hook shows its owner. */
export const SHOWN_DELIVERIES = 10;

export type WebhookRow = Omit<LeagueWebhooksTable, 'id'> & { id: number };

export interface NewWebhook { league_id: number; kind: WebhookRow['kind']; url: string; events: string; secret: string; created_by: number; created_at: number }

export async function insertWebhook(db: Executor, hook: NewWebhook): Promise<WebhookRow> {
  return db.insertInto('league_webhooks').values(hook).returningAll().executeTakeFirstOrThrow();
}

export const webhooksOf = (db: Executor, leagueId: number): Promise<WebhookRow[]> =>
  db.selectFrom('league_webhooks').selectAll().where('league_id', '=', leagueId).orderBy('id').execute();

export const findWebhook = (db: Executor, leagueId: number, id: number): Promise<WebhookRow | undefined> =>
  db.selectFrom('league_webhooks').selectAll().where('league_id', '=', leagueId).where('id', '=', id).executeTakeFirst();

export async function deleteWebhook(db: Executor, leagueId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('league_webhooks').where('league_id', '=', leagueId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A test turns a switched-off hook on again: its failing day starts afresh. */
export async function switchOn(db: Executor, id: number): Promise<void> {
  await db.updateTable('league_webhooks').set({ disabled_at: null, failing_since: null }).where('id', '=', id).where('disabled_at', 'is not', null).execute();
}

export async function queueDelivery(db: Executor, webhookId: number, event: string, payload: object, now: number): Promise<void> {
  await db.insertInto('webhook_deliveries').values({
    webhook_id: webhookId, event, payload: JSON.stringify(payload), status: 'pending', next_attempt_at: now, created_at: now,
  }).execute();
}

/** The last deliveries of these hooks, newest first, at most SHOWN_DELIVERIES each. */
export async function recentDeliveries(db: Executor, webhookIds: number[]) {
  if (webhookIds.length === 0) return [];
  return db.selectFrom('webhook_deliveries as d')
    .select(['d.id', 'd.webhook_id', 'd.event', 'd.status', 'd.attempts', 'd.last_status', 'd.last_error', 'd.created_at', 'd.next_attempt_at', 'd.finished_at'])
    .where('d.webhook_id', 'in', webhookIds)
    .where((eb) => eb(sql<number>`(SELECT COUNT(*) FROM webhook_deliveries n WHERE n.webhook_id = d.webhook_id AND n.id > d.id)`, '<', SHOWN_DELIVERIES))
    .orderBy('d.id', 'desc').execute();
}

/** A delivery being sent, with what it is sent to. */
export interface DueDelivery {
  id: number; webhook_id: number; event: string; payload: string; attempts: number; created_at: number;
  kind: WebhookRow['kind']; url: string; secret: string; failing_since: number | null;
  league_id: number; league_name: string; owner_id: number; owner_locale: string;
}

/**
 * Claims up to `limit` due deliveries, the oldest pending one of each switched-on hook whose earlier rows are all
 * finished (so a hook's events arrive in order), leasing them until `leaseUntil`: another process (or this one after
 * a restart) takes a row again only once its lease has run out. On PostgreSQL the rows are locked with SKIP LOCKED,
 * so processes claiming at once take different rows; SQLite has a single writer.
 */
export async function claimDueDeliveries(db: Db, now: number, leaseUntil: number, limit: number): Promise<DueDelivery[]> {
  return db.transaction().execute(async (trx) => {
    let candidates = trx.selectFrom('webhook_deliveries as d').innerJoin('league_webhooks as h', 'h.id', 'd.webhook_id')
      .select('d.id')
      .where('d.status', '=', 'pending').where('d.next_attempt_at', '<=', now).where('h.disabled_at', 'is', null)
      .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<=', now)]))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('webhook_deliveries as e').select('e.id')
        .whereRef('e.webhook_id', '=', 'd.webhook_id').whereRef('e.id', '<', 'd.id').where('e.status', '=', 'pending'))))
      .orderBy('d.id').limit(limit);
    if (trx.getExecutor().adapter instanceof PostgresAdapter) candidates = candidates.forUpdate('d').skipLocked();
    const ids = (await candidates.execute()).map((row) => row.id);
    if (ids.length === 0) return [];
    await trx.updateTable('webhook_deliveries').set({ locked_until: leaseUntil }).where('id', 'in', ids).execute();
    return trx.selectFrom('webhook_deliveries as d').innerJoin('league_webhooks as h', 'h.id', 'd.webhook_id')
      .innerJoin('leagues as l', 'l.id', 'h.league_id').innerJoin('users as u', 'u.id', 'l.owner_id')
      .select(['d.id', 'd.webhook_id', 'd.event', 'd.payload', 'd.attempts', 'd.created_at', 'h.kind', 'h.url', 'h.secret', 'h.failing_since',
        'l.id as league_id', 'l.name as league_name', 'l.owner_id', 'u.locale as owner_locale'])
      .where('d.id', 'in', ids).orderBy('d.id').execute();
  });
}

export interface AttemptOutcome { status: number | null; error: string | null }

/** An acknowledged delivery: finished, and its hook is no longer failing. */
export async function markDelivered(db: Db, delivery: DueDelivery, outcome: AttemptOutcome, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('webhook_deliveries').set({
      status: 'delivered', attempts: delivery.attempts + 1, last_status: outcome.status, last_error: null, finished_at: now, locked_until: null,
    }).where('id', '=', delivery.id).where('status', '=', 'pending').execute();
    await trx.updateTable('league_webhooks').set({ failing_since: null }).where('id', '=', delivery.webhook_id).execute();
  });
}

/**
 * A failed attempt: tried again at `retryAt`, or given up (null). The hook is failing since its first failure after
 * the last success; once that is `disableAfterMs` ago it is switched off, with
 * whatever it still had to send. Answers whether this call switched it off.
 */
export async function markFailed(db: Db, delivery: DueDelivery, outcome: AttemptOutcome, retryAt: number | null, now: number, disableAfterMs: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('webhook_deliveries').set({
      status: retryAt === null ? 'failed' : 'pending', attempts: delivery.attempts + 1, last_status: outcome.status,
      last_error: outcome.error?.slice(0, 200) ?? null, next_attempt_at: retryAt ?? now, finished_at: retryAt === null ? now : null, locked_until: null,
    }).where('id', '=', delivery.id).where('status', '=', 'pending').execute();
    await trx.updateTable('league_webhooks').set({ failing_since: now }).where('id', '=', delivery.webhook_id).where('failing_since', 'is', null).execute();
    const switchedOff = await trx.updateTable('league_webhooks').set({ disabled_at: now })
      .where('id', '=', delivery.webhook_id).where('disabled_at', 'is', null).where('failing_since', '<=', now - disableAfterMs).executeTakeFirst();
    if (Number(switchedOff.numUpdatedRows) === 0) return false;
    // A switched-off hook sends nothing more: what it still had to send is given up with it.
    await trx.updateTable('webhook_deliveries').set({ status: 'failed', finished_at: now, locked_until: null })
      .where('webhook_id', '=', delivery.webhook_id).where('status', '=', 'pending').execute();
    return true;
  });
}

/** Forgets finished deliveries (delivered or given up) that ended before `before`. */
export async function pruneDeliveries(db: Executor, before: number): Promise<number> {
  const result = await db.deleteFrom('webhook_deliveries').where('status', '!=', 'pending').where('finished_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
