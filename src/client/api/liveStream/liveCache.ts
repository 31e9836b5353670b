import type { Match } from '../../../shared/api/entities';
import type { LiveBetsVisibleEvent, LiveBoardEvent, LiveMatchesEvent, LiveStandingsEvent } from '../../../shared/api/routes/live';
import { api } from '../api';
import type { AppDispatch, RootState } from '../store/hooks';
import type { LeagueTableData } from '../../lib/ui/tableSort';
import { finalTable, matchesChanged, provisionalTable } from '../live/liveSlice';

/** What the live stream changes in the RTK Query cache, so every screen showing it moves without a reload. */

type Thunk = { dispatch: AppDispatch; getState: () => RootState };
type AnyEndpoint = Parameters<typeof api.util.updateQueryData>[0];

const MATCH_FIELDS = ['status', 'started', 'finished', 'local_goals', 'visiting_goals', 'local_goals_extra_time',
  'visiting_goals_extra_time', 'local_penalties', 'visiting_penalties', 'local_team_id', 'visiting_team_id', 'date'] as const;

/** Replaces, wherever they sit in a cached answer, the fields of these matches (found by id and shape). */
function patchMatches(node: unknown, byId: Map<number, Match>, depth = 0): void {
  if (!node || typeof node !== 'object' || depth > 4) return;
  if (Array.isArray(node)) { for (const item of node) patchMatches(item, byId, depth + 1); return; }
  const record = node as Record<string, unknown>;
  const match = typeof record.id === 'number' && 'local_goals' in record && 'round_id' in record ? byId.get(record.id) : undefined;
  if (match) {
    for (const field of MATCH_FIELDS) record[field] = match[field];
    // Where a match in play stands comes with it, and goes once it is over.
    if (match.live) record.live = match.live; else delete record.live;
    return;
  }
  for (const value of Object.values(record)) patchMatches(value, byId, depth + 1);
}

export function applyMatches({ dispatch, getState }: Thunk, event: LiveMatchesEvent): void {
  const byId = new Map(event.matches.map((m) => [m.id, m]));
  for (const { endpointName, originalArgs } of api.util.selectInvalidatedBy(getState(), [{ type: 'Match' }])) {
    dispatch(api.util.updateQueryData(endpointName as AnyEndpoint, originalArgs as never, (draft) => { patchMatches(draft, byId); }));
  }
  dispatch(matchesChanged({ leagueId: event.league_id, matches: event.matches }));
}

/**
 * The cached real tables of a league at its current matchday, split into whole tables (the stream's table replaces
 * them) and pages of a big league's table (they have `own_row`).
 */
function cachedTables(state: RootState, leagueId: number) {
  const entries = api.util.selectInvalidatedBy(state, [{ type: 'LeagueTable' }]).filter(({ endpointName, originalArgs }) => {
    const args = originalArgs as { params?: { id?: number }; query?: { mode?: number; matchday?: number } } | undefined;
    return endpointName === 'usersLeagueTable' && args?.params?.id === leagueId && !args.query?.mode && args.query?.matchday === undefined;
  });
  const isPage = ({ originalArgs }: { originalArgs: unknown }) =>
    api.endpoints.usersLeagueTable.select(originalArgs as never)(state).data?.own_row !== undefined;
  return { whole: entries.filter((entry) => !isPage(entry)), pages: entries.filter(isPage) };
}

/** Positions gained by user id between two tables (only rows in both). */
export function positionMoves(before: LeagueTableData | undefined, after: LeagueTableData): Record<string, number> {
  const moves: Record<string, number> = {};
  if (!before) return moves;
  const old = new Map(before.users.map((row) => [row.user_id, row.position]));
  for (const row of after.users) {
    const was = old.get(row.user_id);
    if (was !== undefined && was !== row.position) moves[row.user_id] = was - row.position;
  }
  return moves;
}

export function applyStandings({ dispatch, getState }: Thunk, event: LiveStandingsEvent): void {
  if (event.provisional) { dispatch(provisionalTable(event)); return; }
  const { whole, pages } = cachedTables(getState(), event.league_id);
  // A big league's stream sends its first page (the event's table has `own_row`): every cached table of it is read
  // again, each with its own page and the reader's own row.
  const paged = event.table.own_row !== undefined;
  for (const { originalArgs } of paged ? [...whole, ...pages] : pages) {
    void dispatch(api.endpoints.usersLeagueTable.initiate(originalArgs as never, { forceRefetch: true, subscribe: false }));
  }
  if (paged) return;
  const before = whole.length > 0
    ? api.endpoints.usersLeagueTable.select(whole[0].originalArgs as never)(getState()).data
    : undefined;
  for (const { originalArgs } of whole) {
    dispatch(api.util.updateQueryData('usersLeagueTable', originalArgs as never, () => event.table as never));
  }
  dispatch(finalTable({ leagueId: event.league_id, moves: positionMoves(before, event.table) }));
}

/** Others' bets became visible: the bet lists refetch. */
export function applyBetsVisible({ dispatch }: Thunk, _event: LiveBetsVisibleEvent): void {
  dispatch(api.util.invalidateTags(['ResultBet']));
}

/** The league board changed: its pages read it again. */
export function applyBoard({ dispatch }: Thunk, _event: LiveBoardEvent): void {
  dispatch(api.util.invalidateTags([{ type: 'LeaguePost', id: 'LIST' }]));
}

/** After a gap (reconnect, polling), everything the stream would have told is read again. */
export function refreshLiveData({ dispatch }: Thunk): void {
  dispatch(api.util.invalidateTags(['Match', 'LeagueTable', 'ResultBet', 'LeaguePost']));
}
