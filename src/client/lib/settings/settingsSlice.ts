import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Local settings, kept in the browser as one `options` object. */
export const OPTIONS_STORAGE_KEY = 'options';

interface SettingsState {
  showOldLeagues: boolean;
  /** Free-form screen options (e.g. a table's compact mode); kept as they are. */
  options: Record<string, unknown>;
}

function loadSettings(): SettingsState {
  try {
    const stored = JSON.parse(localStorage.getItem(OPTIONS_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    const { showOldLeagues, ...options } = stored && typeof stored === 'object' ? stored : {};
    return { showOldLeagues: showOldLeagues === true, options };
  } catch {
    return { showOldLeagues: false, options: {} };
  }
}

export function saveSettings(state: SettingsState): void {
  try {
    localStorage.setItem(OPTIONS_STORAGE_KEY, JSON.stringify({ ...state.options, showOldLeagues: state.showOldLeagues }));
  } catch {
    // Storage full or disabled: the settings simply last for this visit.
  }
}

const settingsSlice = createSlice({
  name: 'settings',
  initialState: loadSettings,
  reducers: {
    showOldLeaguesToggled(state) {
      state.showOldLeagues = !state.showOldLeagues;
    },
    optionSet(state, action: PayloadAction<{ key: string; value: unknown }>) {
      state.options[action.payload.key] = action.payload.value;
    },
  },
  selectors: {
    selectShowOldLeagues: (state) => state.showOldLeagues,
    selectOptions: (state) => state.options,
  },
});

export const { showOldLeaguesToggled, optionSet } = settingsSlice.actions;
export const { selectShowOldLeagues, selectOptions } = settingsSlice.selectors;
export default settingsSlice;
