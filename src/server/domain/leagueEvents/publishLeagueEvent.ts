import type { Executor } from '../../platform/db/database';

/** What a league tells its webhooks about (a test the owner asks for goes to one hook only). */
export type LeagueEventKind = 'result' | 'matchday_winners' | 'bets_shown' | 'pinned_post';

export interface LeagueEvent {
  leagueId: number;
  kind: LeagueEventKind;
  /** The event's own data, sent as `data` (JSON hooks) and worded for chats. */
  payload: object;
}

/** `events` of a hook holds the kind (a comma-separated list). */
export const subscribedTo = (events: string, kind: string) => events.split(',').includes(kind);

/**
 * Queues the event for every switched-on hook of the league that takes it: one outbox row each, written with the
 * caller's executor, so it is sent only if the caller's transaction commits and never makes the caller wait for a
 * chat. The delivery job sends it. Answers how many rows were queued.
 */
export async function publishLeagueEvent(db: Executor, event: LeagueEvent, now: number): Promise<number> {
  const hooks = await db.selectFrom('league_webhooks').select(['id', 'events'])
    .where('league_id', '=', event.leagueId).where('disabled_at', 'is', null).execute();
  const ids = hooks.filter((hook) => subscribedTo(hook.events, event.kind)).map((hook) => hook.id);
  if (ids.length === 0) return 0;
  await db.insertInto('webhook_deliveries').values(ids.map((webhookId) => ({
    webhook_id: webhookId, event: event.kind, payload: JSON.stringify(event.payload), status: 'pending' as const,
    next_attempt_at: now, created_at: now,
  }))).execute();
  return ids.length;
}
