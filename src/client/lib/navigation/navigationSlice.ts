import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A page the shell should move to because of an API answer (403 -> not allowed), consumed by the shell. */
const navigationSlice = createSlice({
  name: 'navigation',
  initialState: { redirect: null as string | null },
  reducers: {
    redirectRequested(state, action: PayloadAction<string>) {
      state.redirect = action.payload;
    },
    redirectDone(state) {
      state.redirect = null;
    },
  },
  selectors: { selectRedirect: (state) => state.redirect },
});

export const { redirectRequested, redirectDone } = navigationSlice.actions;
export const { selectRedirect } = navigationSlice.selectors;
export default navigationSlice;
