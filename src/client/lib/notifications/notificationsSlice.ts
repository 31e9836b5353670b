import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A snackbar entry: a running process (status null) or a finished one / a toast. */
export interface NotificationItem {
  id: string;
  /** null while pending; 'ok' / 'error' for processes; 'success' / 'error' for toasts; anything else shows a question icon. */
  status: string | null;
  message: string;
  /** The write call's process id, while it is a tracked process: a second call of it is refused while this one runs. */
  process?: string;
  /**
   * The i18n key (with a `count`) naming several such entries at once, e.g. "2 bets saved": a burst of saves shows as
   * one row. Without it the row adds the number of times in words.
   */
  counted?: string;
}

/** How long a finished entry stays on screen. */
export const SUCCESS_DURATION_MS = 3000;
export const ERROR_DURATION_MS = 5000;

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: [] as NotificationItem[],
  reducers: {
    notificationAdded(state, action: PayloadAction<NotificationItem>) {
      const index = state.findIndex((item) => item.id === action.payload.id);
      if (index >= 0) state[index] = action.payload;
      else state.push(action.payload);
    },
    /** A running entry reaches its outcome: its status, and the text saying how it ended when there is one. */
    notificationFinished(state, action: PayloadAction<{ id: string; status: string; message?: string; counted?: string }>) {
      const item = state.find((entry) => entry.id === action.payload.id);
      if (!item) return;
      item.status = action.payload.status;
      if (action.payload.message) item.message = action.payload.message;
      item.counted = action.payload.counted;
    },
    /** Removes a finished entry; a pending one (a new run of the same process) stays. */
    notificationRemoved(state, action: PayloadAction<string>) {
      return state.filter((item) => item.id !== action.payload || item.status === null);
    },
  },
  selectors: {
    selectNotifications: (state) => state,
    selectIsProcessRunning: (state, process: string) => state.some((item) => item.process === process && item.status === null),
  },
});

export const { notificationAdded, notificationFinished, notificationRemoved } = notificationsSlice.actions;
export const { selectNotifications, selectIsProcessRunning } = notificationsSlice.selectors;
export default notificationsSlice;
