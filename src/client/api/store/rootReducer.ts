import { combineReducers } from '@reduxjs/toolkit';
import notificationsSlice from '../../lib/notifications/notificationsSlice';
import navigationSlice from '../../lib/navigation/navigationSlice';
import settingsSlice from '../../lib/settings/settingsSlice';
import { api } from '../api';
import { betEditsReducer } from '../bets/betEditsSlice';
import betsSlice from '../entities/betsSlice';
import competitionsSlice from '../entities/competitionsSlice';
import leaguesSlice from '../entities/leaguesSlice';
import teamsSlice from '../entities/teamsSlice';
import liveSlice from '../live/liveSlice';

/**
 * Every slice of the store. Features hold no state of their own: what a screen shows is read from the query cache,
 * the entity slices, or the client-side slices of lib (notifications, navigation, settings).
 */
export const rootReducer = combineReducers({
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
