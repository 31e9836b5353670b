import '@testing-library/jest-dom';
import 'fake-indexeddb/auto';
import { __unsafe_useEmotionCache as useEmotionCache, type EmotionCache } from '@emotion/react';
import { configure, renderHook } from '@testing-library/react';
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

// The style rules emotion has put in the document. jsdom matches every rule against an element whenever a role query
// asks whether it is visible, and emotion never takes a rule out: a file of many tests ended with 1,300 rules,
// its later tests several times slower than its first. Each test starts with none, and its own come back as it renders.
let emotionCache: EmotionCache;

beforeAll(async () => {
  const cache = renderHook(() => useEmotionCache()).result.current;
  if (!cache) throw new Error('emotion has no default cache in this document');
  emotionCache = cache;
  server.listen({ onUnhandledRequest: 'error' });
  // The app loads each language's texts on demand; tests switch freely, so both are there from the start.
  await Promise.all([loadLocale('en'), loadLocale('es')]);
});

beforeEach(async () => {
  emotionCache.sheet.flush();
  for (const name of Object.keys(emotionCache.inserted)) delete emotionCache.inserted[name];
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
