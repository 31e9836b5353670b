import { createEntityAdapter, createSelector, createSlice } from '@reduxjs/toolkit';
import type { League } from '../../../shared/api/entities';
import { api } from '../api';

const leaguesAdapter = createEntityAdapter<League>();

/**
 * Every league the client has read, by id: the one copy the league screens show. Any answer carrying a league
 * (the lists, a league's read, a create or an update) replaces it here; a delete removes it.
 */
const leaguesSlice = createSlice({
  name: 'leagues',
  initialState: leaguesAdapter.getInitialState(),
  reducers: {},
  extraReducers: (builder) => {
    builder.addMatcher(api.endpoints.leagueIndex.matchFulfilled, (state, action) => {
      leaguesAdapter.upsertMany(state, action.payload);
    });
    builder.addMatcher(api.endpoints.leagueShow.matchFulfilled, (state, action) => {
      leaguesAdapter.upsertOne(state, action.payload);
    });
    builder.addMatcher(api.endpoints.leagueCreate.matchFulfilled, (state, action) => {
      leaguesAdapter.upsertOne(state, action.payload.league);
    });
    builder.addMatcher(api.endpoints.leagueUpdate.matchFulfilled, (state, action) => {
      leaguesAdapter.upsertOne(state, action.payload.league);
    });
    builder.addMatcher(api.endpoints.leagueDelete.matchFulfilled, (state, action) => {
      leaguesAdapter.removeOne(state, action.meta.arg.originalArgs.params.id);
    });
  },
});

type State = { leagues: ReturnType<typeof leaguesSlice.reducer> };
const selectors = leaguesAdapter.getSelectors((state: State) => state.leagues);
export const selectLeagueById = selectors.selectById;
/** These leagues as the entity holds them, in the order asked (one that is gone is left out). */
export const selectLeaguesByIds = createSelector(
  [selectors.selectEntities, (_state: State, ids: readonly number[]) => ids],
  (entities, ids) => ids.flatMap((id) => (entities[id] ? [entities[id]] : [])),
);

export default leaguesSlice;
