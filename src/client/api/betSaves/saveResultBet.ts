import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../api';
import { isOffline, rememberedPendingCount } from '../../lib/offline/offlineState';
import { loadOfflineQueue } from './loadOfflineQueue';
import { betEditRefused, type BetSave } from '../bets/betEditsSlice';
import { betGoalsSet, selectBetById } from '../entities/betsSlice';

type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;
/**
 * Puts a save in the offline queue (`onlyBehindOthers`: only when saves are already waiting); false when it was
 * not queued, also when the queue's code could not be loaded (its chunk never arrived before the connection went).
 */
async function queued(
  dispatch: Dispatch, getState: () => unknown, bet: BetSave,
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
 * Saves one bet optimistically: the bet entity takes the new values at once; the server's answer is the bet as
 * saved, which the entity takes (api/entities/betsSlice.ts) without reading any list again. If the server refuses
 * the save (a deadline passed meanwhile, a process running, an error), the entity gets its previous values back and
 * the edit leaves the history (betEditRefused), so the screen never shows a bet that does not exist. The alerts,
 * which count unfilled bets, reload after a save. Without a connection the save is queued and the new values stay.
 * A joker change (`joker` set) goes with the goals; the league's jokers left reload after it, and so do they after
 * clearing a bet that held a joker (the server releases it).
 */
export async function saveResultBet(dispatch: Dispatch, getState: () => unknown, bet: BetSave): Promise<boolean> {
  const goals = { local_goals: bet.local_goals, visiting_goals: bet.visiting_goals };
  const before = selectBetById(getState() as Parameters<typeof selectBetById>[0], bet.betId);
  const jokerMoves = bet.joker !== undefined || (!!before?.joker && bet.local_goals === null);
  dispatch(betGoalsSet({ betId: bet.betId, ...goals, ...(jokerMoves && { joker: bet.joker ?? false }) }));
  // Offline, or earlier saves still waiting (they go first): the save waits in IndexedDB.
  if ((isOffline() || rememberedPendingCount() > 0) && await queued(dispatch, getState, bet, { onlyBehindOthers: !isOffline(), sendNow: true })) {
    return true;
  }
  const result = await dispatch(api.endpoints.updateResultBet.initiate({
    body: { result_bet_id: bet.betId, ...goals, mode: bet.mode, ...(bet.joker !== undefined && { joker: bet.joker }) },
  })) as { error?: { status?: unknown; error?: unknown } };
  // The connection dropped without the browser noticing: keep the save for when it is back.
  if (result.error?.status === 'FETCH_ERROR' && !/abort/i.test(String(result.error.error))
    && await queued(dispatch, getState, bet, { onlyBehindOthers: false, sendNow: false })) {
    return true;
  }
  if (result.error) {
    if (before) {
      const kept = { local_goals: before.local_goals, visiting_goals: before.visiting_goals, joker: before.joker };
      dispatch(betGoalsSet({ betId: bet.betId, ...kept }));
      dispatch(betEditRefused({ betId: bet.betId, mode: bet.mode, refused: { ...goals, ...(bet.joker !== undefined && { joker: bet.joker }) }, kept }));
    }
    return false;
  }
  if (jokerMoves && before) dispatch(api.util.invalidateTags([{ type: 'League', id: before.league_id }]));
  // The alerts reload through the save's tags (a result bet write invalidates 'Alert').
  return true;
}
