import { appStateOf, appStateSlot } from '../../platform/appState';
import { TaggedTtlCache } from '../../platform/caching/taggedTtlCache';
import type { Executor } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import type { TableLeague } from './standingsScope';

/**
 * Who may read a league's table, and the table's version, remembered per process for SESSION_CACHE_SECONDS like
 * the session itself: a signed-in table read then costs no database round trip (the table is cached by version).
 * Every write that changes a table moves its version through tableVersions.ts, which forgets the league (or the
 * competition's leagues, or a member's) here at once; another process sees it within the cache's lifetime, as it
 * sees a revoked session. Only granted access is kept: refusals always read.
 */
const TABLE_ACCESS = appStateSlot(() => new TaggedTtlCache<TableLeague>(100_000));

export const leagueTag = (leagueId: number) => `l${leagueId}`;
export const competitionTag = (competitionId: number) => `c${competitionId}`;
export const memberTag = (userId: number) => `u${userId}`;

/** What touches a table forgets here (tableVersions.ts), in the app whose executor writes. */
export function forgetTableAccess(db: Executor, tag: string): void {
  appStateOf(db)?.get(TABLE_ACCESS).forget(tag);
}

/** `check` (the access check of every league route), remembered for reading the league's table. */
export async function cachedTableAccess<League extends TableLeague>(
  deps: AppDeps, leagueId: number, user: AuthUser, check: () => Promise<League>,
): Promise<League> {
  // An admin reads any league: the flag is in the key, so a demoted admin is asked again (their session entry is renewed).
  const league = await deps.state.get(TABLE_ACCESS).get(`${leagueId}:${user.id}:${user.is_admin ? 1 : 0}`, deps.config.sessionCacheSeconds * 1000,
    check,
    (row) => [leagueTag(row.id), competitionTag(row.competition_id), memberTag(user.id)]);
  // The entry under this key is what `check` answered for it.
  return league as League;
}
