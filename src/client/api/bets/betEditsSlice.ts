import { combineReducers, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import undoable, { ActionCreators, includeAction } from 'redux-undo';
import type { BetGoals } from '../../lib/bets/betValues';

/** A bet as edited: both goals, and its joker when the editor knows it (a real bet's joker is undoable too). */
export type EditedBet = BetGoals & { joker?: boolean };
/** The two goal values of a result bet; an edit always sets both. */
export interface BetEdit extends EditedBet { betId: number; mode: number; previous: EditedBet }

export const BET_HISTORY_LIMIT = 50;

/** The values the user has given each edited bet: the undoable part. */
const editsSlice = createSlice({
  name: 'betEdits',
  initialState: { bets: {} as Record<number, EditedBet & { mode: number }> },
  reducers: {
    betEdited(state, action: PayloadAction<BetEdit>) {
      const { betId, mode, local_goals, visiting_goals, joker } = action.payload;
      state.bets[betId] = { local_goals, visiting_goals, mode, ...(joker !== undefined && { joker }) };
    },
    /** The server rewrote bets (copy, simulation reset): its values count again. */
    betEditsForgotten(state) {
      state.bets = {};
    },
  },
});

/** The server's values before the first edit of each bet, so undoing that edit restores them. Not undoable. */
const originalsSlice = createSlice({
  name: 'betOriginals',
  initialState: {} as Record<number, EditedBet & { mode: number }>,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(editsSlice.actions.betEdited, (state, action) => {
      const { betId, mode, previous } = action.payload;
      if (!(betId in state)) state[betId] = { ...previous, mode };
    });
    builder.addCase(editsSlice.actions.betEditsForgotten, () => ({}));
  },
});

export const { betEdited, betEditsForgotten } = editsSlice.actions;
/** Forgets every edit and the history (after the server rewrote the bets), without saving anything. */
export const betHistoryCleared = () => [betEditsForgotten(), ActionCreators.clearHistory()] as const;
export const betEditUndone = ActionCreators.undo;
export const betEditRedone = ActionCreators.redo;

export const betEditsReducer = combineReducers({
  history: undoable(editsSlice.reducer, { filter: includeAction(betEdited.type), limit: BET_HISTORY_LIMIT }),
  originals: originalsSlice.reducer,
});
export type BetEditsState = ReturnType<typeof betEditsReducer>;

type State = { betEdits: BetEditsState };
export const selectCanUndoBetEdit = (state: State) => state.betEdits.history.past.length > 0;
export const selectCanRedoBetEdit = (state: State) => state.betEdits.history.future.length > 0;
/** The value the user sees for a bet: the last edit, else the server's. */
export const selectEditedGoals = (state: State, betId: number): EditedBet | undefined =>
  state.betEdits.history.present.bets[betId] ?? state.betEdits.originals[betId];

/** A bet to save: its goals, and its joker only when that changed (known on both sides and different). */
export type BetSave = BetGoals & { betId: number; mode: number; joker?: boolean };

/** Bets whose values differ between two states of the history, with the values to save. */
export function changedBets(before: BetEditsState, after: BetEditsState): BetSave[] {
  const ids = new Set([...Object.keys(before.history.present.bets), ...Object.keys(after.history.present.bets)].map(Number));
  const changes: BetSave[] = [];
  for (const betId of ids) {
    const was = before.history.present.bets[betId] ?? after.originals[betId];
    const now = after.history.present.bets[betId] ?? after.originals[betId];
    if (!now) continue;
    const jokerChanged = now.mode === 0 && was?.joker !== undefined && now.joker !== undefined && was.joker !== now.joker;
    if (!was || jokerChanged || was.local_goals !== now.local_goals || was.visiting_goals !== now.visiting_goals) {
      const { joker, ...goals } = now;
      changes.push({ betId, ...goals, ...(jokerChanged && { joker }) });
    }
  }
  return changes;
}
