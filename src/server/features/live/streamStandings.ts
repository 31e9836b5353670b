import type { LiveStandingsEvent } from '../../../shared/api/routes/live';
import type { AppDeps } from '../../platform/deps';
import { isPagedTable, storedLeagueTable } from '../../domain/standings/storedTable';
import { TABLE_PAGE_ROWS } from '../../../shared/api/routes/tables';
import { inPlayWithBetsHidden } from './liveEventsRepository';
import { liveStandings } from './provisionalTable';
import { findLeagueForUser } from '../../domain/leagues/leagueRows';
import type { Locale } from '../../../shared/domain/locales';

/**
 * The table a league's streams are sent: the provisional one of provisionalTable.ts, except while a match of the
 * league is in play before its bet window there has closed. A provisional table adds what each bet on it would
 * score, which tells everyone how close the hidden bets are (an exact hit moves its player up by the most), so
 * until the window closes the streams get the stored table, as GET users_league_table shows it. Null when the
 * league is gone.
 */
export async function streamStandings(deps: AppDeps, leagueId: number, locale: Locale): Promise<LiveStandingsEvent | null> {
  const league = await findLeagueForUser(deps.db, leagueId, 0);
  if (!league) return null;
  // A big league's table is read a page at a time: its streams get the stored table's first page, and each reader
  // reads their own page again. A provisional table would rank every member on every goal.
  if (await isPagedTable(deps, league)) {
    const table = await storedLeagueTable(deps, league, { id: 0, locale }, { page: { offset: 0, limit: TABLE_PAGE_ROWS } });
    return { league_id: leagueId, provisional: false, live_match_ids: [], table };
  }
  if (!(await inPlayWithBetsHidden(deps.db, leagueId, deps.clock.now()))) return liveStandings(deps, league, locale);
  const table = await storedLeagueTable(deps, league, { id: 0, locale }, { page: 'whole' });
  return { league_id: leagueId, provisional: false, live_match_ids: [], table };
}
