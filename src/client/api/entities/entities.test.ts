import { waitFor } from '@testing-library/react';
import { setupStore } from '../../app/store';
import { fakeApi, PLAYER } from '../../testing/handlers/fakeApi';
import { signInAs } from '../../testing/renderWithProviders';
import { api } from '../api';
import { betEditUndone, betEdited } from '../bets/betEditsSlice';
import { matchesChanged } from '../live/liveSlice';
import { selectBetById, selectBetsByIds } from './betsSlice';
import { selectLeagueById, selectLeaguesByIds } from './leaguesSlice';

type Store = ReturnType<typeof setupStore>;
type BetListArgs = Parameters<typeof api.endpoints.resultBetsIndex.initiate>[0];

// Two screens showing the same bet: the bets screen (a matchday of the league) and the match's bets screen.
const BETS_SCREEN: BetListArgs = { params: { id: 5 }, query: { matchday: 1 } };
const MATCH_BETS_SCREEN: BetListArgs = { params: { id: 5 }, query: { match_id: 12 } };

/** A bet as a screen showing this list shows it: the list gives the ids, the bets entity the values. */
function shownBet(store: Store, list: BetListArgs, betId: number) {
  const ids = (api.endpoints.resultBetsIndex.select(list)(store.getState()).data ?? []).map((bet) => bet.id);
  return selectBetsByIds(store.getState(), ids).find((bet) => bet.id === betId);
}
const shownGoals = (store: Store, list: BetListArgs, betId: number) => {
  const bet = shownBet(store, list, betId);
  return bet && [bet.local_goals, bet.visiting_goals];
};

async function twoScreens(): Promise<Store> {
  await signInAs(PLAYER);
  const store = setupStore();
  await store.dispatch(api.endpoints.resultBetsIndex.initiate(BETS_SCREEN));
  await store.dispatch(api.endpoints.resultBetsIndex.initiate(MATCH_BETS_SCREEN));
  return store;
}

describe('the entity store', () => {
  it('shows a saved bet on every screen showing it at once, and the undone values after an undo', async () => {
    const store = await twoScreens();
    expect(shownGoals(store, BETS_SCREEN, 2)).toEqual([1, 1]);

    store.dispatch(betEdited({ betId: 2, mode: 0, local_goals: 3, visiting_goals: 0, previous: { local_goals: 1, visiting_goals: 1 } }));
    expect(shownGoals(store, BETS_SCREEN, 2)).toEqual([3, 0]);
    expect(shownGoals(store, MATCH_BETS_SCREEN, 2)).toEqual([3, 0]);
    await waitFor(() => expect(fakeApi.betSaves).toHaveLength(1));

    store.dispatch(betEditUndone());
    expect(shownGoals(store, BETS_SCREEN, 2)).toEqual([1, 1]);
    expect(shownGoals(store, MATCH_BETS_SCREEN, 2)).toEqual([1, 1]);
    await waitFor(() => expect(fakeApi.betSaves).toHaveLength(2));
    await waitFor(() => expect(shownGoals(store, MATCH_BETS_SCREEN, 2)).toEqual([1, 1]));
  });

  it('moves the match of every bet on it when the live stream sends its result', async () => {
    const store = await twoScreens();
    const match = selectBetById(store.getState(), 2)!.match;
    store.dispatch(matchesChanged({ leagueId: 5, matches: [{ ...match, status: 'finished', started: true, finished: true, local_goals: 2, visiting_goals: 0 }] }));
    for (const list of [BETS_SCREEN, MATCH_BETS_SCREEN]) {
      expect(shownBet(store, list, 2)!.match).toMatchObject({ finished: true, local_goals: 2, visiting_goals: 0 });
      expect(shownBet(store, list, 1)!.match).toMatchObject({ finished: false, local_goals: null });
    }
  });

  it('keeps one copy of a league: a saved change reaches it before any read again, a delete removes it', async () => {
    await signInAs(PLAYER);
    const store = setupStore();
    await store.dispatch(api.endpoints.leagueIndex.initiate({}));
    await store.dispatch(api.endpoints.leagueShow.initiate({ params: { id: 5 } }));
    expect(selectLeagueById(store.getState(), 5)?.name).toBe('Office pool');

    // The home list shows the ids of its answer, the values of the entity.
    const listed = () => selectLeaguesByIds(store.getState(),
      (api.endpoints.leagueIndex.select({})(store.getState()).data ?? []).map((league) => league.id));
    expect(listed().find((league) => league.id === 5)?.name).toBe('Office pool');

    await store.dispatch(api.endpoints.leagueUpdate.initiate({ params: { id: 5 }, body: { league: { name: 'Office pool 2027' } } }));
    expect(selectLeagueById(store.getState(), 5)?.name).toBe('Office pool 2027');
    expect(listed().find((league) => league.id === 5)?.name).toBe('Office pool 2027');

    await store.dispatch(api.endpoints.leagueDelete.initiate({ params: { id: 5 } }));
    expect(selectLeagueById(store.getState(), 5)).toBeUndefined();
    expect(listed().map((league) => league.id)).not.toContain(5);
  });
});
