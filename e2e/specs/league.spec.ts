import assert from 'node:assert/strict';
import { test } from '../support/fixtures';
import { newVisitor, screenshots } from '../support/pages';
import { DEMO_PASSWORD, signUp } from '../support/players';
import { eventually, softly } from '../support/world';

test('a league made on screen is joined through its copied share link, and a replaced link lets nobody in', async ({ world: w }) => {
  const alice = await newVisitor(w);
  const { page } = alice;
  await signUp(w, page, 'Alice');
  await screenshots(w, page, 'home');
  await page.goto('/leagues/new');
  await page.getByRole('textbox', { name: /^Name/ }).fill(`E2E friends ${w.stamp}`);
  const competition = page.getByRole('combobox', { name: /Competition/ });
  if (!(await competition.textContent())?.trim()) {
    await competition.click();
    await page.getByRole('option').first().click();
  }
  await screenshots(w, page, 'league-new');
  await page.getByRole('button', { name: 'Create league' }).click();
  await page.waitForURL(/\/leagues\/\d+$/);
  const leagueId = Number(/\/leagues\/(\d+)$/.exec(page.url())![1]);

  await page.goto(`/leagues/admin/${leagueId}`);
  const link = await page.getByLabel('Link to join').inputValue();
  assert.match(link, new RegExp(`/leagues/join/${leagueId}/`));
  await page.getByRole('button', { name: 'Copy the link' }).click();
  await page.getByText('Link copied').waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
  await screenshots(w, page, 'league-admin');

  const bob = await newVisitor(w);
  const bobPerson = await signUp(w, bob.page, 'Bob');
  await softly(w, 'join through the share link on the join screen', async () => {
    await bob.page.goto(new URL(link).pathname);
    await screenshots(w, bob.page, 'join-league');
    await bob.page.getByRole('button', { name: 'Join', exact: true }).click({ timeout: 5000 });
    await bob.page.waitForURL(new RegExp(`/leagues/${leagueId}$`));
  }, () => w.api.call('POST', '/leagues/join', { token: bobPerson.token, body: { league_id: leagueId, invitation_token: link.split('/').pop() } }));
  const members = await w.api.call<Array<{ user_name: string }>>('GET', `/leagues/leagues_users/${leagueId}`, { token: bobPerson.token });
  assert.ok(members.some((member) => member.user_name === 'Bob'), 'Bob is a member');

  // The owner takes back a link that went too far: after confirming, the screen shows a new link and the old one no
  // longer lets anyone in (Luis, from the demo, tries).
  await page.goto(`/leagues/admin/${leagueId}`);
  await page.getByRole('button', { name: 'Replace the share link' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await screenshots(w, page, 'league-admin-replace-link');
  await dialog.getByRole('button', { name: 'Replace', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  let newLink = link;
  await eventually(async () => {
    newLink = await page.getByLabel('Link to join').inputValue();
    assert.notEqual(newLink, link, 'the admin screen shows a new share link');
  });
  assert.match(newLink, new RegExp(`/leagues/join/${leagueId}/`));
  const luis = await w.api.signIn('luis@porra.demo', DEMO_PASSWORD);
  const refused = await w.api.call('POST', '/leagues/join', { token: luis.token, body: { league_id: leagueId, invitation_token: link.split('/').pop() } })
    .then(() => 200, (error: { status?: number }) => error.status ?? 0);
  assert.ok(refused >= 400 && refused < 500, `the replaced link is refused with a 4xx (got ${refused})`);
});
