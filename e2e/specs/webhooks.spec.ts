import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seriousViolationsAt } from '../support/accessibility';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { adminToken, newLeague, newPlayer, openMatchday, restoreMatchAtEnd, signIn } from '../support/players';
import { BOTH_WIDTHS } from '../support/viewports';
import { eventually, type World } from '../support/world';

interface Received { headers: IncomingHttpHeaders; raw: string; body: { event: string; id: number; data: { match: { id: number } } } }

/** A local receiver on 127.0.0.1 (the e2e server lets it through WEBHOOK_ALLOWED_HOSTS), started again on its port. */
function receiverOn(port: number, received: Received[]): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      res.statusCode = 204;
      res.end();
    });
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}
const stop = (server: Server) => new Promise<void>((done) => { server.closeAllConnections(); server.close(() => done()); });

async function enterResult(w: World, matchId: number, home: number, away: number): Promise<void> {
  await w.api.call('PUT', `/matches/${matchId}`, { token: await adminToken(w), body: { match: { local_goals: home, visiting_goals: away, status: 'finished' } } });
}

/*
 * A league tells its chat. Wes owns a league; on its webhooks screen he connects a JSON endpoint (a receiver this test
 * runs on 127.0.0.1) and copies the secret the dialog shows once. The admin enters a result: the receiver gets the
 * `result` event, signed with that secret. The receiver goes down, another result is entered, the delivery fails and
 * waits; the server restarts; the receiver comes back and gets it on the retry. The matches are put back at the end.
 */
test('webhooks: a JSON hook gets each result signed, and a receiver that was down gets it when it comes back, across a server restart', async ({ world: w }) => {
  test.setTimeout(300_000);
  const received: Received[] = [];
  let receiver = await receiverOn(0, received);
  const port = (receiver.address() as AddressInfo).port;
  w.atEnd(() => stop(receiver));
  const wes = await newPlayer(w, 'Wes');
  const league = await newLeague(w, wes, 'Chat league');

  const { page } = await newVisitor(w);
  await signIn(w, page, 'Wes', wes.email, wes.password);
  await page.goto(`/leagues/admin/${league.id}`);
  await page.getByRole('link', { name: 'Chat webhooks' }).click();
  const add = page.getByRole('region', { name: 'Connect a chat' });
  await add.getByRole('combobox', { name: 'Where to' }).click();
  await page.getByRole('option', { name: 'JSON endpoint' }).click();
  const url = add.getByRole('textbox', { name: 'Webhook URL' });
  await url.click();
  await url.fill(`http://127.0.0.1:${port}/porra`);
  await add.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog', { name: "The webhook's secret" });
  const secret = await dialog.getByRole('textbox', { name: 'Secret' }).inputValue();
  assert.match(secret, /^[0-9a-f]{64}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  const hook = page.getByRole('region', { name: `JSON endpoint · 127.0.0.1:${port}` });
  await hook.getByText('Nothing sent yet.').waitFor();
  await settle(page);
  const found = await seriousViolationsAt(page, 'league webhooks', BOTH_WIDTHS);
  await screenshots(w, page, 'webhooks');

  const { open } = await openMatchday(w, wes, league.id, 2);
  const [first, second] = [open[0].match_id, open[1].match_id];
  for (const id of [first, second]) await restoreMatchAtEnd(w, id);
  await enterResult(w, first, 2, 1);
  const got = await eventually(() => {
    const item = received.find((r) => r.body.event === 'result' && r.body.data.match.id === first);
    assert.ok(item, 'the receiver got the first result');
    return item;
  }, 60_000);
  const signature = `sha256=${createHmac('sha256', secret).update(got.raw).digest('hex')}`;
  assert.equal(got.headers['x-porra-signature'], signature);
  assert.equal(got.headers['x-porra-delivery'], String(got.body.id));
  await hook.getByText('Delivered', { exact: true }).waitFor({ timeout: 30_000 });

  // Down: the second result waits in the outbox, failed once.
  await stop(receiver);
  await enterResult(w, second, 0, 0);
  type Hooks = Array<{ deliveries: Array<{ status: string; attempts: number }> }>;
  await eventually(async () => {
    const [listed] = await w.api.call<Hooks>('GET', `/leagues/webhooks/${league.id}`, { token: wes.token });
    assert.ok(listed.deliveries[0].status === 'pending' && listed.deliveries[0].attempts >= 1, 'the second result failed once and waits');
  }, 60_000);
  assert.equal(received.filter((r) => r.body.data.match.id === second).length, 0);

  // The server restarts meanwhile: the delivery waits in the database, and the new process sends it.
  await w.inbox.restartServer();
  receiver = await receiverOn(port, received);
  const late = await eventually(() => {
    const item = received.find((r) => r.body.event === 'result' && r.body.data.match.id === second);
    assert.ok(item, 'the receiver got the second result once back');
    return item;
  }, 120_000);
  assert.equal(late.headers['x-porra-signature'], `sha256=${createHmac('sha256', secret).update(late.raw).digest('hex')}`);
  assert.deepEqual(found, [], `axe: ${found.join('; ')}`);
});
