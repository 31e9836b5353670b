import { waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import i18n from '../lib/i18n/i18n';
import { setupStore } from '../app/store';
import { readToken, saveToken } from '../lib/session/authDb';
import { fakeApi, issueToken, PLAYER } from '../testing/handlers/fakeApi';
import { fail, handle, ok, routePattern } from '../testing/handlers/route';
import { server } from '../testing/server';
import { api } from './api';
import { resultBet } from '../testing/handlers/resultBets';

const messages = (store: ReturnType<typeof setupStore>) => store.getState().notifications.map((item) => [item.status, item.message]);

describe('the base query', () => {
  describe('URLs and locale', () => {
    it('prefixes calls with the current language and leaves raw calls unprefixed', async () => {
      const store = setupStore();
      await i18n.changeLanguage('es');
      await store.dispatch(api.endpoints.currentUser.initiate());
      await store.dispatch(api.endpoints.signIn.initiate({ body: { api_v1_user: { email: PLAYER.email, password: PLAYER.password } } }));
      expect(fakeApi.requests).toContain('GET /api/v1/es/users/index');
      expect(fakeApi.tokens.size).toBe(1);
      // The sign-in refetches the current user: let it finish here, not in the next test's handlers.
      await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
    });
  });

  describe('the bearer token', () => {
    it('is sent when stored, and not when the stored value is the string "null"', async () => {
      const seen: (string | null)[] = [];
      server.use(handle('currentUser', ({ token }) => { seen.push(token); return ok({ id: -1, name: null, is_admin: false }); }));
      await saveToken('null');
      await setupStore().dispatch(api.endpoints.currentUser.initiate());
      await saveToken('abc');
      await setupStore().dispatch(api.endpoints.currentUser.initiate());
      expect(seen).toEqual([null, 'abc']);
    });

    it('is stored after sign-in and sign-up, never sent with them, and deleted on sign-out', async () => {
      await saveToken('stale');
      const store = setupStore();
      const signedIn = await store.dispatch(api.endpoints.signIn.initiate({ body: { api_v1_user: { email: PLAYER.email, password: PLAYER.password } } }));
      expect(signedIn.error).toBeUndefined();
      expect(await readToken()).toBe(signedIn.data!.token);
      const signedUp = await store.dispatch(api.endpoints.signUp.initiate({ body: { api_v1_user: { name: 'Bea', email: 'bea@example.com', password: 'password1' } } }));
      expect(await readToken()).toBe(signedUp.data!.token);
      await store.dispatch(api.endpoints.signOut.initiate({}));
      expect(await readToken()).toBeNull();
    });

    it('is stored after a password reset, which goes without the old token', async () => {
      await saveToken(issueToken(PLAYER.id));
      const result = await setupStore().dispatch(api.endpoints.resetPassword.initiate({
        body: { api_v1_user: { password: 'newpassword', password_confirmation: 'newpassword', reset_password_token: 'good-token' } },
      }));
      expect(await readToken()).toBe(result.data!.token);
    });

    it('is forgotten when the server reads it as a visitor (revoked or expired)', async () => {
      await saveToken('revoked-elsewhere');
      await setupStore().dispatch(api.endpoints.currentUser.initiate());
      expect(await readToken()).toBeNull();
    });

    it('is deleted on sign-out even when the server refuses it', async () => {
      await saveToken('revoked');
      await setupStore().dispatch(api.endpoints.signOut.initiate({}));
      expect(await readToken()).toBeNull();
    });
  });

  describe('the error catalogue', () => {
    it.each([
      [401, 'No se puede acceder a la API', 'es'],
      [400, 'La petición está mal construida', 'es'],
      [500, 'Se ha producido un error', 'es'],
      [404, 'Se ha producido un error', 'es'],
      [401, 'The API cannot be reached', 'en'],
      [400, 'The request is badly formed', 'en'],
      [503, 'An error has occurred', 'en'],
    ])('shows %s without a server text as "%s" (%s) and logs it', async (status, text, lng) => {
      await i18n.changeLanguage(lng);
      server.use(handle('competitionIndex', () => fail(status)));
      const store = setupStore();
      await store.dispatch(api.endpoints.competitionIndex.initiate());
      expect(messages(store)).toEqual([['error', text]]);
      await waitFor(() => expect(fakeApi.logs).toHaveLength(1));
      expect(fakeApi.logs[0]).toMatchObject({ status, data: {}, message: text, code: status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST' });
      expect((fakeApi.logs[0] as { headers: Record<string, string> }).headers['content-type']).toContain('application/json');
    });

    it("prefers the server's error text, then its per-field errors", async () => {
      server.use(handle('competitionIndex', () => fail(403, 'You do not have permission to do that')));
      const store = setupStore();
      await store.dispatch(api.endpoints.competitionIndex.initiate());
      server.use(handle('contact', () => fail(400, undefined, { email: ['is invalid'], message: ["can't be blank"] })));
      await store.dispatch(api.endpoints.contact.initiate({ body: { name: 'A', email: 'x', message: '' } }));
      const toasts = store.getState().notifications.filter((item) => item.status === 'error').map((item) => item.message);
      expect(toasts).toEqual(['You do not have permission to do that', "is invalid, can't be blank"]);
    });

    it('sends a 403 on a read to the not-allowed page', async () => {
      server.use(handle('competitionIndex', () => fail(403, 'You do not have permission to do that')));
      const store = setupStore();
      await store.dispatch(api.endpoints.competitionIndex.initiate());
      expect(store.getState().navigation.redirect).toBe('/not_allowed');
    });

    it('logs a network failure too', async () => {
      server.use(http.get(routePattern('competitionIndex'), () => HttpResponse.error()));
      const store = setupStore();
      await store.dispatch(api.endpoints.competitionIndex.initiate());
      expect(messages(store)).toEqual([['error', 'An error has occurred']]);
      await waitFor(() => expect(fakeApi.logs).toEqual([expect.objectContaining({ code: 'ERR_NETWORK' })]));
    });

    it('ignores an aborted request: no toast, no log', async () => {
      server.use(handle('competitionIndex', async () => { await delay(200); return ok([]); }));
      const store = setupStore();
      const request = store.dispatch(api.endpoints.competitionIndex.initiate());
      request.abort();
      await request;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(store.getState().notifications).toEqual([]);
      expect(fakeApi.logs).toEqual([]);
    });
  });

  describe('process tracking of write calls', () => {
    afterEach(() => jest.useRealTimers());

    const fakeTimers = () => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    /** Keeps a handler's answer until the test lets it go. */
    const gated = () => {
      let release = () => {};
      const gate = new Promise<void>((resolve) => { release = resolve; });
      return { gate, release };
    };

    it('shows a spinner entry while a bet saves, then "Bet saved" with its success icon for 3000 ms', async () => {
      const { gate, release } = gated();
      server.use(handle('updateResultBet', async () => { await gate; return ok(resultBet(1, { local_goals: 1, visiting_goals: 0 })); }));
      fakeTimers();
      const store = setupStore();
      const call = store.dispatch(api.endpoints.updateResultBet.initiate({ body: { result_bet_id: 1, local_goals: 1, visiting_goals: 0 } }));
      await waitFor(() => expect(messages(store)).toEqual([[null, 'Saving the bet']]));
      release();
      await call;
      expect(messages(store)).toEqual([['ok', 'Bet saved']]);
      jest.advanceTimersByTime(2999);
      expect(store.getState().notifications).toHaveLength(1);
      jest.advanceTimersByTime(1);
      expect(store.getState().notifications).toEqual([]);
    });

    it("says how a call without its own text ended in the server's words, or in the client's for calls that answer none", async () => {
      const { gate, release } = gated();
      server.use(handle('contact', async () => { await gate; return ok({ message: 'Message sent' }); }));
      const store = setupStore();
      const call = store.dispatch(api.endpoints.contact.initiate({ body: { name: 'A', email: 'a@b.co', message: 'hi' } }));
      await waitFor(() => expect(messages(store)).toEqual([[null, 'Sending the message']]));
      release();
      await call;
      expect(messages(store)).toEqual([['ok', 'Message sent']]);
      await store.dispatch(api.endpoints.signIn.initiate({ body: { api_v1_user: { email: PLAYER.email, password: PLAYER.password, remember_me: true } } }));
      expect(messages(store)).toEqual([['ok', 'Message sent'], ['ok', 'Signed in']]);
      await i18n.changeLanguage('es');
      await store.dispatch(api.endpoints.signIn.initiate({ body: { api_v1_user: { email: PLAYER.email, password: PLAYER.password } } }));
      expect(messages(store)).toContainEqual(['ok', 'Sesión iniciada']);
    });

    it.each([
      ['updatePartial', 'update'], ['updateAll', 'update_all'], ['notify', 'notify'],
    ] as const)("shows the admin's %s finishing with the server's words for 3000 ms", async (endpoint, process) => {
      await saveToken(issueToken(2));
      server.use(handle(endpoint, () => ok({ message: `Process ${process} finished`, process })));
      fakeTimers();
      const store = setupStore();
      const call = store.dispatch(api.endpoints[endpoint].initiate({}));
      await waitFor(() => expect(store.getState().notifications.map((item) => item.status)).toEqual([null]));
      await call;
      expect(messages(store)).toEqual([['ok', `Process ${process} finished`]]);
      jest.advanceTimersByTime(2999);
      expect(store.getState().notifications).toHaveLength(1);
      jest.advanceTimersByTime(1);
      expect(store.getState().notifications).toEqual([]);
    });

    it("turns a failed call's spinner into its error, one entry kept for 5000 ms", async () => {
      server.use(handle('contact', () => fail(500, 'Boom')));
      fakeTimers();
      const store = setupStore();
      await store.dispatch(api.endpoints.contact.initiate({ body: { name: 'A', email: 'a@b.co', message: 'hi' } }));
      expect(messages(store)).toEqual([['error', 'Boom']]);
      jest.advanceTimersByTime(4999);
      expect(store.getState().notifications).toHaveLength(1);
      jest.advanceTimersByTime(1);
      expect(store.getState().notifications).toEqual([]);
    });

    it('drops the entry of a cancelled call at once, silently', async () => {
      server.use(handle('contact', async () => { await delay(200); return ok({ message: 'Message sent' }); }));
      const store = setupStore();
      const call = store.dispatch(api.endpoints.contact.initiate({ body: { name: 'A', email: 'a@b.co', message: 'hi' } }));
      await waitFor(() => expect(store.getState().notifications).toHaveLength(1));
      call.abort();
      await waitFor(() => expect(store.getState().notifications).toEqual([]));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(store.getState().notifications).toEqual([]);
      expect(fakeApi.logs).toEqual([]);
    });

    it("keeps a later run's entry when an earlier run's outcome leaves", async () => {
      server.use(handle('updateAll', () => ok({ message: 'Process update_all finished', process: 'update_all' })));
      fakeTimers();
      const store = setupStore();
      await store.dispatch(api.endpoints.updateAll.initiate({}));
      jest.advanceTimersByTime(2000);
      await store.dispatch(api.endpoints.updateAll.initiate({}));
      expect(messages(store)).toEqual([['ok', 'Process update_all finished'], ['ok', 'Process update_all finished']]);
      jest.advanceTimersByTime(1000);
      expect(messages(store)).toEqual([['ok', 'Process update_all finished']]);
      jest.advanceTimersByTime(2000);
      expect(store.getState().notifications).toEqual([]);
    });

    it('refuses a second call of the same process while the first runs, without sending it', async () => {
      await saveToken(issueToken(2));
      let sent = 0;
      server.use(handle('updateAll', async () => { sent += 1; await delay(50); return ok({ message: 'done', process: 'update_all' }); }));
      const store = setupStore();
      const first = store.dispatch(api.endpoints.updateAll.initiate({}));
      await waitFor(() => expect(store.getState().notifications).toHaveLength(1));
      const second = await store.dispatch(api.endpoints.updateAll.initiate({}));
      expect(second.error).toMatchObject({ status: 'PROCESS_RUNNING' });
      // The refusal is a toast of its own; the running call keeps its spinner, then shows how it ended.
      expect(messages(store)).toEqual([[null, 'Update of every competition'], ['error', 'The process is already running. Try again in a few minutes']]);
      await first;
      expect(messages(store)).toEqual([['ok', 'done'], ['error', 'The process is already running. Try again in a few minutes']]);
      expect(sent).toBe(1);
      // Once finished, the same process may run again.
      await store.dispatch(api.endpoints.updateAll.initiate({}));
      expect(sent).toBe(2);
    });

    it('tells calls without a process id apart by their arguments', async () => {
      let sent = 0;
      server.use(handle('contact', async () => { sent += 1; await delay(30); return ok({ message: 'sent' }); }));
      const store = setupStore();
      await Promise.all([
        store.dispatch(api.endpoints.contact.initiate({ body: { name: 'A', email: 'a@b.co', message: 'one' } })),
        store.dispatch(api.endpoints.contact.initiate({ body: { name: 'A', email: 'a@b.co', message: 'two' } })),
      ]);
      expect(sent).toBe(2);
    });
  });
});
