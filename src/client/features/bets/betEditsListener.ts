import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { ActionTypes } from 'redux-undo';
import { endpointAt } from '../../api/api';
import { loadOfflineQueue } from '../offline/offlineState';
import { betEdited, changedBets, type BetEditsState } from './betEditsSlice';
import { saveResultBet } from './saveResultBet';

/**
 * Once a bet list has arrived (the player is looking at bets), the code a save needs without a connection is
 * fetched in the background: the offline queue (with Dexie) and the snackbar that shows the waiting saves. A
 * connection lost afterwards could not bring them any more (issue 14 §3).
 */
function preloadOfflineSaving(): void {
  void loadOfflineQueue().catch(() => undefined);
  void import(/* webpackChunkName: "snackbar" */ '../shell/ProcessSnackbar').catch(() => undefined);
}

/** After every edit, undo and redo, saves the bets whose values changed (spec 4: undo saves again). */
export function listenForBetEdits(listener: ListenerMiddlewareInstance): void {
  let preloaded = false;
  listener.startListening({
    matcher: endpointAt('GET', '/result_bets/index/:id').matchFulfilled,
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
