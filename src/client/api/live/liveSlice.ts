import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Match } from '../../../shared/api/entities';
import type { LiveStandingsEvent } from '../../../shared/api/routes/live';

/** How a league screen hears of changes: a live stream, polling when the stream fails, or nothing yet. */
export type LiveConnection = 'connecting' | 'live' | 'polling';

export interface LeagueLive {
  connection: LiveConnection;
  /** The provisional table while matches are in play (null otherwise). */
  provisional: LiveStandingsEvent | null;
  /** Positions gained (+) or lost (-) by user id at the last final table change. */
  moves: Record<string, number>;
  /** The league's matches the stream told about, by id (the live scores card). */
  matches: Record<string, Match>;
}

const empty = (): LeagueLive => ({ connection: 'connecting', provisional: null, moves: {}, matches: {} });

type State = Record<string, LeagueLive>;

const liveSlice = createSlice({
  name: 'live',
  initialState: {} as State,
  reducers: {
    connectionChanged(state, action: PayloadAction<{ leagueId: number; connection: LiveConnection }>) {
      (state[action.payload.leagueId] ??= empty()).connection = action.payload.connection;
    },
    matchesChanged(state, action: PayloadAction<{ leagueId: number; matches: Match[] }>) {
      const league = (state[action.payload.leagueId] ??= empty());
      for (const match of action.payload.matches) league.matches[match.id] = match;
    },
    provisionalTable(state, action: PayloadAction<LiveStandingsEvent>) {
      (state[action.payload.league_id] ??= empty()).provisional = action.payload;
    },
    finalTable(state, action: PayloadAction<{ leagueId: number; moves: Record<string, number> }>) {
      const league = (state[action.payload.leagueId] ??= empty());
      league.provisional = null;
      league.moves = action.payload.moves;
    },
    /**
     * The stream missed some time (it reconnected, or polling took over): the provisional table and live scores it
     * told may be over, and a stream sends them again at once while matches are in play; polling reads the stored table.
     */
    streamGap(state, action: PayloadAction<number>) {
      const league = (state[action.payload] ??= empty());
      league.provisional = null;
      league.matches = {};
    },
    leagueLeft(state, action: PayloadAction<number>) {
      delete state[action.payload];
    },
  },
});

export const { connectionChanged, matchesChanged, provisionalTable, finalTable, streamGap, leagueLeft } = liveSlice.actions;
export default liveSlice;

const noLive: LeagueLive = empty();
export const selectLeagueLive = (state: { live: State }, leagueId: number | null): LeagueLive =>
  (leagueId === null ? undefined : state.live[leagueId]) ?? noLive;
