import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../api';
import { errorMessage } from '../baseQuery';
import i18n, { toLocale } from '../../lib/i18n/i18n';
import { localPlaceholder } from '../../../shared/domain/matchNames';
import { readToken, tokenSubject } from '../../lib/session/token';
import { currentUserEndpoint } from '../session';
import type { BetGoals } from '../../lib/bets/betValues';
import { betHistoryCleared } from '../bets/betEditsSlice';
import { selectBetById } from '../entities/betsSlice';
import { selectTeamById } from '../entities/teamsSlice';
import type { RootState } from '../store/rootReducer';
import { notificationAdded, notificationFinished, notificationRemoved } from '../../lib/notifications/notificationsSlice';
import { countPendingSaves, countPendingSavesOf, firstPendingSave, putPendingSave, removePendingSave, type PendingBetSave } from './pendingSavesDb';
import { PENDING_NOTIFICATION_ID, isOffline, rememberPendingCount } from '../../lib/offline/offlineState';

type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;
type GetState = () => unknown;

const SUMMARY_DURATION_MS = 8000;

/** The snackbar entry of the saves waiting (pending spinner), or none. */
function showPending(dispatch: Dispatch, count: number): void {
  // The start-up hint counts every player's waiting saves (another player's wait for their next session).
  void countPendingSaves().then(rememberPendingCount, () => undefined);
  if (count > 0) dispatch(notificationAdded({ id: PENDING_NOTIFICATION_ID, status: null, message: i18n.t('offline.pending', { count }) }));
  else {
    // A pending entry is only removed once finished (notificationsSlice).
    dispatch(notificationFinished({ id: PENDING_NOTIFICATION_ID, status: 'ok' }));
    dispatch(notificationRemoved(PENDING_NOTIFICATION_ID));
  }
}

/** "Spain - Germany" from the bet and the teams the client has read, or the bet number when it has not read them. */
function betLabel(getState: GetState, betId: number): string {
  const state = getState() as RootState;
  const bet = selectBetById(state, betId);
  if (!bet) return i18n.t('offline.bet_n', { id: betId });
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const name = (teamId: number | null, placeholder: string | null) => (teamId ? selectTeamById(state, teamId)?.team_name : null)
    ?? (placeholder ? localPlaceholder(placeholder, locale) : '?');
  return `${name(bet.match.local_team_id, bet.match.local_placeholder)} - ${name(bet.match.visiting_team_id, bet.match.visiting_placeholder)}`;
}

/**
 * The signed-in player: as the session read knows them, else as the stored token names them (the session read has
 * not answered, for example after a reload without a connection). Null for a visitor. Saves are recorded under it,
 * so on a shared device the next player's session never sends (nor is told about) them.
 */
async function currentUserId(getState: GetState): Promise<number | null> {
  const id = currentUserEndpoint.select()(getState() as RootState).data?.id;
  return typeof id === 'number' && id > 0 ? id : tokenSubject(await readToken());
}

const goalsText = (save: BetGoals) => `${save.local_goals ?? '-'}-${save.visiting_goals ?? '-'}`;

/** Keeps a save for later; the cached lists keep the new values meanwhile. */
export async function queueBetSave(dispatch: Dispatch, getState: GetState, bet: BetGoals & { betId: number; mode: number }): Promise<void> {
  const count = await putPendingSave({
    betId: bet.betId, mode: bet.mode, local_goals: bet.local_goals, visiting_goals: bet.visiting_goals,
    userId: await currentUserId(getState), label: betLabel(getState, bet.betId), queuedAt: Date.now(),
  });
  showPending(dispatch, count);
}

/** Whether saves are waiting: new saves then queue behind them, so a bet's values reach the server in order. */
export const hasPendingSaves = async (getState: GetState): Promise<boolean> => (await countPendingSavesOf(await currentUserId(getState))) > 0;

const isNetworkFailure = (error: FetchBaseQueryError | undefined) =>
  !!error && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR' || (typeof error.status === 'number' && error.status >= 500));

let running: Promise<void> | null = null;

/**
 * Sends the waiting saves one at a time, oldest first. A refused save (4xx: the deadline passed meanwhile, the bet
 * is gone) is dropped and reported with the server's message; a network failure or a server error stops the run
 * and keeps the rest for the next time the connection comes back. One run at a time per page.
 */
export function sendPendingSaves(dispatch: Dispatch, getState: GetState): Promise<void> {
  running ??= currentUserId(getState).then((userId) => runQueue(dispatch, userId)).finally(() => { running = null; });
  return running;
}

async function runQueue(dispatch: Dispatch, userId: number | null): Promise<void> {
  const sent: PendingBetSave[] = [];
  const refused: Array<{ save: PendingBetSave; message: string }> = [];
  let left = await countPendingSavesOf(userId);
  while (left > 0 && !isOffline()) {
    const save = await firstPendingSave(userId);
    if (!save) break;
    const result = await dispatch(api.endpoints.updateResultBet.initiate({
      body: { result_bet_id: save.betId, local_goals: save.local_goals, visiting_goals: save.visiting_goals, mode: save.mode },
    })) as { error?: FetchBaseQueryError };
    if (isNetworkFailure(result.error)) break;
    if (result.error) refused.push({ save, message: errorMessage(result.error) });
    else sent.push(save);
    await removePendingSave(save);
    left = await countPendingSavesOf(userId);
  }
  showPending(dispatch, left);
  if (refused.length) {
    // The server kept its values: show them again (the edit history held the refused ones).
    for (const action of betHistoryCleared()) dispatch(action);
    dispatch(api.util.invalidateTags(['ResultBet']));
  }
  report(dispatch, sent, refused);
}

/** One snackbar entry saying what went out and what was refused, with the server's reason for each. */
function report(dispatch: Dispatch, sent: PendingBetSave[], refused: Array<{ save: PendingBetSave; message: string }>): void {
  if (!sent.length && !refused.length) return;
  const lines: string[] = [];
  if (sent.length) lines.push(i18n.t('offline.sent', { count: sent.length, bets: sent.map((save) => `${save.label} ${goalsText(save)}`).join(', ') }));
  for (const { save, message } of refused) lines.push(i18n.t('offline.refused', { bet: `${save.label} ${goalsText(save)}`, message }));
  const id = `offline-report-${Date.now()}`;
  dispatch(notificationAdded({ id, status: refused.length ? 'error' : 'ok', message: lines.join(' · ') }));
  setTimeout(() => dispatch(notificationRemoved(id)), SUMMARY_DURATION_MS);
}

/** Shows the waiting saves' entry at start-up (the page was reloaded while offline). */
export async function showPendingSaves(dispatch: Dispatch, getState: GetState): Promise<void> {
  showPending(dispatch, await countPendingSavesOf(await currentUserId(getState)));
}
