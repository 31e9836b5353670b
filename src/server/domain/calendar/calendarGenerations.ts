import type { Executor } from '../../platform/db/database';

/**
 * Each user's calendar token generation: bumping it replaces the feed's address. The account flows that take an
 * account back from whoever may have held it (a password change or reset, re-enabling a disabled account) bump it
 * too, like they end sessions.
 */

/** The calendar token's generation (0 until first regenerated). */
export async function calendarGeneration(db: Executor, userId: number): Promise<number> {
  const row = await db.selectFrom('calendar_feeds').select('generation').where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.generation ?? 0);
}

/** Bumps the generation in one statement (two regenerations at once both move it). */
export async function bumpCalendarGeneration(db: Executor, userId: number, now: number): Promise<number> {
  const row = await db.insertInto('calendar_feeds').values({ user_id: userId, generation: 1, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({
      generation: eb('calendar_feeds.generation', '+', 1), updated_at: now,
    })))
    .returning('generation').executeTakeFirstOrThrow();
  return Number(row.generation);
}
