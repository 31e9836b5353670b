import { nanoid, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import {
  ERROR_DURATION_MS, SUCCESS_DURATION_MS, notificationAdded, notificationRemoved, notificationStatusSet,
} from './notificationsSlice';

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

const durationFor = (status: string | null) => (status === 'ok' || status === 'success' ? SUCCESS_DURATION_MS : ERROR_DURATION_MS);

/** A toast: shown at once, removed after the success or error duration. */
export function showToast(dispatch: Dispatch, status: 'success' | 'error', message: string): void {
  const id = nanoid();
  dispatch(notificationAdded({ id, status, message }));
  setTimeout(() => dispatch(notificationRemoved(id)), durationFor(status));
}

/**
 * A tracked process: a spinner with `message` while it runs. When its work ends the entry leaves at once; a
 * success with a `doneMessage` ("Bet saved") says so for the success duration instead. A failure says why in
 * its own error toast, so its entry leaves at once too.
 */
export function startProcess(dispatch: Dispatch, id: string, message: string, doneMessage?: string): (status: 'ok' | 'error') => void {
  dispatch(notificationAdded({ id, status: null, message }));
  return (status) => {
    if (status === 'ok' && doneMessage) {
      dispatch(notificationAdded({ id, status, message: doneMessage }));
      setTimeout(() => dispatch(notificationRemoved(id)), SUCCESS_DURATION_MS);
      return;
    }
    dispatch(notificationStatusSet({ id, status }));
    dispatch(notificationRemoved(id));
  };
}
