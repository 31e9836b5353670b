import { useAppSelector } from '../../api/store/hooks';

/**
 * Reads that load in place, inside a card with its own placeholder (a skeleton, or nothing until there is
 * something to show): the page is shown without waiting for them, so a slow card never blanks it.
 */
const LOADED_IN_PLACE = new Set([
  'titleRace', 'leagueHeadToHead', 'leagueMissingBets', 'resultBetDistribution', 'pickDistribution', 'leaguePosts',
]);

type QueryEntry = { endpointName: string; originalArgs?: unknown };

/** The query parameters a read was asked with. */
const queryOf = (entry: QueryEntry) => (entry.originalArgs as { query?: { matchday?: number; offset?: number } } | undefined)?.query;

/**
 * The competition's whole match list (no matchday) names the matches of the league board's posts and composer, which
 * show without them until it arrives; screens that show matches read one matchday.
 */
const isWholeMatchList = (entry: QueryEntry) => entry.endpointName === 'matchesIndex' && queryOf(entry)?.matchday === undefined;

/**
 * The league table of another matchday or another page of rows: asked for only once the player picks one on a
 * table already shown, which stays (dimmed) until the new one arrives, so the page is not blanked meanwhile.
 */
const isTableTurn = (entry: QueryEntry) =>
  entry.endpointName === 'usersLeagueTable' && (queryOf(entry)?.matchday !== undefined || queryOf(entry)?.offset !== undefined);

/** A first read still without an answer. Refetches of data already shown do not count. (Screens' code arriving
 * shows the same overlay through their Suspense fallback.) */
export function useAnythingLoading(): boolean {
  return useAppSelector((state) => Object.values(state.api.queries).some((entry) =>
    entry?.status === 'pending' && entry.data === undefined && !LOADED_IN_PLACE.has(entry.endpointName) && !isWholeMatchList(entry) && !isTableTurn(entry)));
}
