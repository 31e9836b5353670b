import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { api } from '../../api/api';
import { selectBetById } from '../../api/entities/betsSlice';
import { setupStore } from '../../app/store';
import { saveToken } from '../../lib/session/token';
import { ADMIN, fakeApi, PLAYER } from '../../testing/handlers/fakeApi';
import { betStore } from '../../testing/handlers/resultBets';
import { fail, handle, ok, routePattern } from '../../testing/handlers/route';
import { renderWithProviders, signInAs } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { currentUserEndpoint } from '../../api/session';
import { betEditRedone, betEditUndone, betEdited } from '../../api/bets/betEditsSlice';
import { queueBetSave, sendPendingSaves } from '../../api/betSaves/offlineBetSaves';
import { OfflineSync } from './OfflineSync';
import { PENDING_NOTIFICATION_ID, rememberedPendingCount } from '../../lib/offline/offlineState';
import { offlineDb, putPendingSave } from '../../api/betSaves/pendingSavesDb';

const saves = () => fakeApi.betSaves.map(({ result_bet_id, local_goals, visiting_goals }) => [result_bet_id, local_goals, visiting_goals]);
const waiting = async () => (await offlineDb.betSaves.orderBy('seq').toArray()).map((save) => [save.betId, save.local_goals, save.visiting_goals]);
const messages = (store: ReturnType<typeof setupStore>) => store.getState().notifications.map((item) => item.message);

let online = true;
beforeEach(async () => {
  online = true;
  jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
  await offlineDb.betSaves.clear();
});
afterEach(() => jest.restoreAllMocks());

async function loadBets() {
  await signInAs(PLAYER);
  const store = setupStore();
  await store.dispatch(api.endpoints.resultBetsIndex.initiate({ params: { id: 5 } }));
  return store;
}

const edit = (betId: number, local: number | null, visiting: number | null, previous: [number | null, number | null]) =>
  betEdited({ betId, mode: 0, local_goals: local, visiting_goals: visiting, previous: { local_goals: previous[0], visiting_goals: previous[1] } });

/** The bet's goals as every bet screen shows them (the bets entity). */
const shownGoals = (store: ReturnType<typeof setupStore>, id: number) => {
  const bet = selectBetById(store.getState(), id);
  return bet && [bet.local_goals, bet.visiting_goals];
};

describe('bets saved without a connection', () => {
  it('keeps offline saves in IndexedDB, one per bet in first-edit order, shows them pending, and sends them in order when back online', async () => {
    const store = await loadBets();
    online = false;
    store.dispatch(edit(1, 2, 0, [null, null]));
    await waitFor(async () => expect(await waiting()).toEqual([[1, 2, 0]]));
    store.dispatch(edit(2, 3, 3, [1, 1]));
    store.dispatch(edit(1, 4, 0, [2, 0]));
    await waitFor(async () => expect(await waiting()).toEqual([[1, 4, 0], [2, 3, 3]]));
    expect(saves()).toEqual([]);
    expect(shownGoals(store, 1)).toEqual([4, 0]);
    await waitFor(() => expect(store.getState().notifications).toContainEqual(
      { id: PENDING_NOTIFICATION_ID, status: null, message: '2 bets saved on this device, waiting for the connection' }));

    online = true;
    await sendPendingSaves(store.dispatch, store.getState);
    expect(saves()).toEqual([[1, 4, 0], [2, 3, 3]]);
    expect(await waiting()).toEqual([]);
    expect(store.getState().notifications.some((item) => item.id === PENDING_NOTIFICATION_ID)).toBe(false);
    expect(messages(store).join('\n')).toMatch(/Sent 2 bets saved offline: .*4-0.*3-3/);
  });

  it('tells which waiting save the server refused and why (deadline passed meanwhile), sends the rest, and shows the server\'s values again', async () => {
    const store = await loadBets();
    online = false;
    store.dispatch(edit(1, 2, 0, [null, null]));
    store.dispatch(edit(2, 0, 1, [1, 1]));
    await waitFor(async () => expect(await waiting()).toHaveLength(2));
    server.use(handle('updateResultBet', ({ body }) => {
      if (body.result_bet_id === 2) return fail(400, 'The deadline for this bet has passed');
      fakeApi.betSaves.push(body);
      const saved = { ...betStore.bets.get(body.result_bet_id)!, local_goals: body.local_goals, visiting_goals: body.visiting_goals };
      betStore.bets.set(body.result_bet_id, saved);
      return ok(saved);
    }));
    online = true;
    await sendPendingSaves(store.dispatch, store.getState);
    expect(saves()).toEqual([[1, 2, 0]]);
    expect(await waiting()).toEqual([]);
    const report = messages(store).join('\n');
    expect(report).toMatch(/Sent the bet saved offline: .*2-0/);
    expect(report).toMatch(/0-1 not saved: The deadline for this bet has passed/);
    // The refused bet shows the server's values again.
    await waitFor(() => expect(shownGoals(store, 2)).toEqual([1, 1]));
    expect(store.getState().betEdits.history.present.bets).toEqual({});
  });

  it('undo and redo work on queued edits: the queue keeps the value the user ends with', async () => {
    const store = await loadBets();
    online = false;
    store.dispatch(edit(1, 2, 0, [null, null]));
    store.dispatch(edit(1, 3, 1, [2, 0]));
    await waitFor(async () => expect(await waiting()).toEqual([[1, 3, 1]]));
    store.dispatch(betEditUndone());
    await waitFor(async () => expect(await waiting()).toEqual([[1, 2, 0]]));
    store.dispatch(betEditUndone());
    await waitFor(async () => expect(await waiting()).toEqual([[1, null, null]]));
    store.dispatch(betEditRedone());
    await waitFor(async () => expect(await waiting()).toEqual([[1, 2, 0]]));
    expect(shownGoals(store, 1)).toEqual([2, 0]);
    online = true;
    await sendPendingSaves(store.dispatch, store.getState);
    expect(saves()).toEqual([[1, 2, 0]]);
  });

  it('queues a save whose request fails on the network, and later saves behind it, so they reach the server in order', async () => {
    const store = await loadBets();
    server.use(http.post(routePattern('updateResultBet'), () => HttpResponse.error()));
    store.dispatch(edit(1, 1, 0, [null, null]));
    await waitFor(async () => expect(await waiting()).toEqual([[1, 1, 0]]));
    expect(shownGoals(store, 1)).toEqual([1, 0]);
    server.resetHandlers();
    // Still waiting: the next save of another bet goes behind it and the queue is sent.
    store.dispatch(edit(2, 2, 2, [1, 1]));
    await waitFor(() => expect(saves()).toEqual([[1, 1, 0], [2, 2, 2]]));
    await waitFor(async () => expect(await waiting()).toEqual([]));
  });

  it('sends only the signed-in player\'s waiting saves: another player\'s wait for their own session', async () => {
    const store = await loadBets();
    await store.dispatch(currentUserEndpoint.initiate());
    online = false;
    store.dispatch(edit(1, 1, 2, [null, null]));
    await waitFor(async () => expect(await offlineDb.betSaves.toArray()).toEqual([expect.objectContaining({ betId: 1, userId: PLAYER.id })]));
    // Left by someone who signed out on this device before the connection came back.
    await putPendingSave({ betId: 2, mode: 0, local_goals: 0, visiting_goals: 0, userId: 99, label: 'x', queuedAt: 0 });
    online = true;
    await sendPendingSaves(store.dispatch, store.getState);
    expect(saves()).toEqual([[1, 1, 2]]);
    expect(await waiting()).toEqual([[2, 0, 0]]);
    await waitFor(() => expect(rememberedPendingCount()).toBe(1));
  });

  it('records the player named by the stored token when the session read has not answered, so another player\'s session never sends it', async () => {
    // A reload without a connection: the session read fails, the stored token (a JWT) still names its user.
    const payload = btoa(JSON.stringify({ sub: String(PLAYER.id), sid: 'session' })).replace(/=+$/, '');
    await saveToken(`eyJhbGciOiJIUzI1NiJ9.${payload}.signature`);
    online = false;
    await queueBetSave(setupStore().dispatch, () => setupStore().getState(), { betId: 1, mode: 0, local_goals: 3, visiting_goals: 0 });
    expect(await offlineDb.betSaves.toArray()).toEqual([expect.objectContaining({ betId: 1, userId: PLAYER.id })]);
    // Ana signed out; Root signs in on this device and is back online: Ana's save waits for her, unsent and untold.
    await signInAs(ADMIN);
    const store = setupStore();
    await store.dispatch(currentUserEndpoint.initiate());
    online = true;
    await sendPendingSaves(store.dispatch, store.getState);
    expect(saves()).toEqual([]);
    expect(await waiting()).toEqual([[1, 3, 0]]);
    expect(messages(store).join('\n')).not.toMatch(/3-0/);
  });

  it('sends the waiting saves when the browser reports the connection is back', async () => {
    const store = await loadBets();
    renderWithProviders(<OfflineSync />, { store });
    online = false;
    store.dispatch(edit(2, 5, 4, [1, 1]));
    await waitFor(async () => expect(await waiting()).toEqual([[2, 5, 4]]));
    online = true;
    act(() => { window.dispatchEvent(new Event('online')); });
    await waitFor(() => expect(saves()).toEqual([[2, 5, 4]]));
    await waitFor(async () => expect(await waiting()).toEqual([]));
  });
});
