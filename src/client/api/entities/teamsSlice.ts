import { createEntityAdapter, createSelector, createSlice } from '@reduxjs/toolkit';
import type { Team } from '../../../shared/api/entities';
import { api } from '../api';

const teamsAdapter = createEntityAdapter<Team>();

/** Teams, normalised from the team reads (all teams at start-up, or one competition's). */
const teamsSlice = createSlice({
  name: 'teams',
  initialState: teamsAdapter.getInitialState(),
  reducers: {},
  extraReducers: (builder) => {
    builder.addMatcher(api.endpoints.teamsIndex.matchFulfilled, (state, action) => {
      teamsAdapter.setAll(state, action.payload);
    });
    builder.addMatcher(api.endpoints.teamsOfCompetition.matchFulfilled, (state, action) => {
      teamsAdapter.upsertMany(state, action.payload);
    });
  },
});

type State = { teams: ReturnType<typeof teamsSlice.reducer> };
const selectors = teamsAdapter.getSelectors((state: State) => state.teams);
export const selectTeamById = selectors.selectById;
export const selectTeamEntities = selectors.selectEntities;
/** Teams sorted by name for pickers (locale-aware). */
export const selectTeamsByName = createSelector([selectors.selectAll], (teams) =>
  [...teams].sort((a, b) => a.team_name.localeCompare(b.team_name)));

export default teamsSlice;
