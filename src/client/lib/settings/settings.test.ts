import { setupStore } from '../../app/store';
import { api } from '../../api/api';
import { selectAllCompetitions, selectUnfinishedCompetitions } from '../../api/entities/competitionsSlice';
import { selectTeamsByName } from '../../api/entities/teamsSlice';
import { forgetEndedSession, rememberSession } from '../../features/account/rememberMe';
import { readToken, saveToken } from '../session/authDb';
import { OPTIONS_STORAGE_KEY, optionSet, selectShowOldLeagues, showOldLeaguesToggled } from './settingsSlice';

describe('local settings', () => {
  it('keeps showOldLeagues and screen options in the `options` object of localStorage', () => {
    const store = setupStore();
    expect(selectShowOldLeagues(store.getState())).toBe(false);
    store.dispatch(showOldLeaguesToggled());
    store.dispatch(optionSet({ key: 'compactTable', value: true }));
    expect(JSON.parse(localStorage.getItem(OPTIONS_STORAGE_KEY)!)).toEqual({ showOldLeagues: true, compactTable: true });
    // A new visit reads them back.
    const next = setupStore();
    expect(selectShowOldLeagues(next.getState())).toBe(true);
    expect(next.getState().settings.options).toEqual({ compactTable: true });
  });

  it('survives a corrupt options entry', () => {
    localStorage.setItem(OPTIONS_STORAGE_KEY, '{not json');
    expect(selectShowOldLeagues(setupStore().getState())).toBe(false);
  });
});

describe('reference entity slices', () => {
  it('normalise competitions and teams from the start-up reads, with memoised selectors', async () => {
    const store = setupStore();
    await store.dispatch(api.endpoints.competitionIndex.initiate());
    await store.dispatch(api.endpoints.teamsIndex.initiate());
    expect(selectAllCompetitions(store.getState()).map((competition) => competition.id)).toEqual([1, 2, 3]);
    const unfinished = selectUnfinishedCompetitions(store.getState());
    expect(unfinished.map((competition) => competition.name)).toEqual(['World Cup 2026', 'LaLiga 2025-26']);
    expect(selectUnfinishedCompetitions(store.getState())).toBe(unfinished);
    expect(selectTeamsByName(store.getState()).map((team) => team.team_name)).toEqual(['Argentina', 'Spain']);
  });
});

describe('remember me', () => {
  it('forgets the token of a session that was not to be remembered once the browser session ended', async () => {
    await saveToken('short-lived');
    rememberSession(false);
    await forgetEndedSession();
    expect(await readToken()).toBe('short-lived');
    sessionStorage.clear(); // the browser was closed
    await forgetEndedSession();
    expect(await readToken()).toBeNull();
  });

  it('keeps a remembered token', async () => {
    await saveToken('long-lived');
    rememberSession(true);
    sessionStorage.clear();
    await forgetEndedSession();
    expect(await readToken()).toBe('long-lived');
  });
});
