import { createEntityAdapter, createSelector, createSlice } from '@reduxjs/toolkit';
import type { Competition } from '../../../shared/api/entities';
import { api } from '../api';

const competitionsAdapter = createEntityAdapter<Competition>();

/** Competitions, normalised from the reference read made at start-up. */
const competitionsSlice = createSlice({
  name: 'competitions',
  initialState: competitionsAdapter.getInitialState(),
  reducers: {},
  extraReducers: (builder) => {
    builder.addMatcher(api.endpoints.competitionIndex.matchFulfilled, (state, action) => {
      competitionsAdapter.setAll(state, action.payload);
    });
    builder.addMatcher(api.endpoints.competitionShow.matchFulfilled, (state, action) => {
      competitionsAdapter.upsertOne(state, action.payload);
    });
  },
});

type State = { competitions: ReturnType<typeof competitionsSlice.reducer> };
const selectors = competitionsAdapter.getSelectors((state: State) => state.competitions);
export const selectAllCompetitions = selectors.selectAll;
export const selectCompetitionById = selectors.selectById;
/** Competitions not finished yet, in id order (the admin menu lists them). */
export const selectUnfinishedCompetitions = createSelector([selectors.selectAll], (all) =>
  all.filter((competition) => !competition.finished).sort((a, b) => a.id - b.id));

export default competitionsSlice;
