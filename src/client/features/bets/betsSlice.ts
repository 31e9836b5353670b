import { createEntityAdapter, createSelector, createSlice } from '@reduxjs/toolkit';
import { endpointAt } from '../../api/api';
import { rowsOf, type FulfilledAction } from '../../api/rows';

/** The fields of a result bet the client reasons about (spec 3); the route table has the full shape. */
export interface ResultBetRow {
  id: number;
  match_id: number;
  league_id: number;
  local_goals: number | null;
  visiting_goals: number | null;
  allow_edit_bets?: boolean;
  allow_show_bets?: boolean;
  mode?: number;
  points?: number | null;
}

const betsAdapter = createEntityAdapter<ResultBetRow>();

/** Result bets read from the bet lists, by id. */
const betsSlice = createSlice({
  name: 'bets',
  initialState: betsAdapter.getInitialState(),
  reducers: {},
  extraReducers: (builder) => {
    builder.addMatcher(endpointAt('GET', '/result_bets/index/:id').matchFulfilled, (state, action: FulfilledAction) => {
      betsAdapter.upsertMany(state, rowsOf<ResultBetRow>(action.payload));
    });
  },
});

type State = { bets: ReturnType<typeof betsSlice.reducer> };
const selectors = betsAdapter.getSelectors((state: State) => state.bets);
export const selectBetById = selectors.selectById;
export const selectAllBets = selectors.selectAll;
/** A league's bets, by match id (the bets screen looks them up per match). */
export const selectLeagueBetsByMatch = createSelector(
  [selectors.selectAll, (_state: State, leagueId: number) => leagueId],
  (bets, leagueId) => new Map(bets.filter((bet) => bet.league_id === leagueId).map((bet) => [bet.match_id, bet])),
);

export default betsSlice;
