import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { ActionTypes } from 'redux-undo';
import { betEdited, changedBets, type BetEditsState } from './betEditsSlice';
import { saveResultBet } from './saveResultBet';

/** After every edit, undo and redo, saves the bets whose values changed (spec 4: undo saves again). */
export function listenForBetEdits(listener: ListenerMiddlewareInstance): void {
  listener.startListening({
    predicate: (action) => betEdited.match(action) || action.type === ActionTypes.UNDO || action.type === ActionTypes.REDO,
    effect: async (_action, listenerApi) => {
      const before = (listenerApi.getOriginalState() as { betEdits: BetEditsState }).betEdits;
      const after = (listenerApi.getState() as { betEdits: BetEditsState }).betEdits;
      await Promise.all(changedBets(before, after).map((bet) => saveResultBet(listenerApi.dispatch, listenerApi.getState, bet)));
    },
  });
}
