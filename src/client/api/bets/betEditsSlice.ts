import { combineReducers, createAction, createSlice, type PayloadAction, type Reducer } from '@reduxjs/toolkit';
import undoable, { ActionCreators, includeAction, newHistory, type StateWithHistory } from 'redux-undo';
import type { BetGoals } from '../../lib/bets/betValues';

/** A bet as edited: both goals, and its joker when the editor knows it (a real bet's joker is undoable too). */
type EditedBet = BetGoals & { joker?: boolean };
/** The two goal values of a result bet; an edit always sets both. */
interface BetEdit extends EditedBet { betId: number; mode: number; previous: EditedBet }

export const BET_HISTORY_LIMIT = 50;

type EditedBets = { bets: Record<number, EditedBet & { mode: number }> };
type Originals = Record<number, EditedBet & { mode: number }>;

/**
 * The values the user has given each edited bet: the undoable part. It only records edits, for undo and redo to
 * know what to save again; what a screen shows of a bet is its entity (api/entities/betsSlice.ts), which every save
 * sets at once and the server's answer settles.
 */
const editsSlice = createSlice({
  name: 'betEdits',
  initialState: { bets: {} } as EditedBets,
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
  initialState: {} as Originals,
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

/**
 * The server refused the save of an edit (`refused`: the values it sent), and holds `kept` for the bet: the edit never
 * happened. When it is still the newest step of the history it leaves it, as though never made (undo then goes to
 * the step before it, redo has nothing of it); otherwise the history's present takes the server's values for the bet,
 * so no later undo or redo saves the refused values again.
 */
export const betEditRefused = createAction<{ betId: number; mode: number; refused: EditedBet; kept: EditedBet }>('betEdits/betEditRefused');

/** Forgets every edit and the history (after the server rewrote the bets), without saving anything. */
export const betHistoryCleared = () => [betEditsForgotten(), ActionCreators.clearHistory()] as const;
export const betEditUndone = ActionCreators.undo;
export const betEditRedone = ActionCreators.redo;

const sameBet = (a: EditedBet | undefined, b: EditedBet | undefined) =>
  a?.local_goals === b?.local_goals && a?.visiting_goals === b?.visiting_goals && a?.joker === b?.joker;

/** Whether two steps differ only in the bet `betId` (so the second is one edit of that bet). */
function onlyDiffersIn(before: EditedBets, after: EditedBets, betId: number): boolean {
  const ids = new Set([...Object.keys(before.bets), ...Object.keys(after.bets)].map(Number));
  return [...ids].every((id) => id === betId || sameBet(before.bets[id], after.bets[id]));
}

/** Whether the history holds `stored` for a bet as the refused save sent it (its joker only when the save sent one). */
const holdsRefused = (stored: EditedBet | undefined, refused: EditedBet) => stored !== undefined
  && stored.local_goals === refused.local_goals && stored.visiting_goals === refused.visiting_goals
  && (refused.joker === undefined || stored.joker === refused.joker);

/** The history once a save of `betId` was refused (betEditRefused). */
function withoutRefused(history: StateWithHistory<EditedBets>, originals: Originals, refusal: ReturnType<typeof betEditRefused>['payload']) {
  const { betId, mode, refused, kept } = refusal;
  const { past, present, future } = history;
  if (!holdsRefused(present.bets[betId] ?? originals[betId], refused)) return history;
  const last = past[past.length - 1];
  if (last && future.length === 0 && present.bets[betId] && onlyDiffersIn(last, present, betId)) return newHistory(past.slice(0, -1), last, []);
  return newHistory(past, { bets: { ...present.bets, [betId]: { ...kept, mode } } }, future);
}

const edits = combineReducers({
  history: undoable(editsSlice.reducer, { filter: includeAction(betEdited.type), limit: BET_HISTORY_LIMIT }),
  originals: originalsSlice.reducer,
});

export const betEditsReducer: Reducer<ReturnType<typeof edits>> = (state, action) => (state && betEditRefused.match(action)
  ? { ...state, history: withoutRefused(state.history, state.originals, action.payload) }
  : edits(state, action));
export type BetEditsState = ReturnType<typeof betEditsReducer>;

type State = { betEdits: BetEditsState };
export const selectCanUndoBetEdit = (state: State) => state.betEdits.history.past.length > 0;
export const selectCanRedoBetEdit = (state: State) => state.betEdits.history.future.length > 0;

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
