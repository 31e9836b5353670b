import type { Static } from 'typebox';
import type { FairOdds } from '../../../shared/api/routes/fairOdds';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { requireLeagueAccess } from '../../domain/leagues/leagueAccess';
import { leagueOdds, type OddsFilter } from '../../domain/fairOdds/leagueOdds';
import { RATINGS_AS_OF } from '../../domain/fairOdds/teamSeeds';

/**
 * The model's chances of a league's matches: members and global admins (the league reading rule). The chances are
 * public knowledge (they come from results, never from bets), so they show before the deadline as after it; past
 * the deadline they are the ones fixed then.
 */
export async function fairOdds(deps: AppDeps, user: AuthUser, leagueId: number, filter: OddsFilter): Promise<Static<typeof FairOdds>> {
  await requireLeagueAccess(deps.db, leagueId, user);
  const rows = await leagueOdds(deps.db, leagueId, filter, deps.clock.now());
  return {
    ratings_as_of: RATINGS_AS_OF,
    matches: rows.map((row) => ({
      match_id: row.match_id, home: row.odds.home, draw: row.odds.draw, away: row.odds.away, extra_time: row.odds.extra_time,
      through: row.odds.through, sealed: row.sealed, deadline: new Date(row.deadline).toISOString(),
      ratings: { local: row.local_rating / 100, visiting: row.visiting_rating / 100 },
    })),
  };
}
