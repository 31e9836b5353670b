import { loadOfflineQueue } from '../api/betSaves/loadOfflineQueue';

/**
 * Fetches in the background the code a save needs without a connection: the offline queue (with Dexie) and the
 * snackbar that shows the waiting saves. A connection lost afterwards could not bring them any more.
 */
export function preloadOfflineSaving(): void {
  void loadOfflineQueue().catch(() => undefined);
  void import(/* webpackChunkName: "snackbar" */ './shell/ProcessSnackbar').catch(() => undefined);
}
