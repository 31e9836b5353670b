import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A snackbar entry: a running process (status null) or a finished one / a toast. */
export interface NotificationItem {
  id: string;
  /** null while pending; 'ok' / 'error' for processes; 'success' / 'error' for toasts; anything else shows a question icon. */
  status: string | null;
  message: string;
}

/** How long a finished entry stays on screen. */
export const SUCCESS_DURATION_MS = 2500;
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
    notificationStatusSet(state, action: PayloadAction<{ id: string; status: string }>) {
      const item = state.find((entry) => entry.id === action.payload.id);
      if (item) item.status = action.payload.status;
    },
    /** Removes a finished entry; a pending one (a new run of the same process) stays. */
    notificationRemoved(state, action: PayloadAction<string>) {
      return state.filter((item) => item.id !== action.payload || item.status === null);
    },
  },
  selectors: {
    selectNotifications: (state) => state,
    selectIsProcessRunning: (state, id: string) => state.some((item) => item.id === id && item.status === null),
  },
});

export const { notificationAdded, notificationStatusSet, notificationRemoved } = notificationsSlice.actions;
export const { selectNotifications, selectIsProcessRunning } = notificationsSlice.selectors;
export default notificationsSlice;
