import { TaggedTtlCache } from '../../platform/caching/taggedTtlCache';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import type { LeagueAccessRow } from '../leagues/leagueRows';

/**
 * Who may read a league's table, and the table's version, remembered per process for SESSION_CACHE_SECONDS like
 * the session itself: a signed-in table read then costs no database round trip (the table is cached by version).
 * Every write that changes a table moves its version through tableVersions.ts, which forgets the league (or the
 * competition's leagues, or a member's) here at once; another process sees it within the cache's lifetime, as it
 * sees a revoked session. Only granted access is kept: refusals always read.
 */
const access = new TaggedTtlCache<LeagueAccessRow>(100_000);
/** Tests open many databases in one process: entries are per database handle. */
const databases = new WeakMap<object, number>();
let databaseCount = 0;

export const leagueTag = (leagueId: number) => `l${leagueId}`;
export const competitionTag = (competitionId: number) => `c${competitionId}`;
export const memberTag = (userId: number) => `u${userId}`;

/** What touches a table forgets here (tableVersions.ts). */
export function forgetTableAccess(tag: string): void {
  access.forget(tag);
}

/** `check` (the access check of every league route), remembered for reading the league's table. */
export async function cachedTableAccess(
  deps: AppDeps, leagueId: number, user: AuthUser, check: () => Promise<LeagueAccessRow>,
): Promise<LeagueAccessRow> {
  let database = databases.get(deps.db);
  if (database === undefined) databases.set(deps.db, (database = ++databaseCount));
  // An admin reads any league: the flag is in the key, so a demoted admin is asked again (their session entry is renewed).
  const league = await access.get(`${database}:${leagueId}:${user.id}:${user.is_admin ? 1 : 0}`, deps.config.sessionCacheSeconds * 1000,
    check,
    (row) => [leagueTag(row.id), competitionTag(row.competition_id), memberTag(user.id)]);
  return league!;
}

/** Empties the cache, as in a fresh process. */
export function clearTableAccess(): void {
  access.clear();
}
