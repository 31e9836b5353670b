import assert from 'node:assert/strict';
import { createECDH, randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
// web-push's own encryption library: decrypts what the server sent, as the browser would.
import ece from 'http_ece';
import { launchProfile, newVisitor, screenshots, settle } from './browser';
import { betsOf, eventually, signIn, signUp, type World } from './scenarios';

/** A new tab in the person's browser context (same session), instead of one left open by an earlier scenario. */
async function freshPage(w: World, name: string) {
  const old = w.people[name].page!;
  const page = await old.context().newPage();
  page.on('pageerror', (error) => console.log(`  [page error] ${error.message}`));
  page.on('crash', () => console.log(`  [page crashed] ${page.url()}`));
  await old.close();
  w.people[name].page = page;
  return page;
}

/** 2. A Spanish browser reads the help in Spanish, switches to English, and the choice survives a reload. */
export async function helpLanguage(w: World): Promise<void> {
  const { page, context } = await newVisitor(w.browser, w.origin, 'es-ES');
  w.people.Visitor = { email: '', password: '', token: '', id: 0, page };
  await page.goto('/help/about');
  await page.getByRole('heading', { level: 1, name: 'Acerca de Porra' }).waitFor();
  await screenshots(page, 'help');
  await page.getByRole('button', { name: 'Abrir el panel de usuario' }).click();
  await screenshots(page, 'side-panel');
  await page.getByRole('button', { name: 'English', exact: true }).click();
  await page.getByRole('button', { name: 'Close', exact: true }).click();
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
  // A match the demo played (scenario 1's admin may have finished a future one by hand).
  let played: Awaited<ReturnType<typeof betsOf>>[number] | undefined;
  for (let matchday = info.lastPlayedMatchday; matchday >= 1 && !played; matchday -= 1) {
    played = (await betsOf(w, 'Ana', `?matchday=${matchday}`, demo.id)).find((row) => row.match.finished && Date.parse(row.match.date) < Date.now());
  }
  assert.ok(played, 'the demo has a played match');
  const playedMatchday = played.match.matchday;
  assert.equal(played.allow_edit_bets, false);
  await screenshots(page, 'home-demo');

  await page.goto(`/result_bets/new?league_id=${demo.id}&matchday=${playedMatchday}`);
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
  await page.goto(`/leagues/${demo.id}/summary?matchday=${playedMatchday}`);
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

/**
 * 4. The push switch subscribes through the service worker, and a notify reaches it. Chromium's push service (FCM)
 * needs the internet: when the browser cannot subscribe here, the switch must fall back to off (spec 4), and the
 * rest of the path is checked with a subscription of the stand-in push service: the server's notify sends an
 * encrypted Web Push there, which the runner decrypts and hands to the page's service worker (DevTools protocol).
 */
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
    await screenshots(page, 'push-panel');
    const db = new Database(w.databaseUrl.replace(/^sqlite:/, ''), { readonly: true });
    const stored = () => db.prepare('select endpoint from push_subscriptions where user_id = ?').all(w.people.Bob.id) as Array<{ endpoint: string }>;
    let note: string;
    if (browserEndpoint) {
      assert.ok(stored().some((row) => row.endpoint === browserEndpoint), 'the server stored the browser subscription');
      note = `the browser subscribed (${new URL(browserEndpoint).host}) and the server stored it`;
    } else {
      const state = (await toggle.isDisabled()) ? 'busy' : (await toggle.isChecked()) ? 'on' : 'back off';
      note = `Chromium could not subscribe (its push service, FCM, is out of reach without internet; the switch is ${state} after 10 s)`;
    }

    // A bet of Bob's closing within 24 hours, so notify has something to remind him of.
    const soon = new Date(Date.now() + 6 * 3_600_000).toISOString();
    await w.api.call('PUT', `/matches/${w.matchIds![w.matchIds!.length - 1]}`, { token: w.people.Admin.token, body: { match: { date: soon } } });
    const keys = createECDH('prime256v1');
    keys.generateKeys();
    const auth = randomBytes(16);
    const endpoint = `https://localhost:${w.pushPort}/push/bob`;
    await w.api.call('POST', '/subscribe', { token: w.people.Bob.token, body: { subscription: { endpoint, keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } } } });
    assert.ok(stored().some((row) => row.endpoint === endpoint));
    db.close();
    const result = await w.api.call<{ notified?: number }>('POST', '/update/notify', { token: w.people.Admin.token });
    let payload = '';
    await eventually(() => {
      const sent = w.pushes.find((request) => request.path === '/push/bob');
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
    return `${note}; notify sent an encrypted Web Push to the stand-in push service, whose payload reached the page's service worker`;
  } finally {
    await context.close();
  }
}

/** The link of the first mail to `to` that has one matching `pattern`, once it arrives on the local SMTP server. */
async function linkInMail(w: World, to: string, pattern: RegExp, what: string): Promise<string> {
  let link = '';
  await eventually(() => {
    const mails = w.mails.filter((item) => item.to.includes(to));
    const found = mails.map((mail) => pattern.exec(mail.text)).find(Boolean);
    assert.ok(found, `${what} arrived for ${to} (${mails.length} mails: ${mails.map((mail) => mail.text.slice(0, 200)).join(' | ')})`);
    link = found[0];
  }, 15_000);
  return link;
}

/**
 * 5. An email invitation reaches the local SMTP server. The invitee signs up: a banner asks her to confirm her
 * address and the invitation is refused until she does (issue 11); she opens the verification link from her mail,
 * the banner goes, and she joins through the invitation link.
 */
export async function emailInvitation(w: World): Promise<void> {
  const page = await freshPage(w, 'Alice');
  await page.goto(`/leagues/admin/${w.leagueId}`);
  await page.getByRole('textbox', { name: /Email to invite/ }).fill('carol@e2e.test');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const link = await linkInMail(w, 'carol@e2e.test', /https?:\/\/[^\s"'<>]+\/leagues\/join\/\d+\/[A-Za-z0-9_-]+/, 'the invitation mail with a join link');
  const carol = await newVisitor(w.browser, w.origin);
  await signUp(w, carol.page, 'Carol', 'carol@e2e.test');
  const banner = carol.page.getByTestId('verify-email-banner');
  await banner.waitFor();
  await screenshots(carol.page, 'verify-email-banner');
  await carol.page.goto(new URL(link).pathname);
  await carol.page.getByRole('button', { name: 'Join', exact: true }).click();
  await carol.page.getByText('Confirm your email address to accept invitations').waitFor();

  const verification = await linkInMail(w, 'carol@e2e.test', /https?:\/\/[^\s"'<>]+\/verify_email\?token=[A-Za-z0-9_-]+/, 'the verification mail');
  assert.equal(new URL(verification).origin, w.origin, 'the verification link points to the app');
  await carol.page.goto(new URL(verification).pathname + new URL(verification).search);
  await carol.page.getByText('Your email address is confirmed').waitFor();
  await screenshots(carol.page, 'verify-email-confirmed');
  await carol.page.getByRole('link', { name: 'Continue' }).click();
  await carol.page.waitForURL((url) => url.pathname === '/');
  await settle(carol.page);
  await banner.waitFor({ state: 'detached' });
  const me = await w.api.call<{ email_verified: boolean }>('GET', '/users/index', { token: w.people.Carol.token });
  assert.equal(me.email_verified, true, 'the server has the address as verified');

  await carol.page.goto(new URL(link).pathname);
  await carol.page.getByRole('button', { name: 'Join', exact: true }).click();
  await carol.page.waitForURL(new RegExp(`/leagues/${w.leagueId}$`));
  const members = await w.api.call<Array<{ user_name: string }>>('GET', `/leagues/leagues_users/${w.leagueId}`, { token: w.people.Carol.token });
  assert.ok(members.some((member) => member.user_name === 'Carol'));
  await carol.context.close();
}

/** 6. Round and top-scorer picks, then simulated results change the projected table. */
export async function picksAndSimulation(w: World): Promise<void> {
  const page = await freshPage(w, 'Alice');
  await page.goto(`/result_bets/new?league_id=${w.leagueId}&matchday=${w.matchday}`);
  // Round picks lock before the round before theirs: pick in the first rule still open.
  const rounds = await w.api.call<Array<{ allow_edit_bets: boolean; picks_made: number; league_rule: { id: number } }>>('GET', `/round_bets/index/${w.leagueId}`, { token: w.people.Alice.token });
  const openRound = rounds.find((rule) => rule.allow_edit_bets);
  assert.ok(openRound, 'a round rule is still open');
  const round = page.getByTestId(`round-rule-${openRound.league_rule.id}`);
  await round.locator('[aria-pressed=false]:not(.Mui-disabled)').first().click();
  await eventually(async () => assert.match((await round.getByTestId('picks-count').textContent()) ?? '', /^1 of/));
  const picked = await w.api.call<typeof rounds>('GET', `/round_bets/index/${w.leagueId}`, { token: w.people.Alice.token });
  assert.equal(picked.find((rule) => rule.league_rule.id === openRound.league_rule.id)?.picks_made, 1);

  // Top scorer: picked on screen while open; the demo cup has started, so its rule is usually closed already.
  const people = await w.api.call<Array<{ allow_edit_bets: boolean; picks_made: number; league_rule: { id: number } }>>('GET', `/person_bets/index/${w.leagueId}`, { token: w.people.Alice.token });
  const scorer = people[0];
  assert.ok(scorer, 'the league has a top-scorer rule');
  const person = page.getByTestId(`person-rule-${scorer.league_rule.id}`);
  if (scorer.allow_edit_bets) {
    const options = await person.locator('select option').allTextContents();
    await person.locator('select').selectOption({ index: 1 });
    await person.getByText(options[1], { exact: true }).waitFor();
    const after = await w.api.call<typeof people>('GET', `/person_bets/index/${w.leagueId}`, { token: w.people.Alice.token });
    assert.equal(after[0].picks_made, 1);
  } else {
    assert.equal(await person.locator('select').count(), 0, 'a closed top-scorer rule offers no choice');
    w.notes.push('top-scorer rule closed (the demo cup has started): checked that the screen offers no pick');
  }
  await screenshots(page, 'bets-picks');

  await page.getByRole('button', { name: 'Simulate results' }).click();
  await page.waitForURL(/mode=1/);
  const table = page.getByTestId('simulation-table');
  await table.waitFor();
  const projected = async () => {
    const answer = await w.api.call<{ users: Array<{ user_name: string; points: number }> }>('GET', `/leagues/users_league_table/${w.leagueId}?mode=1`, { token: w.people.Alice.token });
    return answer.users.find((row) => row.user_name === 'Alice')!.points;
  };
  // Columns: #, name, matchday, results, extra points, total, matchday wins.
  const shown = async () => Number(((await table.locator('tr').filter({ hasText: 'Alice' }).first().locator('td').nth(5).textContent()) ?? '').trim());
  const before = await projected();
  await eventually(async () => assert.equal(await shown(), before));
  // Alice's real bet on the second match is 1-1: simulating that result gives her 5 more in the projected table.
  const second = w.matchIds![1];
  const selects = page.getByTestId(`bet-row-${second}`).locator('select');
  await selects.nth(0).selectOption('1');
  await selects.nth(1).selectOption('1');
  await eventually(async () => assert.equal(await projected(), before + 5));
  await eventually(async () => assert.equal(await shown(), before + 5));
  w.notes.push(`projected total of Alice: ${before} -> ${before + 5} after simulating her bet's result`);
  await settle(page);
  await screenshots(page, 'simulation');
  await page.getByRole('button', { name: 'Reset the simulation' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset the simulation' }).click();
  await eventually(async () => assert.equal(await shown(), before));
}
