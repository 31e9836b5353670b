import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { listenForBetEdits } from '../api/betSaves/betEditsListener';
import { rootReducer, type RootState } from '../api/store/rootReducer';
import settingsSlice, { saveSettings } from '../lib/settings/settingsSlice';
import { preloadOfflineSaving } from './preloadOfflineSaving';

/** A fresh store (tests build one per test). */
export function setupStore(preloadedState?: Partial<RootState>) {
  const listener = createListenerMiddleware();
  listenForBetEdits(listener, preloadOfflineSaving);
  listener.startListening({
    predicate: (action) => action.type.startsWith(`${settingsSlice.name}/`),
    effect: (_action, listenerApi) => saveSettings((listenerApi.getState() as RootState).settings),
  });
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ immutableCheck: { warnAfter: 200 }, serializableCheck: { warnAfter: 200, ignoredActionPaths: ['meta.baseQueryMeta'] } })
      .prepend(listener.middleware)
      .concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof setupStore>;
