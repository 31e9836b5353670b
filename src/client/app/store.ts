import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { api } from '../api/api';
import betsSlice from '../features/bets/betsSlice';
import { betEditsReducer } from '../features/bets/betEditsSlice';
import { listenForBetEdits } from '../features/bets/betEditsListener';
import leaguesSlice from '../features/leagues/leaguesSlice';
import notificationsSlice from '../features/notifications/notificationsSlice';
import competitionsSlice from '../features/reference/competitionsSlice';
import teamsSlice from '../features/reference/teamsSlice';
import settingsSlice, { saveSettings } from '../features/settings/settingsSlice';
import navigationSlice from '../features/shell/navigationSlice';
import liveSlice from '../features/live/liveSlice';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  notifications: notificationsSlice.reducer,
  navigation: navigationSlice.reducer,
  settings: settingsSlice.reducer,
  competitions: competitionsSlice.reducer,
  teams: teamsSlice.reducer,
  leagues: leaguesSlice.reducer,
  bets: betsSlice.reducer,
  betEdits: betEditsReducer,
  live: liveSlice.reducer,
});
export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store (tests build one per test). */
export function setupStore(preloadedState?: Partial<RootState>) {
  const listener = createListenerMiddleware();
  listenForBetEdits(listener);
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
export type AppDispatch = AppStore['dispatch'];
