import { createEntityAdapter, createSelector, createSlice } from '@reduxjs/toolkit';
import type { League } from '../../../shared/api/entities';
import { endpointAt } from '../api';
import { rowsOf, type FulfilledAction } from '../rows';

const leaguesAdapter = createEntityAdapter<League>();

/** The leagues the client has read (the user's list and any league shown). */
const leaguesSlice = createSlice({
  name: 'leagues',
  initialState: leaguesAdapter.getInitialState(),
  reducers: {},
  extraReducers: (builder) => {
    builder.addMatcher(endpointAt('GET', '/leagues/index').matchFulfilled, (state, action: FulfilledAction) => {
      leaguesAdapter.upsertMany(state, rowsOf<League>(action.payload));
    });
    builder.addMatcher(endpointAt('GET', '/leagues/:id').matchFulfilled, (state, action: FulfilledAction) => {
      leaguesAdapter.upsertOne(state, action.payload as League);
    });
    builder.addMatcher(endpointAt('DELETE', '/leagues/:id').matchFulfilled, (state, action: FulfilledAction) => {
      const id = (action.meta.arg.originalArgs as { params?: { id?: number } })?.params?.id;
      if (id) leaguesAdapter.removeOne(state, id);
    });
  },
});

type State = { leagues: ReturnType<typeof leaguesSlice.reducer> };
const selectors = leaguesAdapter.getSelectors((state: State) => state.leagues);
export const selectAllLeagues = selectors.selectAll;
export const selectLeagueById = selectors.selectById;
/** The home list: old leagues (finished competition) only when asked for; newest first. */
export const selectVisibleLeagues = createSelector(
  [selectors.selectAll, (_state: State, showOld: boolean) => showOld],
  (leagues, showOld) => leagues.filter((league) => showOld || !league.competition.finished).sort((a, b) => b.id - a.id),
);

export default leaguesSlice;
