import type { Match } from '../../../shared/api/entities';
import type { AppDeps } from '../../platform/deps';
import type { Executor } from '../../platform/db/database';
import { toMatch } from '../competitions/referenceMapping';
import type { MatchesPayload } from './liveEvents';

/**
 * The writers' side of the live streams: matches whose score or status changed, as the API shows them. Call it in
 * the transaction that wrote them (admin edits), or right after a provider's sync committed (the rows it touched
 * since `since`): either way the event is told only once the matches are committed.
 */
export async function publishMatchChanges(deps: AppDeps, db: Executor, competitionId: number, matchIds: number[]): Promise<void> {
  const matches = await apiMatches(db, matchIds);
  if (matches.length === 0) return;
  const payload: MatchesPayload = { matches };
  await deps.live.publish(db, { competitionId, kind: 'matches', payload });
}

/** These matches as the API shows them, by id. */
export async function apiMatches(db: Executor, matchIds: number[]): Promise<Match[]> {
  if (matchIds.length === 0) return [];
  const rows = await db.selectFrom('matches').selectAll().where('id', 'in', matchIds).orderBy('id').execute();
  return rows.map((row) => toMatch(row as Parameters<typeof toMatch>[0]));
}

/** After a sync: the competition's matches written since `since` (epoch ms, the clock the writers stamp with). */
export async function publishMatchesUpdatedSince(deps: AppDeps, competitionId: number, since: number): Promise<void> {
  const rows = await deps.db.selectFrom('matches').select('id')
    .where('competition_id', '=', competitionId).where('updated_at', '>=', since).execute();
  await publishMatchChanges(deps, deps.db, competitionId, rows.map((r) => r.id));
}
