import { waitFor } from '@testing-library/react';
import { setupStore } from '../../app/store';
import { api } from '../../api/api';
import { fakeApi, PLAYER } from '../../testing/handlers/fakeApi';
import { betStore } from '../../testing/handlers/resultBets';
import { signInAs } from '../../testing/renderWithProviders';
import { BET_HISTORY_LIMIT, betEditRedone, betEditUndone, betEdited, selectCanRedoBetEdit, selectCanUndoBetEdit } from '../../api/bets/betEditsSlice';
import { selectBetById } from '../../api/entities/betsSlice';

const saves = () => fakeApi.betSaves.map(({ result_bet_id, local_goals, visiting_goals }) => [result_bet_id, local_goals, visiting_goals]);

async function loadBets() {
  await signInAs(PLAYER);
  const store = setupStore();
  await store.dispatch(api.endpoints.resultBetsIndex.initiate({ params: { id: 5 } }));
  return store;
}

/** The bet's goals as every bet screen shows them (the bets entity). */
const shownGoals = (store: ReturnType<typeof setupStore>, id: number) => {
  const bet = selectBetById(store.getState(), id);
  return bet && [bet.local_goals, bet.visiting_goals];
};

describe('bet edits with undo and redo', () => {
  it('feeds the bets entity slice from the bet list', async () => {
    const store = await loadBets();
    expect(selectBetById(store.getState(), 2)).toMatchObject({ local_goals: 1, visiting_goals: 1, league_id: 5 });
  });

  it('saves each edit, and saves again the restored values on undo and redo', async () => {
    const store = await loadBets();
    store.dispatch(betEdited({ betId: 1, mode: 0, local_goals: 2, visiting_goals: 0, previous: { local_goals: null, visiting_goals: null } }));
    await waitFor(() => expect(saves()).toEqual([[1, 2, 0]]));
    store.dispatch(betEdited({ betId: 1, mode: 0, local_goals: 3, visiting_goals: 1, previous: { local_goals: 2, visiting_goals: 0 } }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(shownGoals(store, 1)).toEqual([3, 1]);

    store.dispatch(betEditUndone());
    await waitFor(() => expect(saves()).toHaveLength(3));
    expect(saves()[2]).toEqual([1, 2, 0]);
    store.dispatch(betEditUndone());
    await waitFor(() => expect(saves()).toHaveLength(4));
    // Undoing the first edit restores the server's values from before it.
    expect(saves()[3]).toEqual([1, null, null]);
    expect(selectCanUndoBetEdit(store.getState())).toBe(false);

    store.dispatch(betEditRedone());
    await waitFor(() => expect(saves()).toHaveLength(5));
    expect(saves()[4]).toEqual([1, 2, 0]);
    expect(selectCanRedoBetEdit(store.getState())).toBe(true);
    await waitFor(() => expect(shownGoals(store, 1)).toEqual([2, 0]));
  });

  it('shows the saved values at once and reloads the alerts after a save', async () => {
    const store = await loadBets();
    const alertsBefore = fakeApi.requests.filter((request) => request.includes('/alerts/index')).length;
    store.dispatch(api.endpoints.alertsIndex.initiate());
    await waitFor(() => expect(fakeApi.requests.filter((r) => r.includes('/alerts/index')).length).toBe(alertsBefore + 1));
    store.dispatch(betEdited({ betId: 2, mode: 0, local_goals: 4, visiting_goals: 4, previous: { local_goals: 1, visiting_goals: 1 } }));
    expect(shownGoals(store, 2)).toEqual([4, 4]);
    await waitFor(() => expect(fakeApi.requests.filter((r) => r.includes('/alerts/index')).length).toBe(alertsBefore + 2));
  });

  it('sets the previous values back when the save fails', async () => {
    const store = await loadBets();
    betStore.failSaves = true;
    store.dispatch(betEdited({ betId: 2, mode: 0, local_goals: 5, visiting_goals: 0, previous: { local_goals: 1, visiting_goals: 1 } }));
    expect(shownGoals(store, 2)).toEqual([5, 0]);
    await waitFor(() => expect(shownGoals(store, 2)).toEqual([1, 1]));
    await waitFor(() => expect(store.getState().notifications.map((item) => item.message)).toContain('The deadline for this bet has passed'));
    expect(saves()).toEqual([]);
  });

  it('takes the saved bet from the answer of its save, without reading the bet list again', async () => {
    const store = await loadBets();
    const listReads = () => fakeApi.requests.filter((r) => r.includes('/result_bets/index/')).length;
    const before = listReads();
    const updatedAt = selectBetById(store.getState(), 2)!.updated_at;
    store.dispatch(betEdited({ betId: 2, mode: 0, local_goals: 2, visiting_goals: 3, previous: { local_goals: 1, visiting_goals: 1 } }));
    await waitFor(() => expect(selectBetById(store.getState(), 2)!.updated_at).not.toBe(updatedAt));
    expect(shownGoals(store, 2)).toEqual([2, 3]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listReads()).toBe(before);
  });

  it('a refused save shows the bet the server holds, and its edit leaves the history: undo goes to the step before it', async () => {
    const store = await loadBets();
    store.dispatch(betEdited({ betId: 2, mode: 0, local_goals: 3, visiting_goals: 0, previous: { local_goals: 1, visiting_goals: 1 } }));
    await waitFor(() => expect(saves()).toEqual([[2, 3, 0]]));
    betStore.failSaves = true;
    store.dispatch(betEdited({ betId: 2, mode: 0, local_goals: 4, visiting_goals: 4, previous: { local_goals: 3, visiting_goals: 0 } }));
    expect(shownGoals(store, 2)).toEqual([4, 4]);
    await waitFor(() => expect(shownGoals(store, 2)).toEqual([3, 0]));
    // The history holds no trace of the refused 4-4: one undo saves the value before the first edit.
    expect(store.getState().betEdits.history.present.bets[2]).toMatchObject({ local_goals: 3, visiting_goals: 0 });
    betStore.failSaves = false;
    store.dispatch(betEditUndone());
    await waitFor(() => expect(saves()).toEqual([[2, 3, 0], [2, 1, 1]]));
    expect(shownGoals(store, 2)).toEqual([1, 1]);
    expect(selectCanUndoBetEdit(store.getState())).toBe(false);
    store.dispatch(betEditRedone());
    await waitFor(() => expect(saves()).toEqual([[2, 3, 0], [2, 1, 1], [2, 3, 0]]));
    expect(selectCanRedoBetEdit(store.getState())).toBe(false);
  });

  it('a refused save of an undo keeps the history on the values the server holds', async () => {
    const store = await loadBets();
    store.dispatch(betEdited({ betId: 2, mode: 0, local_goals: 3, visiting_goals: 0, previous: { local_goals: 1, visiting_goals: 1 } }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    betStore.failSaves = true;
    store.dispatch(betEditUndone());
    await waitFor(() => expect(shownGoals(store, 2)).toEqual([3, 0]));
    expect(store.getState().betEdits.history.present.bets[2]).toMatchObject({ local_goals: 3, visiting_goals: 0 });
    betStore.failSaves = false;
    // Redo has nothing to change (the server still holds 3-0): nothing is saved again.
    store.dispatch(betEditRedone());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saves()).toEqual([[2, 3, 0]]);
  });

  it(`keeps at most ${BET_HISTORY_LIMIT} edits of history`, async () => {
    const store = setupStore();
    for (let goals = 0; goals < BET_HISTORY_LIMIT + 10; goals += 1) {
      store.dispatch({ ...betEdited({ betId: 99, mode: 0, local_goals: goals % 10, visiting_goals: 0, previous: { local_goals: null, visiting_goals: null } }) });
    }
    expect(store.getState().betEdits.history.past.length).toBeLessThanOrEqual(BET_HISTORY_LIMIT);
  });
});
