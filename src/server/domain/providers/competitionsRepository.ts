import type { Executor } from '../../platform/db/database';

/** The competition columns a results provider needs. */
export interface ProviderCompetition {
  id: number; name: string; competition_type: 'cup' | 'league'; provider: string; provider_ref: string | null;
  external_key: string | null; finished: 0 | 1;
}

const COLUMNS = ['id', 'name', 'competition_type', 'provider', 'provider_ref', 'external_key', 'finished'] as const;

export async function activeCompetitions(db: Executor): Promise<ProviderCompetition[]> {
  return db.selectFrom('competitions').select(COLUMNS).where('finished', '=', 0).orderBy('id').execute();
}

export async function competitionById(db: Executor, id: number): Promise<ProviderCompetition | undefined> {
  return db.selectFrom('competitions').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * A match kicked off in the last `beforeMs` or kicks off within `afterMs`: being played, or just finished (providers
 * correct scores shortly after the final whistle). Worth asking the provider about.
 */
export async function hasLiveMatches(db: Executor, competitionId: number, now: number, beforeMs: number, afterMs: number): Promise<boolean> {
  const row = await db.selectFrom('matches').select('id')
    .where('competition_id', '=', competitionId)
    .where('date', '>=', now - beforeMs).where('date', '<=', now + afterMs)
    .where('status', '!=', 'cancelled')
    .limit(1).executeTakeFirst();
  return Boolean(row);
}
