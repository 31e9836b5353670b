import assert from 'node:assert/strict';
import { createECDH, randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
// web-push's own encryption library: decrypts what the server sent, as the browser would.
import ece from 'http_ece';
import { launchProfile } from '../browser';
import { test } from '../support/fixtures';
import { screenshots } from '../support/pages';
import { adminToken, earliestOpenBet, newLeague, newPlayer, restoreMatchAtEnd } from '../support/players';
import { eventually } from '../support/world';

/*
 * Chromium's push service (FCM) needs the internet: when the browser cannot subscribe here, the switch must fall
 * back to off, and the rest of the path is checked with a subscription of the stand-in push service: the server's
 * notify sends an encrypted Web Push there, which the test decrypts and hands to the page's service worker
 * (DevTools protocol).
 */
test('the push switch subscribes through the service worker, and a reminder of a bet closing soon reaches it', async ({ world: w }) => {
  const bob = await newPlayer(w, 'Bob');
  const league = await newLeague(w, bob, 'Push league');
  // A bet of Bob's, not made, closing within 24 hours, so notify has something to remind him of (put back at the end).
  const pending = await earliestOpenBet(w, bob, league.id);
  await restoreMatchAtEnd(w, pending.match_id);

  const context = await launchProfile(w.origin);
  w.atEnd(() => context.close());
  const page = context.pages()[0] ?? await context.newPage();
  w.people.Bob = { ...bob, page };
  await page.goto('/users/sign_in');
  await page.locator('input[type=email]').fill(bob.email);
  await page.locator('input[type=password]').fill(bob.password);
  await page.locator('input[type=password]').press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/users/sign_in'));
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const worker = context.serviceWorkers()[0] ?? await context.waitForEvent('serviceworker');
  await worker.evaluate(() => {
    self.pushes = [];
    self.addEventListener('push', (event: { data?: { text(): string } }) => self.pushes.push(event.data?.text()));
  });
  await page.getByRole('button', { name: 'Open the user panel' }).click();
  const toggle = page.getByRole('switch', { name: 'Notify me about pending results' });
  await toggle.click();
  const subscribed = () => page.evaluate(async (): Promise<string | null> => {
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.getSubscription();
    return subscription ? subscription.endpoint : null;
  });
  let browserEndpoint = '';
  await eventually(async () => {
    browserEndpoint = (await subscribed()) ?? '';
    assert.ok(browserEndpoint);
  }, 10_000).catch(() => undefined);
  await screenshots(w, page, 'push-panel');
  const db = new Database(w.databaseFile, { readonly: true });
  w.atEnd(async () => db.close());
  const stored = () => db.prepare('select endpoint from push_subscriptions where user_id = ?').all(bob.id) as Array<{ endpoint: string }>;
  if (browserEndpoint) {
    assert.ok(stored().some((row) => row.endpoint === browserEndpoint), 'the server stored the browser subscription');
    w.notes.push(`the browser subscribed (${new URL(browserEndpoint).host}) and the server stored it`);
  } else {
    const state = (await toggle.isDisabled()) ? 'busy' : (await toggle.isChecked()) ? 'on' : 'back off';
    w.notes.push(`Chromium could not subscribe (its push service, FCM, is out of reach without internet; the switch is ${state} after 10 s)`);
  }

  const admin = await adminToken(w);
  const soon = new Date(Date.now() + 6 * 3_600_000).toISOString();
  await w.api.call('PUT', `/matches/${pending.match_id}`, { token: admin, body: { match: { date: soon } } });
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  const auth = randomBytes(16);
  const path = `/push/bob-${w.stamp}`;
  const endpoint = `https://localhost:${w.pushPort}${path}`;
  await w.api.call('POST', '/subscribe', { token: bob.token, body: { subscription: { endpoint, keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } } } });
  assert.ok(stored().some((row) => row.endpoint === endpoint));
  const result = await w.api.call<{ notified?: number }>('POST', '/update/notify', { token: admin });
  let payload = '';
  await eventually(async () => {
    const sent = (await w.inbox.pushes()).find((request) => request.path === path);
    assert.ok(sent, `notify sent a push to the subscription (notify answered ${JSON.stringify(result)})`);
    assert.equal(sent.headers['content-encoding'], 'aes128gcm');
    assert.match(String(sent.headers.authorization), /^vapid /);
    payload = ece.decrypt(sent.body, { version: 'aes128gcm', privateKey: keys, authSecret: auth.toString('base64url') }).toString('utf8');
  }, 10_000);

  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((done) => cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: Array<{ registrationId: string; isDeleted: boolean }> }) => {
    const live = event.registrations.find((registration) => !registration.isDeleted);
    if (live) done(live.registrationId);
  }));
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: w.origin, registrationId: await registrationId, data: payload });
  await eventually(async () => assert.equal(await worker.evaluate((): number => self.pushes.length), 1));
  w.notes.push("notify sent an encrypted Web Push to the stand-in push service, whose payload reached the page's service worker");
});
