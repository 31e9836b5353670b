import type { Executor } from '../db/database';

/**
 * Admin actions of the console: who did what to which user or competition, in the `audit_log` table
 * the match and bet corrections already write. Call it inside the action's transaction, so an action that rolls
 * back leaves no entry and every committed one has its entry.
 */
export async function recordAdminAction(db: Executor, entry: {
  adminId: number; action: string; entity: 'user' | 'competition'; entityId: number; details?: Record<string, unknown>; now: number;
}): Promise<void> {
  await db.insertInto('audit_log').values({
    actor_id: entry.adminId, action: entry.action, entity: entry.entity, entity_id: entry.entityId,
    details: entry.details ? JSON.stringify(entry.details) : null, created_at: entry.now,
  }).execute();
}
