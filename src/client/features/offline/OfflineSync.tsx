import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useSession } from '../../api/session';
import { loadOfflineQueue } from '../../api/betSaves/loadOfflineQueue';
import { isOffline, rememberedPendingCount } from '../../lib/offline/offlineState';

/**
 * Sends the bet saves kept offline when the connection comes back (the browser's `online` event) and once the
 * player's session is known at start-up when some are waiting; meanwhile the snackbar shows how many wait.
 * Renders nothing.
 */
export function OfflineSync() {
  const store = useStore();
  const { user, signedIn } = useSession();
  useEffect(() => {
    if (!signedIn) return undefined;
    const send = () => {
      if (isOffline()) return;
      void loadOfflineQueue().then((queue) => queue.sendPendingSaves(store.dispatch as never, store.getState));
    };
    if (rememberedPendingCount() > 0) {
      void loadOfflineQueue().then((queue) => queue.showPendingSaves(store.dispatch as never, store.getState));
      send();
    }
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [store, signedIn, user.id]);
  return null;
}
