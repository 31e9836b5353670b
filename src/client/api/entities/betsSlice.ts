import type { Static } from 'typebox';
import type { ResultBet } from '../../../shared/api/routes/resultBets';
import { createEntityAdapter, createSelector, createSlice } from '@reduxjs/toolkit';
import { endpointAt } from '../api';
import { rowsOf, type FulfilledAction } from '../rows';

/** A result bet as the bet lists send it. */
export type ResultBetRow = Static<typeof ResultBet>;

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
