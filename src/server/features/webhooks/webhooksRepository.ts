import { PostgresAdapter, sql, type ExpressionBuilder } from 'kysely';
import type { Db, Executor } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';
import type { LeagueWebhooksTable } from '../../platform/db/webhookTables';

/** Deliveries each hook shows its owner. */
const SHOWN_DELIVERIES = 10;

export type WebhookRow = Omit<LeagueWebhooksTable, 'id'> & { id: number };

interface NewWebhook { league_id: number; kind: WebhookRow['kind']; url: string; events: string; secret: string; created_by: number; created_at: number }

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
 * Claims the next due delivery, leasing it until `leaseUntil`: another process (or this one after a restart) takes a
 * row again only once its lease has run out. Candidates are the oldest pending row of each switched-on hook whose
 * earlier rows are all finished (so a hook's events arrive in order), outside `busyLeagues` (the leagues this
 * process is sending to right now), taken round-robin by league: every league's first candidate comes before any
 * league's second, oldest first. On PostgreSQL the chosen row is locked with SKIP LOCKED and its lease checked again,
 * so processes claiming at once take different rows; SQLite has a single writer.
 */
export async function claimDueDelivery(db: Db, now: number, leaseUntil: number, busyLeagues: readonly number[]): Promise<DueDelivery | null> {
  return db.transaction().execute(async (trx) => {
    const leased = (eb: ExpressionBuilder<Database, 'webhook_deliveries'>) =>
      eb.or([eb('webhook_deliveries.locked_until', 'is', null), eb('webhook_deliveries.locked_until', '<=', now)]);
    let candidates = trx.selectFrom('webhook_deliveries as d').innerJoin('league_webhooks as h', 'h.id', 'd.webhook_id')
      .select(['d.id', sql<number>`ROW_NUMBER() OVER (PARTITION BY h.league_id ORDER BY d.id)`.as('turn')])
      .where('d.status', '=', 'pending').where('d.next_attempt_at', '<=', now).where('h.disabled_at', 'is', null)
      .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<=', now)]))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('webhook_deliveries as e').select('e.id')
        .whereRef('e.webhook_id', '=', 'd.webhook_id').whereRef('e.id', '<', 'd.id').where('e.status', '=', 'pending'))));
    if (busyLeagues.length > 0) candidates = candidates.where('h.league_id', 'not in', busyLeagues);
    const ranked = await trx.selectFrom(candidates.as('c')).select('c.id').orderBy('c.turn').orderBy('c.id').limit(CLAIM_CANDIDATES).execute();
    const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
    for (const { id } of ranked) {
      let take = trx.selectFrom('webhook_deliveries').select('id').where('id', '=', id).where('status', '=', 'pending').where(leased);
      if (postgres) take = take.forUpdate().skipLocked();
      if (!(await take.executeTakeFirst())) continue;
      await trx.updateTable('webhook_deliveries').set({ locked_until: leaseUntil }).where('id', '=', id).execute();
      return (await trx.selectFrom('webhook_deliveries as d').innerJoin('league_webhooks as h', 'h.id', 'd.webhook_id')
        .innerJoin('leagues as l', 'l.id', 'h.league_id').innerJoin('users as u', 'u.id', 'l.owner_id')
        .select(['d.id', 'd.webhook_id', 'd.event', 'd.payload', 'd.attempts', 'd.created_at', 'h.kind', 'h.url', 'h.secret', 'h.failing_since',
          'l.id as league_id', 'l.name as league_name', 'l.owner_id', 'u.locale as owner_locale'])
        .where('d.id', '=', id).executeTakeFirstOrThrow());
    }
    return null;
  });
}

/** Candidates a claim looks at: a few, in case others are being taken at the same moment. */
const CLAIM_CANDIDATES = 10;

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

/**
 * Keeps the outbox small: a pending row whose event is older than `deadBefore` is given up (its hook was switched
 * off, or it could never be sent), and a finished row goes once it ended before `finishedBefore` or once its hook
 * shows SHOWN_DELIVERIES newer ones (nothing reads it then). Answers how many rows went.
 */
export async function pruneDeliveries(db: Executor, now: number, finishedBefore: number, deadBefore: number): Promise<{ given_up: number; pruned: number }> {
  const dead = await db.updateTable('webhook_deliveries').set({ status: 'failed', finished_at: now, locked_until: null, last_error: 'given up' })
    .where('status', '=', 'pending').where('created_at', '<', deadBefore).executeTakeFirst();
  const old = await db.deleteFrom('webhook_deliveries').where('status', '!=', 'pending').where('finished_at', '<', finishedBefore).executeTakeFirst();
  // Each hook's rows numbered from its newest: one pass, however many a hook has piled up.
  const unseen = await db.deleteFrom('webhook_deliveries').where('status', '!=', 'pending')
    .where('id', 'in', (eb) => eb.selectFrom(eb.selectFrom('webhook_deliveries')
      .select(['id', sql<number>`ROW_NUMBER() OVER (PARTITION BY webhook_id ORDER BY id DESC)`.as('newer')]).as('r'))
      .select('r.id').where('r.newer', '>', SHOWN_DELIVERIES))
    .executeTakeFirst();
  return { given_up: Number(dead.numUpdatedRows), pruned: Number(old.numDeletedRows) + Number(unseen.numDeletedRows) };
}
