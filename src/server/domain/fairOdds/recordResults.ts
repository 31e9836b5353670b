import type { Executor } from '../../platform/db/database';
import { sealDueOdds } from './oddsSeals';
import { updateMatchRatings } from './ratingUpdates';

/**
 * What recording results means for the rating model, in the writer's transaction: the competition's odds leagues
 * get their due chances sealed (before the result job scores them), then the written matches move their teams'
 * ratings. Both idempotent.
 */
export async function recordResultsForOdds(db: Executor, competitionId: number, matchIds: number[], now: number): Promise<void> {
  await sealDueOdds(db, { competitionId }, now);
  await updateMatchRatings(db, competitionId, matchIds, now);
}
