import { nanoid, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import {
  ERROR_DURATION_MS, SUCCESS_DURATION_MS, notificationAdded, notificationFinished, notificationRemoved,
} from './notificationsSlice';

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

const durationFor = (status: string | null) => (status === 'ok' || status === 'success' ? SUCCESS_DURATION_MS : ERROR_DURATION_MS);

/** A toast: shown at once, removed after the success or error duration. */
export function showToast(dispatch: Dispatch, status: 'success' | 'error', message: string): void {
  const id = nanoid();
  dispatch(notificationAdded({ id, status, message }));
  setTimeout(() => dispatch(notificationRemoved(id)), durationFor(status));
}

/** The snackbar entry of a running write call. */
export interface ProcessEntry {
  /** The response arrived: ok or error, with the text saying how it ended (kept: the running text), then it leaves. */
  finish(status: 'ok' | 'error', message?: string, counted?: string): void;
  /** The call was cancelled: the entry leaves at once, silently. */
  cancel(): void;
}

/**
 * A tracked write call: a spinner with `message` while it runs; once its response arrives, its outcome (a success or
 * an error icon and text) for the success or error duration. Each call has its own entry, so a finished entry's
 * timer never removes a later run of the same process. `counted`: the i18n key naming several runs at once (running
 * and, given to finish, ended).
 */
export function startProcess(dispatch: Dispatch, process: string, message: string, counted?: string): ProcessEntry {
  const id = nanoid();
  dispatch(notificationAdded({ id, process, status: null, message, ...(counted ? { counted } : {}) }));
  return {
    finish(status, outcome, countedOutcome) {
      dispatch(notificationFinished({ id, status, message: outcome, counted: countedOutcome }));
      setTimeout(() => dispatch(notificationRemoved(id)), durationFor(status));
    },
    cancel() {
      dispatch(notificationFinished({ id, status: 'error' }));
      dispatch(notificationRemoved(id));
    },
  };
}
