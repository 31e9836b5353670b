import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { launchProfile, newVisitor, screenshots, settle } from './browser';
import { betsOf, eventually, signIn, signUp, type World } from './scenarios';

/** 2. A Spanish browser reads the help in Spanish, switches to English, and the choice survives a reload. */
export async function helpLanguage(w: World): Promise<void> {
  const { page, context } = await newVisitor(w.browser, w.origin, 'es-ES');
  await page.goto('/help/about');
  await page.getByRole('heading', { level: 1, name: 'Acerca de Porra' }).waitFor();
  await screenshots(page, 'help');
  await page.getByRole('button', { name: /^(English|Inglés)$/ }).click();
  await page.getByRole('heading', { level: 1, name: 'About Porra' }).waitFor();
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'About Porra' }).waitFor();
  assert.equal(await page.locator('html').getAttribute('lang').then((lang) => lang ?? 'en'), 'en');
  await page.goto('/help/how_to_points_system');
  await settle(page);
  await screenshots(page, 'help-points');
  await context.close();
}

/** 3. In the demo league, a played match cannot be edited and the other member's bet on it is visible. */
export async function lockedMatch(w: World): Promise<void> {
  const { page, context } = await newVisitor(w.browser, w.origin);
  await signIn(w, page, 'Ana', 'ana@porra.demo');
  const luis = await w.api.signIn('luis@porra.demo', 'porra-demo');
  w.people.Luis = { email: 'luis@porra.demo', password: 'porra-demo', token: luis.token, id: luis.id };
  const leagues = await w.api.call<Array<{ id: number; competition_id: number }>>('GET', '/leagues/index', { token: w.people.Ana.token });
  const demo = leagues[0];
  const info = await w.api.call<{ lastPlayedMatchday: number }>('GET', `/matches/info_matchday/${demo.competition_id}`);
  const played = (await betsOf(w, 'Ana', `?matchday=${info.lastPlayedMatchday}`, demo.id)).find((row) => row.match.finished);
  assert.ok(played, 'the demo has a played match');
  assert.equal(played.allow_edit_bets, false);
  await screenshots(page, 'home-demo');

  await page.goto(`/result_bets/new?league_id=${demo.id}&matchday=${info.lastPlayedMatchday}`);
  const row = page.getByTestId(`bet-row-${played.match_id}`);
  await row.waitFor();
  assert.equal(await row.locator('select').count(), 0, 'a locked bet shows no selects');
  await settle(page);
  await screenshots(page, 'bets-locked');
  await assert.rejects(
    w.api.call('POST', '/result_bets/update_result_bet', { token: w.people.Ana.token, body: { result_bet_id: played.id, local_goals: 1, visiting_goals: 0 } }),
    (error: { status?: number }) => error.status !== undefined && error.status >= 400 && error.status < 500,
  );

  const luisBet = (await betsOf(w, 'Luis', `?match_id=${played.match_id}`, demo.id)).find((bet) => bet.user_id === luis.id);
  assert.ok(luisBet && luisBet.local_goals !== null, 'Luis bet on the played match');
  await page.goto(`/matches/${played.match_id}/show_bets?league_id=${demo.id}`);
  const luisRow = page.getByTestId(`match-bet-${luis.id}`);
  await luisRow.waitFor();
  assert.match((await luisRow.textContent()) ?? '', new RegExp(`${luisBet.local_goals}-${luisBet.visiting_goals}`));
  await settle(page);
  await screenshots(page, 'match-bets');
  await page.goto(`/leagues/${demo.id}/summary?matchday=${info.lastPlayedMatchday}`);
  await page.getByRole('table').waitFor();
  await settle(page);
  await screenshots(page, 'bets-summary');
  await page.getByRole('tab', { name: 'By result' }).click();
  await screenshots(page, 'bets-summary-results');
  await page.goto(`/leagues/${demo.id}`);
  await settle(page);
  await screenshots(page, 'league-demo');
  await context.close();
}

/** 4. The push switch subscribes through the service worker; a notify sends to that subscription. */
export async function pushReminder(w: World): Promise<string> {
  const context = await launchProfile(w.origin);
  try {
    const page = context.pages()[0] ?? await context.newPage();
    await page.goto('/users/sign_in');
    await page.locator('input[type=email]').fill(w.people.Bob.email);
    await page.locator('input[type=password]').fill(w.people.Bob.password);
    await page.locator('input[type=password]').press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/users/sign_in'));
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const worker = context.serviceWorkers()[0] ?? await context.waitForEvent('serviceworker');
    await worker.evaluate(() => {
      self.pushes = [];
      self.addEventListener('push', (event: { data?: { text(): string } }) => self.pushes.push(event.data?.text()));
    });
    await page.getByRole('button', { name: 'Open the user panel' }).click();
    const toggle = page.getByRole('switch', { name: 'Notify me about pending results' }).or(page.getByLabel('Notify me about pending results'));
    await toggle.first().click();
    const subscribed = () => page.evaluate(async (): Promise<string | null> => {
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.getSubscription();
      return subscription ? subscription.endpoint : null;
    });
    let endpoint = '';
    await eventually(async () => {
      endpoint = (await subscribed()) ?? '';
      assert.ok(endpoint, 'the browser holds a push subscription');
    }, 15_000);
    await screenshots(page, 'push-panel');
    const db = new Database(w.databaseUrl.replace(/^sqlite:/, ''), { readonly: true });
    const stored = db.prepare('select endpoint, user_id from push_subscriptions').all() as Array<{ endpoint: string; user_id: number }>;
    db.close();
    assert.ok(stored.some((row) => row.endpoint === endpoint && row.user_id === w.people.Bob.id), 'the server stored the subscription');
    const result = await w.api.call<unknown>('POST', '/update/notify', { token: w.people.Admin.token });
    const delivered = await eventually(async () => {
      const pushes = await worker.evaluate((): number => self.pushes.length);
      assert.ok(pushes > 0);
    }, 10_000).then(() => true, () => false);
    return delivered ? 'push delivered to the service worker'
      : `subscription stored (${new URL(endpoint).host}); notify answered ${JSON.stringify(result)} but no push reached the worker (no route to the browser's push service here)`;
  } finally {
    await context.close();
  }
}

/** 5. An email invitation reaches the local SMTP server; the invitee follows its link and joins. */
export async function emailInvitation(w: World): Promise<void> {
  const page = w.people.Alice.page!;
  await page.goto(`/leagues/admin/${w.leagueId}`);
  await page.getByRole('textbox', { name: /Email to invite/ }).fill('carol@e2e.test');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  let link = '';
  await eventually(() => {
    const mail = w.mails.find((item) => item.to.includes('carol@e2e.test'));
    assert.ok(mail, 'the invitation mail arrived');
    const found = /https?:\/\/[^\s"'<>]+\/leagues\/join\/\d+\/[A-Za-z0-9_-]+/.exec(mail.text);
    assert.ok(found, `the mail has a join link: ${mail.text.slice(0, 400)}`);
    link = found[0];
  }, 15_000);
  const carol = await newVisitor(w.browser, w.origin);
  await signUp(w, carol.page, 'Carol', 'carol@e2e.test');
  await carol.page.goto(new URL(link).pathname);
  await carol.page.getByRole('button', { name: 'Join', exact: true }).click();
  await carol.page.waitForURL(new RegExp(`/leagues/${w.leagueId}$`));
  const members = await w.api.call<Array<{ user_name: string }>>('GET', `/leagues/leagues_users/${w.leagueId}`, { token: w.people.Carol.token });
  assert.ok(members.some((member) => member.user_name === 'Carol'));
  await carol.context.close();
}

/** 6. Round and top-scorer picks, then simulated results change the projected table. */
export async function picksAndSimulation(w: World): Promise<void> {
  const page = w.people.Alice.page!;
  await page.goto(`/result_bets/new?league_id=${w.leagueId}&matchday=${w.matchday}`);
  const round = page.locator('[data-testid^=round-rule-]').first();
  await round.waitFor();
  await round.locator('.MuiChip-root:not(.Mui-disabled)').first().click();
  await eventually(async () => assert.match((await round.getByTestId('picks-count').textContent()) ?? '', /^1 of/));
  const person = page.locator('[data-testid^=person-rule-]').first();
  const options = await person.locator('select option').allTextContents();
  await person.locator('select').selectOption({ index: 1 });
  await person.getByText(options[1], { exact: true }).waitFor();
  const rounds = await w.api.call<Array<{ picks_made: number }>>('GET', `/round_bets/index/${w.leagueId}`, { token: w.people.Alice.token });
  assert.ok(rounds.some((rule) => rule.picks_made === 1));
  const people = await w.api.call<Array<{ picks_made: number }>>('GET', `/person_bets/index/${w.leagueId}`, { token: w.people.Alice.token });
  assert.ok(people.some((rule) => rule.picks_made === 1));
  await screenshots(page, 'bets-picks');

  await page.getByRole('button', { name: 'Simulate results' }).click();
  await page.waitForURL(/mode=1/);
  const table = page.getByTestId('simulation-table');
  await table.waitFor();
  const aliceTotal = async () => Number(((await table.locator('tr').filter({ hasText: 'Alice' }).first().locator('td').last().textContent()) ?? '').trim());
  await eventually(async () => assert.equal(await aliceTotal(), 5));
  // Alice's real bet on the second match is 1-1: simulating that result gives her 5 more.
  const second = w.matchIds![1];
  const selects = page.getByTestId(`bet-row-${second}`).locator('select');
  await selects.nth(0).selectOption('1');
  await selects.nth(1).selectOption('1');
  await eventually(async () => assert.equal(await aliceTotal(), 10));
  await settle(page);
  await screenshots(page, 'simulation');
  await page.getByRole('button', { name: 'Reset the simulation' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset the simulation' }).click();
  await eventually(async () => assert.equal(await aliceTotal(), 5));
}
