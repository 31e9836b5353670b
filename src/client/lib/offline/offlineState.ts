/**
 * What the first page needs to know about saves waiting offline without loading Dexie: the number waiting,
 * mirrored in localStorage, and whether the browser says it is offline.
 */
const PENDING_KEY = 'porra.pendingBetSaves';

export const PENDING_NOTIFICATION_ID = 'offline-bet-saves';

export function rememberPendingCount(count: number): void {
  try {
    if (count > 0) localStorage.setItem(PENDING_KEY, String(count));
    else localStorage.removeItem(PENDING_KEY);
  } catch {
    // Storage disabled: the queue is still checked when the connection comes back.
  }
}

export function rememberedPendingCount(): number {
  try {
    return Number(localStorage.getItem(PENDING_KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}

/** The browser knows it has no network (navigator.onLine false); a flaky link shows up as failed calls instead. */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;
