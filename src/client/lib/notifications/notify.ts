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

/** A tracked process: pending now, finished later with 'ok' or 'error', then removed after the matching duration. */
export function startProcess(dispatch: Dispatch, id: string, message: string): (status: 'ok' | 'error') => void {
  dispatch(notificationAdded({ id, status: null, message }));
  return (status) => {
    dispatch(notificationStatusSet({ id, status }));
    setTimeout(() => dispatch(notificationRemoved(id)), durationFor(status));
  };
}
