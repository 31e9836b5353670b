import assert from 'node:assert/strict';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { newLeague, newPlayer, signIn, signUp } from '../support/players';
import { emailOf, eventually, type World } from '../support/world';

test('a visitor with a Spanish browser reads the help in Spanish, switches to English, and keeps it after a reload', async ({ world: w }) => {
  const { page } = await newVisitor(w, 'es-ES');
  w.people.Visitor = { name: 'Visitor', email: '', password: '', token: '', id: 0, page };
  await page.goto('/help/about');
  await page.getByRole('heading', { level: 1, name: 'Acerca de Porra' }).waitFor();
  await screenshots(w, page, 'help');
  await page.getByRole('button', { name: 'Abrir el panel de usuario' }).click();
  await screenshots(w, page, 'side-panel');
  await page.getByRole('button', { name: 'English', exact: true }).click();
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'About Porra' }).waitFor();
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'About Porra' }).waitFor();
  assert.equal(await page.locator('html').getAttribute('lang').then((lang) => lang ?? 'en'), 'en');
  await page.goto('/help/how_to_points_system');
  await settle(page);
  await screenshots(w, page, 'help-points');
});

/** The link of the first mail to `to` that has one matching `pattern`, once it arrives on the local SMTP server. */
async function linkInMail(w: World, to: string, pattern: RegExp, what: string): Promise<string> {
  let link = '';
  await eventually(async () => {
    const mails = (await w.inbox.mails()).filter((item) => item.to.includes(to));
    const found = mails.map((mail) => pattern.exec(mail.text)).find(Boolean);
    assert.ok(found, `${what} arrived for ${to} (${mails.length} mails: ${mails.map((mail) => mail.text.slice(0, 200)).join(' | ')})`);
    link = found[0];
  }, 15_000);
  return link;
}

test('an invitation by email reaches the invitee, who can accept it once she confirms her address from her mail', async ({ world: w }) => {
  const aliceAccount = await newPlayer(w, 'Alice');
  const league = await newLeague(w, aliceAccount, 'Invitation league');
  const { page } = await newVisitor(w);
  await signIn(w, page, 'Alice', aliceAccount.email, aliceAccount.password);
  const carolEmail = emailOf(w, 'Carol');
  await page.goto(`/leagues/admin/${league.id}`);
  await page.getByRole('textbox', { name: /Email to invite/ }).fill(carolEmail);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const link = await linkInMail(w, carolEmail, /https?:\/\/[^\s"'<>]+\/leagues\/join\/\d+\/[A-Za-z0-9_-]+/, 'the invitation mail with a join link');

  // Carol signs up: a banner asks her to confirm her address, and the invitation's page waits until she does.
  const carol = await newVisitor(w);
  const carolAccount = await signUp(w, carol.page, 'Carol');
  const banner = carol.page.getByTestId('verify-email-banner');
  await banner.waitFor();
  await screenshots(w, carol.page, 'verify-email-banner');
  await carol.page.goto(new URL(link).pathname);
  await carol.page.getByRole('heading', { name: 'One step left: confirm your address' }).waitFor();

  const verification = await linkInMail(w, carolEmail, /https?:\/\/[^\s"'<>]+\/verify_email\?token=[A-Za-z0-9_-]+/, 'the verification mail');
  assert.equal(new URL(verification).origin, w.origin, 'the verification link points to the app');
  await carol.page.goto(new URL(verification).pathname + new URL(verification).search);
  await carol.page.getByText('Your email address is confirmed').waitFor();
  await screenshots(w, carol.page, 'verify-email-confirmed');
  await carol.page.getByRole('link', { name: 'Continue' }).click();
  await carol.page.waitForURL((url) => url.pathname === '/');
  await settle(carol.page);
  await banner.waitFor({ state: 'detached' });
  const me = await w.api.call<{ email_verified: boolean }>('GET', '/users/index', { token: carolAccount.token });
  assert.equal(me.email_verified, true, 'the server has the address as verified');

  await carol.page.goto(new URL(link).pathname);
  await carol.page.getByRole('button', { name: 'Join', exact: true }).click();
  await carol.page.waitForURL(new RegExp(`/leagues/${league.id}$`));
  const members = await w.api.call<Array<{ user_name: string }>>('GET', `/leagues/leagues_users/${league.id}`, { token: carolAccount.token });
  assert.ok(members.some((member) => member.user_name === 'Carol'));
});
