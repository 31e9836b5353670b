import type { Executor } from '../db/database';

/** The live event log: what every process's streams are told, in order, kept for resumes. */

export interface LiveEventRow {
  id: number; competition_id: number; kind: 'matches' | 'bets_visible' | 'board' | 'result_progress'; payload: string; created_at: number;
}

const EVENT_COLUMNS = ['id', 'competition_id', 'kind', 'payload', 'created_at'] as const;

/** The new event's id, or null when an event with the same dedupe key already exists. */
export async function insertLiveEvent(
  db: Executor, event: Omit<LiveEventRow, 'id'> & { dedupe_key: string | null },
): Promise<number | null> {
  const row = await db.insertInto('live_events').values(event)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id').executeTakeFirst();
  return row ? Number(row.id) : null;
}

export async function liveEventsByIds(db: Executor, ids: number[]): Promise<LiveEventRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('live_events').select(EVENT_COLUMNS).where('id', 'in', ids).orderBy('id').execute();
}

/** Events after `afterId`, oldest first; of one competition when given. */
export async function liveEventsAfter(db: Executor, afterId: number, limit: number, competitionId?: number): Promise<LiveEventRow[]> {
  return db.selectFrom('live_events').select(EVENT_COLUMNS).where('id', '>', afterId)
    .$if(competitionId !== undefined, (qb) => qb.where('competition_id', '=', competitionId!))
    .orderBy('id').limit(limit).execute();
}

export async function latestLiveEventId(db: Executor): Promise<number> {
  const row = await db.selectFrom('live_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

export async function pruneLiveEvents(db: Executor, before: number): Promise<void> {
  await db.deleteFrom('live_events').where('created_at', '<', before).execute();
}
