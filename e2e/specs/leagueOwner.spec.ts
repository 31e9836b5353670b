import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ARTIFACTS } from '../browser';
import { test } from '../support/fixtures';
import { seriousViolationsAt } from '../support/accessibility';
import { newVisitor, screenshots, settle } from '../support/pages';
import { newLeague, newPlayer, signIn } from '../support/players';
import { BOTH_WIDTHS, PHONE } from '../support/viewports';
import { emailOf, eventually } from '../support/world';

/** An owner who can still run the league once the cup has started, and what members and outsiders see of it. */

type Language = 'es' | 'en';
const LANGUAGES: Array<{ language: Language; locale: string }> = [{ language: 'es', locale: 'es-ES' }, { language: 'en', locale: 'en-US' }];

const TEXTS = {
  es: {
    edit: 'Editar liga', frozen: 'Algunos ajustes están congelados', name: /^Nombre/, description: 'Descripción (opcional)', joinSwitch: 'Cualquiera puede unirse desde la búsqueda',
    sign: 'Quiniela (1, X, 2)', save: 'Guardar', frozenError: /^La competición ha empezado: los ajustes de puntuación están congelados/,
    privateHeading: 'Liga privada', searchLeagues: 'Buscar ligas', notMember: 'No participas en esta liga', join: 'Unirme a la liga',
    more: 'Más', log: 'Registro de la liga',
    logIntro: /Qué se registra aquí/, myBets: 'Mis apuestas', table: 'Clasificación de la liga', classification: 'Clasificación',
  },
  en: {
    edit: 'Edit league', frozen: 'Some settings are frozen', name: /^Name/, description: 'Description (optional)', joinSwitch: 'Anyone may join from the search',
    sign: 'Sign (1, X, 2)', save: 'Save', frozenError: /^The competition has started: the scoring settings are frozen/,
    privateHeading: 'Private league', searchLeagues: 'Search leagues', notMember: 'You are not a member of this league', join: 'Join the league',
    more: 'More', log: 'League log',
    logIntro: /What is recorded here/, myBets: 'My bets', table: 'League table', classification: 'Classification',
  },
} as const;

const refusalOf = (call: Promise<unknown>) => call.then(() => ({ status: 200, data: undefined as unknown }),
  (error: { status?: number; data?: unknown }) => ({ status: error.status ?? 0, data: error.data }));

for (const { language, locale } of LANGUAGES) {
  const say = TEXTS[language];

  test(`after the start the owner renames the league and opens it, the form says what is frozen and why, and the server keeps it so (${language})`, async ({ world: w }) => {
    const owner = await newPlayer(w, `Olga${language}`);
    const league = await newLeague(w, owner, `Started ${language}`);
    const before = await w.api.call<{ editable: boolean; bets_system: string }>('GET', `/leagues/${league.id}`, { token: owner.token });
    assert.equal(before.editable, false, 'the demo cup has kicked off: the league is past its start');

    const { page } = await newVisitor(w, locale);
    await signIn(w, page, owner.name, owner.email, owner.password);
    await page.goto(`/leagues/${league.id}`);
    await page.getByRole('link', { name: say.edit }).click();
    await page.getByText(say.frozen).waitFor();
    assert.ok(await page.getByRole('radio', { name: say.sign }).isDisabled(), 'the scoring is frozen on screen');
    await settle(page);
    await screenshots(w, page, `league-settings-after-start-${language}`);
    assert.deepEqual(await seriousViolationsAt(page, `league settings after the start (${language})`, BOTH_WIDTHS), []);

    const renamed = `Renamed ${language} ${w.stamp}`;
    await page.getByRole('textbox', { name: say.name }).fill(renamed);
    await page.getByRole('textbox', { name: say.description }).fill(`Prize ${language}: dinner paid by the last one`);
    await page.getByRole('switch', { name: say.joinSwitch }).click();
    await page.getByRole('button', { name: say.save, exact: true }).click();
    await page.waitForURL(new RegExp(`/leagues/${league.id}$`));
    await page.getByRole('heading', { level: 1, name: renamed }).waitFor();
    await page.getByText(`Prize ${language}: dinner paid by the last one`).waitFor();
    await settle(page);
    await screenshots(w, page, `league-renamed-after-start-${language}`);
    const after = await w.api.call<{ name: string; description: string; allow_join: boolean; bets_system: string }>('GET', `/leagues/${league.id}`, { token: owner.token });
    assert.deepEqual([after.name, after.description, after.allow_join, after.bets_system], [renamed, `Prize ${language}: dinner paid by the last one`, true, before.bets_system]);

    // What the form keeps out, the route refuses too: in the caller's language, and nothing changes.
    const frozen = await refusalOf(w.api.call('PUT', `/leagues/${league.id}`, {
      token: owner.token, locale: language, body: { league: { name: 'Sneaky', bets_system: 'sign' } },
    }));
    assert.equal(frozen.status, 403);
    assert.match((frozen.data as { error: string }).error, say.frozenError);
    const still = await w.api.call<{ name: string; bets_system: string }>('GET', `/leagues/${league.id}`, { token: owner.token });
    assert.deepEqual([still.name, still.bets_system], [renamed, before.bets_system]);
  });

  test(`the owner sees every pending invitation, a member who invites only their own; deleting one asks first (${language})`, async ({ world: w }) => {
    const owner = await newPlayer(w, `Owen${language}`);
    const member = await newPlayer(w, `Mia${language}`);
    const league = await newLeague(w, owner, `Invites ${language}`, [member]);
    await w.api.call('PUT', `/leagues/${league.id}`, { token: owner.token, body: { league: { allow_invite: true } } });
    const ownersGuest = emailOf(w, `ownersguest${language}`);
    const membersGuest = emailOf(w, `miasguest${language}`);
    await w.api.call('POST', '/invitations', { token: owner.token, body: { league_id: league.id, email: ownersGuest } });
    await w.api.call('POST', '/invitations', { token: member.token, body: { league_id: league.id, email: membersGuest } });

    // The route is what keeps another person's address from a member, whatever a client asks.
    type Invitation = { email: string };
    const ownersList = await w.api.call<Invitation[]>('GET', `/invitations/league/${league.id}`, { token: owner.token });
    assert.deepEqual(ownersList.map((item) => item.email).sort(), [membersGuest, ownersGuest].sort());
    const membersList = await w.api.call<Invitation[]>('GET', `/invitations/league/${league.id}`, { token: member.token });
    assert.deepEqual(membersList.map((item) => item.email), [membersGuest]);

    const { page } = await newVisitor(w, locale);
    await signIn(w, page, member.name, member.email, member.password);
    await page.goto(`/leagues/admin/${league.id}`);
    await page.getByText(membersGuest).waitFor();
    assert.equal(await page.getByText(ownersGuest).count(), 0, "the member never sees the owner's invitee");
    // The note comes before the button that sends it.
    const form = page.locator('form').filter({ has: page.locator('input[type=email]') });
    const [noteBox, sendBox] = await Promise.all([form.locator('textarea').first().boundingBox(), form.getByRole('button').last().boundingBox()]);
    assert.ok(noteBox && sendBox && noteBox.y < sendBox.y, 'the message box is above its button');
    await settle(page);
    await screenshots(w, page, `league-invitations-member-${language}`);

    await page.getByRole('button', { name: new RegExp(membersGuest.replace(/[.+]/g, '\\$&')) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await screenshots(w, page, `league-invitation-delete-confirm-${language}`);
    await dialog.getByRole('button').last().click();
    await dialog.waitFor({ state: 'hidden' });
    await eventually(async () => {
      const left = await w.api.call<Invitation[]>('GET', `/invitations/league/${league.id}`, { token: owner.token });
      assert.deepEqual(left.map((item) => item.email), [ownersGuest]);
    });

    const ownerPage = (await newVisitor(w, locale)).page;
    await signIn(w, ownerPage, owner.name, owner.email, owner.password);
    await ownerPage.goto(`/leagues/admin/${league.id}`);
    await ownerPage.getByText(ownersGuest).waitFor();
    await settle(ownerPage);
    await screenshots(w, ownerPage, `league-invitations-owner-${language}`);
  });

  test(`an outsider opening a league's address sees why and the way in, and nothing of the league (${language})`, async ({ world: w }) => {
    const owner = await newPlayer(w, `Pablo${language}`);
    const member = await newPlayer(w, `Rita${language}`);
    const outsider = await newPlayer(w, `Sam${language}`);
    const closed = await newLeague(w, owner, `Closed ${language}`, [member]);
    const open = await newLeague(w, owner, `Open ${language}`, [member]);
    await w.api.call('PUT', `/leagues/${open.id}`, { token: owner.token, body: { league: { allow_join: true } } });

    // On the routes: a private league answers 403 with its reason only; its members, table and bets stay shut.
    const shown = await refusalOf(w.api.call('GET', `/leagues/${closed.id}`, { token: outsider.token, locale: language }));
    assert.equal(shown.status, 403);
    assert.deepEqual(Object.keys(shown.data as object), ['error']);
    assert.doesNotMatch(JSON.stringify(shown.data), new RegExp(`Closed|${owner.name}|${member.name}`));
    for (const path of [`/leagues/leagues_users/${closed.id}`, `/leagues/users_league_table/${closed.id}`, `/leagues/leagues_users/${open.id}`]) {
      const refused = await refusalOf(w.api.call('GET', path, { token: outsider.token }));
      assert.ok(refused.status === 403 || refused.status === 404, `${path} is refused to an outsider (got ${refused.status})`);
    }

    const { page } = await newVisitor(w, locale);
    await signIn(w, page, outsider.name, outsider.email, outsider.password);
    await page.goto(`/leagues/${closed.id}`);
    await page.getByRole('heading', { level: 1, name: say.privateHeading }).waitFor();
    await page.getByRole('link', { name: say.searchLeagues }).waitFor();
    assert.equal(await page.getByText(`Closed ${language} ${w.stamp}`).count(), 0, "the private league's name is not shown");
    await settle(page);
    await screenshots(w, page, `league-private-${language}`);

    const tableReads: string[] = [];
    page.on('request', (request) => { if (/users_league_table|leagues_users/.test(request.url())) tableReads.push(request.url()); });
    await page.goto(`/leagues/${open.id}`);
    await page.getByRole('heading', { name: say.notMember }).waitFor();
    await settle(page);
    await screenshots(w, page, `league-not-member-${language}`);
    assert.deepEqual(tableReads, [], 'the page asks nothing member-only of a league the outsider is not in');
    await page.getByRole('button', { name: say.join }).click();
    await page.waitForURL(/\/result_bets\/new\?league_id=/);
    const members = await w.api.call<Array<{ user_id: number }>>('GET', `/leagues/leagues_users/${open.id}`, { token: outsider.token });
    assert.ok(members.some((row) => row.user_id === outsider.id), 'the outsider joined');
  });

  test(`a member's league page on a phone: my bets and the table's points first, the other actions folded; the log explains itself (${language})`, async ({ world: w }) => {
    const owner = await newPlayer(w, `Teo${language}`);
    const member = await newPlayer(w, `Uma${language}`);
    const league = await newLeague(w, owner, `Phone ${language}`, [member]);

    const { page } = await newVisitor(w, locale);
    await page.setViewportSize(PHONE);
    await signIn(w, page, member.name, member.email, member.password);
    await page.goto(`/leagues/${league.id}`);
    const myBets = page.getByRole('link', { name: say.myBets });
    await myBets.waitFor();
    const more = page.getByRole('button', { name: say.more });
    assert.equal(await more.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.getByRole('link', { name: say.log }).count(), 0, 'the other actions are folded');
    const table = page.getByRole('table', { name: say.table });
    await table.waitFor();
    await settle(page);
    const total = table.getByRole('columnheader', { name: /^Total/ });
    const [betsBox, totalBox] = await Promise.all([myBets.boundingBox(), total.boundingBox()]);
    assert.ok(betsBox && betsBox.y + betsBox.height <= PHONE.height, '"my bets" is on the first screen');
    assert.ok(totalBox && totalBox.x + totalBox.width <= PHONE.width, 'the points column is within the phone width');
    const groupPoints = page.getByRole('table', { name: say.classification, exact: true }).first().getByRole('columnheader', { name: 'Pts', exact: true });
    const pointsBox = await groupPoints.boundingBox();
    assert.ok(pointsBox && pointsBox.x + pointsBox.width <= PHONE.width, "the competition table's points are within the phone width");
    await screenshots(w, page, `league-phone-${language}`);
    await page.setViewportSize(PHONE);
    await more.click();
    await page.getByRole('link', { name: say.log }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, `league-phone-actions-${language}-390.png`) });
    assert.deepEqual(await seriousViolationsAt(page, `league page on a phone (${language})`, [PHONE.width]), []);

    await page.getByRole('link', { name: say.log }).click();
    await page.getByText(say.logIntro).waitFor();
    assert.equal(await page.getByText(/verify-log/).count(), 0, 'no command-line hint on a player\'s log');
    await settle(page);
    await screenshots(w, page, `league-log-player-${language}`);
  });
}
