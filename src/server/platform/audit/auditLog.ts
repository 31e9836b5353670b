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

export async function listAuditLog(db: Executor, page: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    db.selectFrom('audit_log as a').leftJoin('users as u', 'u.id', 'a.actor_id')
      .select(['a.id', 'a.action', 'a.entity', 'a.entity_id', 'a.details', 'a.created_at', 'a.actor_id', 'u.name as actor_name'])
      .orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
