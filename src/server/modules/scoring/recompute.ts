import type { Executor } from '../../db/database';

/**
 * Entry points every writer of results calls (admin edits, importer, providers, demo).
 * STUB until the scoring work lands: the signatures are the contract.
 */

/** Recompute result-bet points for these matches (all leagues, both modes), pick points, and standings. */
export async function recomputeAfterResults(_db: Executor, _competitionId: number, _matchIds: number[]): Promise<void> {}

/** Recompute every point of a competition (update_competition_points). */
export async function recomputeCompetition(_db: Executor, _competitionId: number): Promise<void> {}

/** Re-sum one league's stored standings (after members leave or are removed). */
export async function refreshLeagueStandings(_db: Executor, _leagueId: number): Promise<void> {}
