import { createEntityAdapter, createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Static } from 'typebox';
import type { ResultBet } from '../../../shared/api/routes/resultBets';
import type { BetGoals } from '../../lib/bets/betValues';
import { api } from '../api';
import { matchesChanged } from '../live/liveSlice';

/** A result bet as the bet lists send it. */
export type ResultBetRow = Static<typeof ResultBet>;

const betsAdapter = createEntityAdapter<ResultBetRow>();

/**
 * Every result bet the client has read, by id: the one copy the bet screens show. The bet lists only say which
 * bets a screen shows and in what order; a save, an undo (which saves again) and a result from the live stream
 * change the bet here, once, and every screen showing it follows. A save's answer is the bet as the server saved it:
 * it replaces the bet here, and no list is read again for it.
 */
const betsSlice = createSlice({
  name: 'bets',
  initialState: betsAdapter.getInitialState(),
  reducers: {
    /** A save's values, shown at once; a save that fails sets the previous values back the same way. */
    betGoalsSet(state, action: PayloadAction<BetGoals & { betId: number; joker?: boolean }>) {
      const { betId, local_goals, visiting_goals, joker } = action.payload;
      betsAdapter.updateOne(state, { id: betId, changes: { local_goals, visiting_goals, ...(joker !== undefined && { joker }) } });
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(api.endpoints.resultBetsIndex.matchFulfilled, (state, action) => {
      betsAdapter.upsertMany(state, action.payload);
    });
    builder.addMatcher(api.endpoints.updateResultBet.matchFulfilled, (state, action) => {
      const saved = action.payload;
      const shown = state.entities[saved.id];
      // A later save of the bet has shown other values meanwhile: its own answer settles them.
      if (shown && (shown.local_goals !== saved.local_goals || shown.visiting_goals !== saved.visiting_goals)) return;
      betsAdapter.upsertOne(state, saved);
    });
    // A match's result or status from the live stream reaches the bets on that match.
    builder.addMatcher(matchesChanged.match, (state, action) => {
      const byId = new Map(action.payload.matches.map((match) => [match.id, match]));
      for (const bet of Object.values(state.entities)) {
        const match = byId.get(bet.match_id);
        if (match) bet.match = { ...bet.match, ...match };
      }
    });
  },
});

export const { betGoalsSet } = betsSlice.actions;

type State = { bets: ReturnType<typeof betsSlice.reducer> };
const selectors = betsAdapter.getSelectors((state: State) => state.bets);
export const selectBetById = selectors.selectById;
/** The bets of a list, in the list's order (ids of a bet list answer). */
export const selectBetsByIds = createSelector(
  [selectors.selectEntities, (_state: State, ids: readonly number[]) => ids],
  (entities, ids) => ids.flatMap((id) => (entities[id] ? [entities[id]] : [])),
);

export default betsSlice;
