import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { ActionTypes } from 'redux-undo';
import { api } from '../api';
import { betEdited, changedBets, type BetEditsState } from '../bets/betEditsSlice';
import { saveResultBet } from './saveResultBet';

/**
 * After every edit, undo and redo, saves the bets whose values changed (an undo saves again). The first bet list
 * to arrive calls `preloadOfflineSaving` once: the player is looking at bets, so the code a save needs without a
 * connection is fetched while there still is one.
 */
export function listenForBetEdits(listener: ListenerMiddlewareInstance, preloadOfflineSaving: () => void): void {
  let preloaded = false;
  listener.startListening({
    matcher: api.endpoints.resultBetsIndex.matchFulfilled,
    effect: () => {
      if (preloaded) return;
      preloaded = true;
      preloadOfflineSaving();
    },
  });
  listener.startListening({
    predicate: (action) => betEdited.match(action) || action.type === ActionTypes.UNDO || action.type === ActionTypes.REDO,
    effect: async (_action, listenerApi) => {
      const before = (listenerApi.getOriginalState() as { betEdits: BetEditsState }).betEdits;
      const after = (listenerApi.getState() as { betEdits: BetEditsState }).betEdits;
      await Promise.all(changedBets(before, after).map((bet) => saveResultBet(listenerApi.dispatch, listenerApi.getState, bet)));
    },
  });
}
