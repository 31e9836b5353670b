import type { Executor } from '../../platform/db/database';

/** Room kept for the report's data and headers; the route's body limit bounds the rest. */
const DETAILS_MAX_CHARS = 12_000;

export async function insertClientLog(db: Executor, report: {
  user_id: number | null; status: number | null; code: string | null; message: string | null;
  data: unknown; headers: unknown; now: number;
}): Promise<void> {
  const details = JSON.stringify({ data: report.data ?? null, headers: report.headers ?? null }).slice(0, DETAILS_MAX_CHARS);
  await db.insertInto('client_logs').values({
    user_id: report.user_id, status: report.status, code: report.code, message: report.message,
    details, created_at: report.now,
  }).execute();
}
