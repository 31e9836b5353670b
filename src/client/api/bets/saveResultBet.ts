import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api, endpointAt, routeNameAt } from '../api';
import { isOffline, rememberedPendingCount } from '../../lib/offline/offlineState';
import { loadOfflineQueue } from '../offline/loadOfflineQueue';
import type { BetGoals } from '../../lib/bets/betValues';

type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;
type ApiState = { api: ReturnType<typeof api.reducer> };

/** Sets a bet's goals wherever a cached bet list holds it: rows at the top level or in any array field. */
function setGoals(draft: unknown, betId: number, goals: BetGoals): void {
  const lists = Array.isArray(draft) ? [draft]
    : draft && typeof draft === 'object' ? Object.values(draft as Record<string, unknown>).filter(Array.isArray) : [];
  for (const list of lists) {
    for (const row of list as Array<Record<string, unknown>>) {
      if (row && row.id === betId) Object.assign(row, goals);
    }
  }
}

/**
 * Puts a save in the offline queue (`onlyBehindOthers`: only when saves are already waiting); false when it was
 * not queued, also when the queue's code could not be loaded (its chunk never arrived before the connection went).
 */
async function queued(
  dispatch: Dispatch, getState: () => unknown, bet: BetGoals & { betId: number; mode: number },
  { onlyBehindOthers, sendNow }: { onlyBehindOthers: boolean; sendNow: boolean },
): Promise<boolean> {
  try {
    const queue = await loadOfflineQueue();
    if (onlyBehindOthers && !(await queue.hasPendingSaves(getState))) return false;
    await queue.queueBetSave(dispatch, getState, bet);
    if (sendNow && !isOffline()) void queue.sendPendingSaves(dispatch, getState);
    return true;
  } catch {
    return false;
  }
}

/**
 * Saves one bet optimistically (STYLE: the cached bet lists are patched at once and the patch is undone if the
 * save fails); the alerts, which count unfilled bets, reload after it. Without a connection the save is queued
 * and the patch stays (features/offline).
 */
export async function saveResultBet(
  dispatch: Dispatch, getState: () => unknown, bet: BetGoals & { betId: number; mode: number },
): Promise<boolean> {
  const goals = { local_goals: bet.local_goals, visiting_goals: bet.visiting_goals };
  const indexName = routeNameAt('GET', '/result_bets/index/:id');
  const patches: Array<{ undo: () => void }> = [];
  if (indexName) {
    const queries = (getState() as ApiState).api.queries;
    for (const entry of Object.values(queries)) {
      if (entry?.endpointName !== indexName || entry.data === undefined) continue;
      patches.push(dispatch(api.util.updateQueryData(indexName as never, entry.originalArgs as never, (draft: unknown) => setGoals(draft, bet.betId, goals))));
    }
  }
  // Offline, or earlier saves still waiting (they go first): the save waits in IndexedDB (issue 14 §3).
  if ((isOffline() || rememberedPendingCount() > 0) && await queued(dispatch, getState, bet, { onlyBehindOthers: !isOffline(), sendNow: true })) {
    return true;
  }
  const result = await dispatch(endpointAt('POST', '/result_bets/update_result_bet').initiate({
    body: { result_bet_id: bet.betId, ...goals, mode: bet.mode },
  })) as { error?: { status?: unknown; error?: unknown } };
  // The connection dropped without the browser noticing: keep the save for when it is back.
  if (result.error?.status === 'FETCH_ERROR' && !/abort/i.test(String(result.error.error))
    && await queued(dispatch, getState, bet, { onlyBehindOthers: false, sendNow: false })) {
    return true;
  }
  if (result.error) {
    patches.forEach((patch) => patch.undo());
    return false;
  }
  // The alerts reload through the save's tags (a result bet write invalidates 'Alert').
  return true;
}
