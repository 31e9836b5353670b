import { ConfigError, DEFAULT_PUSH_ALLOWED_HOSTS, loadConfig } from '../../platform/config';
import { call, describeEachDb } from '../../testing/harness';
import { createUserWithToken } from '../../testing/fixtures';
import { isAllowedPushEndpoint } from '../../platform/push/pushEndpoint';
import { MAX_SUBSCRIPTIONS_PER_USER } from './pushService';

// Real databases on a shared 2-core machine: allow more than jest's default 5 s.
jest.setTimeout(30_000);

describe('PUSH_ALLOWED_HOSTS', () => {
  it('defaults to the push services of Chrome/Android, Firefox, Edge/Windows and Safari/Apple', () => {
    expect(DEFAULT_PUSH_ALLOWED_HOSTS).toEqual(['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.notify.windows.com', '*.push.apple.com']);
    expect(loadConfig({}).pushAllowedHosts).toEqual(['fcm.googleapis.com', 'updates.push.services.mozilla.com', '.notify.windows.com', '.push.apple.com']);
    expect(loadConfig({ PUSH_ALLOWED_HOSTS: '' }).pushAllowedHosts).toEqual(loadConfig({}).pushAllowedHosts);
  });

  it('replaces the list; "*." and "." mean every subdomain; anything else than host names stops the server', () => {
    expect(loadConfig({ PUSH_ALLOWED_HOSTS: 'localhost, *.Push.Example ,.other.example' }).pushAllowedHosts)
      .toEqual(['localhost', '.push.example', '.other.example']);
    for (const bad of ['https://fcm.googleapis.com', 'localhost:8443', '*', '*.', 'a b', '*.*.example', 'host/path']) {
      expect(() => loadConfig({ PUSH_ALLOWED_HOSTS: bad })).toThrow(ConfigError);
    }
  });

  it('allows https endpoints on those hosts only, never the server\'s own network', () => {
    const hosts = loadConfig({}).pushAllowedHosts;
    const allowed = [
      'https://fcm.googleapis.com/fcm/send/dTk3:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://FCM.googleapis.com./fcm/send/x',
      'https://fcm.googleapis.com:443/fcm/send/x',
    ];
    const refused = [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://notify.windows.com/w/x',
      'https://push.apple.com/x',
      'https://evilnotify.windows.com/w/x',
      'https://fcm.googleapis.com.attacker.example/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://localhost/push',
      'https://127.0.0.1:8443/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'https://10.0.0.1/push',
      'not a url',
    ];
    expect(allowed.filter((e) => !isAllowedPushEndpoint(e, hosts))).toEqual([]);
    expect(refused.filter((e) => isAllowedPushEndpoint(e, hosts))).toEqual([]);
  });
});

const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
const fcm = (id: string | number) => ({ endpoint: `https://fcm.googleapis.com/fcm/send/${id}`, keys });

describeEachDb('subscribe: push services only, ten devices per user', (ctx) => {
  const endpointsOf = async (userId: number) => (await ctx().deps.db.selectFrom('push_subscriptions').select('endpoint')
    .where('user_id', '=', userId).orderBy('endpoint').execute()).map((r) => r.endpoint);

  it('refuses endpoints off the allow-list with a translated 400 and stores nothing', async () => {
    const t = ctx();
    const user = await createUserWithToken(t.deps);
    for (const endpoint of ['https://127.0.0.1:3000/api/v1/en/users/index', 'https://localhost/push', 'https://metadata.google.internal/x', 'https://push.example.com/abc']) {
      const en = await call(t.app, { method: 'POST', url: '/api/v1/en/subscribe', token: user.token, payload: { subscription: { endpoint, keys } } });
      expect([endpoint, en.statusCode, en.data]).toEqual([endpoint, 400, { error: 'Notifications can only go through the push service of a browser (Chrome, Firefox, Edge or Safari)' }]);
    }
    const es = await call(t.app, { method: 'POST', url: '/api/v1/es/subscribe', token: user.token, payload: { subscription: { endpoint: 'https://10.0.0.1/push', keys } } });
    expect([es.statusCode, es.data.error]).toEqual([400, 'Las notificaciones solo pueden enviarse a través del servicio push de un navegador (Chrome, Firefox, Edge o Safari)']);
    expect(await endpointsOf(user.id)).toEqual([]);
    const ok = await call(t.app, { method: 'POST', url: '/api/v1/en/subscribe', token: user.token, payload: { subscription: fcm('phone') } });
    expect(ok.statusCode).toBe(200);
    expect(await endpointsOf(user.id)).toEqual([fcm('phone').endpoint]);
  });

  it('keeps a user\'s ten most recent devices: an 11th replaces the oldest, subscribing again makes a device the newest', async () => {
    const t = ctx();
    const user = await createUserWithToken(t.deps);
    const subscribe = async (id: string | number) => {
      t.clock.advance(1000);
      const res = await call(t.app, { method: 'POST', url: '/api/v1/en/subscribe', token: user.token, payload: { subscription: fcm(id) } });
      expect(res.statusCode).toBe(200);
    };
    for (let i = 10; i < 20; i += 1) await subscribe(i);
    await subscribe(10); // the oldest comes back: now the newest
    await subscribe(20);
    const expected = [10, ...Array.from({ length: 8 }, (_, i) => 12 + i), 20].map((id) => fcm(id).endpoint).sort();
    expect(await endpointsOf(user.id)).toEqual(expected);
    expect(expected).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
  });

  it('holds the limit when many devices of one user subscribe at the same time', async () => {
    const t = ctx();
    const user = await createUserWithToken(t.deps);
    const other = await createUserWithToken(t.deps);
    await call(t.app, { method: 'POST', url: '/api/v1/en/subscribe', token: other.token, payload: { subscription: fcm('other') } });
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => call(t.app, {
      method: 'POST', url: '/api/v1/en/subscribe', token: user.token, payload: { subscription: fcm(`burst-${i}`) },
    })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(25).fill(200));
    expect(await endpointsOf(user.id)).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
    expect(await endpointsOf(other.id)).toEqual([fcm('other').endpoint]);
  });
});
