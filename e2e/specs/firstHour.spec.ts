import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import { seriousViolationsAt } from '../support/accessibility';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { betsOf, newLeague, newPlayer, NEW_PLAYER_PASSWORD } from '../support/players';
import { BOTH_WIDTHS, DESKTOP, PHONE } from '../support/viewports';
import { emailOf, eventually, type Person, type World } from '../support/world';

/** The most actions a newcomer may need from the invitation email's link to a saved first bet. */
const MOST_ACTIONS = 7;

/** The link of the newest mail to `to` matching `pattern`, once it arrives on the local SMTP server. */
async function linkInMail(w: World, to: string, pattern: RegExp, what: string): Promise<string> {
  return eventually(async () => {
    const mails = (await w.inbox.mails()).filter((item) => item.to.includes(to));
    const found = mails.map((mail) => pattern.exec(mail.text)).filter(Boolean).at(-1);
    assert.ok(found, `${what} arrived for ${to} (${mails.length} mails)`);
    return found[0];
  }, 15_000);
}

const INVITATION_LINK = /https?:\/\/[^\s"'<>]+\/leagues\/join\/\d+\/[A-Za-z0-9_-]+/;
const VERIFICATION_LINK = /https?:\/\/[^\s"'<>]+\/verify_email\?token=[A-Za-z0-9_-]+(?:&next=[^\s"'<>]+)?/;

/** A league of Alice's on the demo cup, and her invitation emailed to `name`'s address: its link. */
async function invitedByAlice(w: World, name: string): Promise<{ league: { id: number }; link: string; email: string }> {
  const alice = await newPlayer(w, 'Alice');
  const league = await newLeague(w, alice, 'First hour');
  const email = emailOf(w, name);
  await w.api.call('POST', '/invitations', { token: alice.token, body: { league_id: league.id, email } });
  return { league, email, link: await linkInMail(w, email, INVITATION_LINK, 'the invitation email') };
}

/** Axe at both widths, then back to the width the journey runs at. */
async function axeClean(page: Page, label: string, width: number): Promise<void> {
  const found = await seriousViolationsAt(page, label, BOTH_WIDTHS);
  await page.setViewportSize(width === PHONE.width ? PHONE : DESKTOP);
  assert.deepEqual(found, [], `${label}: serious accessibility violations`);
}

/** A row of the bets page whose goals can still be chosen. */
const openRow = (page: Page) => page.locator('[data-testid^=bet-row-]').filter({ has: page.locator('select') }).first();

const JOURNEYS = [
  { language: 'es', locale: 'es-ES', viewport: PHONE, texts: { submit: 'Crear cuenta y unirme', mailbox: 'Solo falta un paso: confirma tu dirección', next: 'Jornada siguiente' } },
  { language: 'en', locale: 'en-US', viewport: DESKTOP, texts: { submit: 'Create account and join', mailbox: 'One step left: confirm your address', next: 'Next matchday' } },
] as const;

for (const journey of JOURNEYS) {
  test(`an invited newcomer goes from the invitation email to a saved first bet in at most ${MOST_ACTIONS} actions (${journey.language}, ${journey.viewport.width} px)`, async ({ world: w }) => {
    const name = journey.language === 'es' ? 'Nuria' : 'Nora';
    const { league, link, email } = await invitedByAlice(w, name);
    const { page } = await newVisitor(w, journey.locale);
    await page.setViewportSize(journey.viewport);
    const shot = (step: string) => screenshots(w, page, `invite-${step}${journey.language === 'es' ? '' : '-en'}`);
    const done: string[] = [];
    /** One thing the newcomer does: a click, a typed field (its Enter included), following the emailed link. */
    const act = async (what: string, run: () => Promise<unknown>) => {
      done.push(what);
      await run();
    };

    // Opening the invitation email's link starts the count.
    await page.goto(new URL(link).pathname);
    await page.getByRole('heading', { level: 1, name: /First hour/ }).waitFor();
    assert.equal(await page.locator('input[type=email]').inputValue(), email, 'the invited address is filled in');
    await settle(page);
    await shot('landing');
    await axeClean(page, 'invitation landing', journey.viewport.width);

    await act('type the name', () => page.locator('input[autocomplete=name]').fill(name));
    await act('type a password', () => page.locator('input[type=password]').fill(NEW_PLAYER_PASSWORD));
    await act('create the account', () => page.getByRole('button', { name: journey.texts.submit }).click());
    await page.getByRole('heading', { name: journey.texts.mailbox }).waitFor();
    await settle(page);
    await shot('signed-up');
    await axeClean(page, 'invitation waiting for the address', journey.viewport.width);

    const verification = await linkInMail(w, email, VERIFICATION_LINK, 'the verification email');
    assert.equal(new URL(verification).origin, w.origin, 'the verification link points to the app');
    await act('open the verification link', () => page.goto(new URL(verification).pathname + new URL(verification).search));
    await page.waitForURL((url) => url.pathname === '/result_bets/new' && url.searchParams.get('league_id') === String(league.id));
    await page.locator('[data-testid^=bet-row-]').first().waitFor();
    await settle(page);
    const person: Person = { name, email, password: NEW_PLAYER_PASSWORD, ...(await w.api.signIn(email, NEW_PLAYER_PASSWORD)) };
    const members = await w.api.call<Array<{ user_name: string }>>('GET', `/leagues/leagues_users/${league.id}`, { token: person.token });
    assert.ok(members.some((member) => member.user_name === name), 'the newcomer is a member once the address is verified');
    await shot('in-league');
    await axeClean(page, 'league bets after verification', journey.viewport.width);

    // At some times of day every match of the matchday shown has kicked off: the next matchday is one click away.
    while (await openRow(page).count() === 0) {
      await act('go to the next matchday', () => page.getByRole('button', { name: journey.texts.next }).click());
      await settle(page);
    }
    const row = openRow(page);
    const matchId = Number((await row.getAttribute('data-testid'))!.replace('bet-row-', ''));
    await act('choose the home goals', () => row.locator('select').nth(0).selectOption('2'));
    await act('choose the away goals', () => row.locator('select').nth(1).selectOption('1'));
    await eventually(async () => {
      const saved = (await betsOf(w, person, league.id, `?match_id=${matchId}`)).find((bet) => bet.match_id === matchId && bet.user_id === person.id);
      assert.deepEqual([saved?.local_goals, saved?.visiting_goals], [2, 1], 'the first bet is saved');
    });
    await settle(page);
    await shot('first-bet');

    // A second click on the same verification link (an old tab, the email opened again) is not an error: the address
    // was already confirmed, and it goes on to the league's bets. Not counted: the bet is already saved.
    const answer = page.waitForResponse((response) => response.url().includes('/users/verify_email') && response.request().method() === 'POST');
    await page.goto(new URL(verification).pathname + new URL(verification).search);
    assert.equal(((await (await answer).json()) as { already_verified?: boolean }).already_verified, true, 'the server says the address was already confirmed');
    await page.waitForURL((url) => url.pathname === '/result_bets/new' && url.searchParams.get('league_id') === String(league.id));

    w.notes.push(`${journey.language} at ${journey.viewport.width} px: ${done.length} actions (${done.join(', ')})`);
    assert.ok(done.length <= MOST_ACTIONS, `${done.length} actions from the invitation link to a saved bet (at most ${MOST_ACTIONS}): ${done.join(', ')}`);
  });
}

test('a verified player finds an invitation on the home page and joins it in one click, landing on its bets', async ({ world: w }) => {
  const { league, email } = await invitedByAlice(w, 'Pablo');
  const pablo = await newPlayer(w, 'Pablo');
  const verification = await linkInMail(w, email, VERIFICATION_LINK, 'the verification email');
  await w.api.call('POST', '/users/verify_email', { locale: null, body: { token: new URL(verification).searchParams.get('token') } });
  const { page } = await newVisitor(w);
  await page.goto('/users/sign_in');
  await page.locator('input[type=email]').fill(pablo.email);
  await page.locator('input[type=password]').fill(pablo.password);
  await page.locator('input[type=password]').press('Enter');
  const card = page.getByRole('region', { name: 'Invitations for you' });
  await card.waitFor();
  await settle(page);
  await screenshots(w, page, 'invite-home');
  await axeClean(page, 'home with a pending invitation', DESKTOP.width);
  await card.getByRole('button', { name: /^Join / }).click();
  await page.waitForURL((url) => url.pathname === '/result_bets/new' && url.searchParams.get('league_id') === String(league.id));
  const members = await w.api.call<Array<{ user_name: string }>>('GET', `/leagues/leagues_users/${league.id}`, { token: pablo.token });
  assert.ok(members.some((member) => member.user_name === 'Pablo'));
});

/*
 * A verification link opened twice, without an invitation to go on to: the second time says, in the newcomer's
 * language, that the address was already confirmed, never that the link is no longer valid.
 */
for (const { language, locale, already } of [
  { language: 'es', locale: 'es-ES', already: 'Tu dirección de email ya estaba confirmada.' },
  { language: 'en', locale: 'en-US', already: 'Your email address was already confirmed.' },
]) {
  test(`a second click on a verification link says the address was already confirmed (${language})`, async ({ world: w }) => {
    const name = language === 'es' ? 'Vera' : 'Vic';
    const person = await newPlayer(w, name);
    const link = await linkInMail(w, person.email, VERIFICATION_LINK, 'the verification email');
    const { page } = await newVisitor(w, locale);
    const path = new URL(link).pathname + new URL(link).search;
    await page.goto(path);
    await page.getByRole('alert').filter({ hasText: language === 'es' ? 'está confirmada' : 'is confirmed' }).waitFor();
    await page.goto(path);
    await page.getByText(already).waitFor();
    await settle(page);
    await screenshots(w, page, `verify-again-${language}`);
    await axeClean(page, `verification link opened again (${language})`, DESKTOP.width);
  });
}
