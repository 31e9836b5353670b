import type { Executor } from '../../platform/db/database';

/** What a league tells its webhooks about (a test the owner asks for goes to one hook only). */
type LeagueEventKind = 'result' | 'matchday_winners' | 'bets_shown' | 'pinned_post';

interface LeagueEvent {
  leagueId: number;
  kind: LeagueEventKind;
  /** The event's own data, sent as `data` (JSON hooks) and worded for chats. */
  payload: object;
}

/** `events` of a hook holds the kind (a comma-separated list). */
const subscribedTo = (events: string, kind: string) => events.split(',').includes(kind);

/**
 * Events a hook may have waiting at once. A hook delivers in order, so one that fails holds back what follows; past
 * this many, new events are not queued for it (it is switched off after a day of failures anyway), so a dead
 * endpoint cannot grow the outbox without bound.
 */
export const MAX_PENDING_PER_HOOK = 100;

/** How many events the hook has waiting to be sent. */
export async function pendingDeliveries(db: Executor, webhookId: number): Promise<number> {
  const row = await db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll().as('n'))
    .where('webhook_id', '=', webhookId).where('status', '=', 'pending').executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Queues the event for every switched-on hook of the league that takes it and has fewer than MAX_PENDING_PER_HOOK
 * events waiting: one outbox row each, written with the caller's executor, so it is sent only if the caller's
 * transaction commits and never makes the caller wait for a chat. The delivery job sends it. Answers how many rows
 * were queued.
 */
export async function publishLeagueEvent(db: Executor, event: LeagueEvent, now: number): Promise<number> {
  const hooks = await db.selectFrom('league_webhooks as h').select(['h.id', 'h.events'])
    .where('h.league_id', '=', event.leagueId).where('h.disabled_at', 'is', null)
    .where((eb) => eb(eb.selectFrom('webhook_deliveries as d').select((c) => c.fn.countAll().as('n'))
      .whereRef('d.webhook_id', '=', 'h.id').where('d.status', '=', 'pending'), '<', MAX_PENDING_PER_HOOK))
    .execute();
  const ids = hooks.filter((hook) => subscribedTo(hook.events, event.kind)).map((hook) => hook.id);
  if (ids.length === 0) return 0;
  await db.insertInto('webhook_deliveries').values(ids.map((webhookId) => ({
    webhook_id: webhookId, event: event.kind, payload: JSON.stringify(event.payload), status: 'pending' as const,
    next_attempt_at: now, created_at: now,
  }))).execute();
  return ids.length;
}
