import '@testing-library/jest-dom';
import 'fake-indexeddb/auto';
import { configure } from '@testing-library/react';
import i18n, { loadLocale } from '../lib/i18n/i18n';
import { authDb } from '../lib/session/authDb';
import { resetFakeApi } from './handlers/fakeApi';
import { resetPush } from './handlers/push';
import { liveFeed } from './handlers/live';
import { resetLeagueWorld } from './handlers/leagueWorld';
import { resetRivalryWorld } from './handlers/rivalry';
import { resetBoardWorld } from './handlers/leagueBoard';
import { resetOverallWorld } from './handlers/overallRanking';
import { seedBets } from './handlers/resultBets';
import { server } from './server';

// Whole-app tests type into MUI forms in jsdom: slow on a shared 2-core machine, so generous waits.
configure({ asyncUtilTimeout: 4000 });
jest.setTimeout(30_000);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // The app loads each language's texts on demand; tests switch freely, so both are there from the start.
  await Promise.all([loadLocale('en'), loadLocale('es')]);
});

beforeEach(async () => {
  resetFakeApi();
  seedBets();
  resetLeagueWorld();
  resetRivalryWorld();
  resetBoardWorld();
  resetOverallWorld();
  resetPush();
  liveFeed.reset();
  // English first, then forget it: each test starts with no language chosen.
  await i18n.changeLanguage('en');
  localStorage.clear();
  sessionStorage.clear();
  await authDb.auth.clear();
});

afterEach(() => server.resetHandlers());

afterAll(() => server.close());
