import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { isOffline, loadOfflineQueue, rememberedPendingCount } from './offlineState';

/**
 * Sends the bet saves kept offline when the connection comes back (the browser's `online` event) and at start-up
 * when some are waiting; meanwhile the snackbar shows how many wait. Renders nothing.
 */
export function OfflineSync() {
  const store = useStore();
  useEffect(() => {
    const send = () => {
      if (isOffline()) return;
      void loadOfflineQueue().then((queue) => queue.sendPendingSaves(store.dispatch as never));
    };
    if (rememberedPendingCount() > 0) {
      void loadOfflineQueue().then((queue) => queue.showPendingSaves(store.dispatch as never));
      send();
    }
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [store]);
  return null;
}
