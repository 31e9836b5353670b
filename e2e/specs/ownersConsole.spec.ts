import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import { seriousViolationsAt } from '../support/accessibility';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { newPlayer, signIn, signInAdmin } from '../support/players';
import { eventually } from '../support/world';
import { BOTH_WIDTHS, DESKTOP, PHONE } from '../support/viewports';

/** Floating labels of filled form fields whose text is cut (shown with an ellipsis), by their text. */
const cutLabels = (page: Page) => page.evaluate(() => [...document.querySelectorAll('label.MuiInputLabel-shrink')]
  .filter((label) => (label as unknown as { offsetParent: unknown }).offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
  .map((label) => label.textContent ?? ''));

/** The new-league form's competition: the first one offered, when none is chosen yet. */
async function chooseCompetition(page: Page, name: RegExp) {
  const competition = page.getByRole('combobox', { name });
  await competition.waitFor();
  if (!(await competition.textContent())?.trim()) {
    await competition.click();
    await page.getByRole('option').first().click();
  }
}

/*
 * An owner creates a league on screen with a bonus question and is offered its share link and an invitation form at
 * once; on a phone the league table keeps position, name and total in view; the points page explains the bonus
 * question and the extra points column. A member who may invite sees "Invitar" in Spanish. No form label is cut at
 * 1366 px in either language. axe at 390 and 1366 px on each page.
 */
test('owners: a league created with a bonus question offers its share link and invitations; phone table; points explained', async ({ world: w }) => {
  const olga = await newPlayer(w, 'Olga');
  const { page } = await newVisitor(w);
  await signIn(w, page, 'Olga', olga.email, olga.password);
  await page.goto('/leagues/new');
  await page.getByRole('textbox', { name: /^Name/ }).fill(`Owners ${w.stamp}`);
  await chooseCompetition(page, /Competition/);
  await settle(page);
  assert.deepEqual(await cutLabels(page), [], 'no label of the new-league form is cut at 1366 px (en)');
  await page.getByRole('button', { name: 'Add a bonus question' }).click();
  await page.getByTestId('new-question-1').getByRole('textbox', { name: /^Question/ }).fill('Who wins the cup?');
  await page.getByRole('button', { name: 'Create league' }).click();

  const dialog = page.getByRole('dialog', { name: `Owners ${w.stamp} is ready` });
  await dialog.waitFor();
  const link = await dialog.getByLabel('Link to join').inputValue();
  assert.match(link, /\/leagues\/join\/\d+\//);
  await dialog.getByRole('button', { name: 'Copy the link' }).click();
  await page.getByText('Link copied').waitFor();
  await screenshots(w, page, 'league-created-share');
  const found = await seriousViolationsAt(page, 'league created', BOTH_WIDTHS);
  await page.setViewportSize(DESKTOP);
  await dialog.getByRole('textbox', { name: 'Email to invite' }).fill(`friend-${w.stamp}@e2e.test`);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByText(/Invitation sent|invit/i).first().waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
  const leagueId = Number(/\/leagues\/(\d+)$/.exec(page.url())![1]);
  const questions = await w.api.call<Array<{ text: string }>>('GET', `/bonus_questions/index/${leagueId}`, { token: olga.token });
  assert.deepEqual(questions.map((question) => question.text), ['Who wins the cup?']);

  // A member who may invite, in Spanish: "Invitar", not "Administración".
  const bea = await newPlayer(w, 'Bea');
  await w.api.call('POST', '/leagues/join', { token: bea.token, body: { league_id: leagueId, invitation_token: link.split('/').pop() } });
  const es = await newVisitor(w, 'es-ES');
  await signIn(w, es.page, 'Bea', bea.email, bea.password);
  await es.page.goto(`/leagues/${leagueId}`);
  await es.page.getByRole('link', { name: 'Invitar' }).waitFor();
  assert.equal(await es.page.getByRole('link', { name: 'Administración' }).count(), 0);

  // The phone table: position, name and total in view, nothing to scroll sideways.
  await es.page.setViewportSize(PHONE);
  const table = es.page.getByRole('table', { name: 'Clasificación de la liga' });
  await table.waitFor();
  const total = await table.getByRole('columnheader', { name: 'Total' }).boundingBox();
  assert.ok(total && total.x + total.width <= PHONE.width, `the total column is in view at 390 px (${JSON.stringify(total)})`);
  assert.equal(await table.getByRole('columnheader', { name: 'Puntos extra' }).isVisible(), false, 'extra points wait for a wider screen');
  await screenshots(w, es.page, 'league-table-phone');
  found.push(...await seriousViolationsAt(es.page, 'league page (es)', BOTH_WIDTHS));

  // Spanish labels are not cut on desktop either.
  await es.page.setViewportSize(DESKTOP);
  await es.page.goto('/leagues/new');
  await chooseCompetition(es.page, /Competición/);
  await settle(es.page);
  assert.deepEqual(await cutLabels(es.page), [], 'no label of the new-league form is cut at 1366 px (es)');
  // MUI's own words follow the language: the teams field's button and its empty list.
  const teams = es.page.getByRole('combobox', { name: /Equipos/ });
  await es.page.getByRole('button', { name: 'Abrir', exact: true }).first().waitFor();
  await teams.fill('zzzz');
  await es.page.getByText('Sin opciones').waitFor();

  // The points page names the bonus question and the extra points column.
  await page.goto(`/leagues/${leagueId}/points`);
  const other = page.getByRole('region', { name: 'Picks and bonus questions' });
  await other.getByText('Who wins the cup?').waitFor();
  assert.match(await other.innerText(), /"Extra points" column/);
  await screenshots(w, page, 'points-explained');
  found.push(...await seriousViolationsAt(page, 'points page', BOTH_WIDTHS));
  assert.deepEqual(found, [], found.join('\n'));
  w.notes.push('league created with a bonus question; share link and invitation offered at once; Invitar for a member; phone table keeps the total; points page explains the extra points');
});

/*
 * The console in Spanish: the process history hides scheduled runs that changed nothing until the switch asks for
 * them; the users list follows the search box as one types; MUI's pagination speaks Spanish. axe at both widths.
 */
test('console: process history switch for idle runs and a users list that filters as one types, in Spanish', async ({ world: w }) => {
  const dana = await newPlayer(w, 'Dana');
  const { page } = await newVisitor(w, 'es-ES');
  await signInAdmin(w, page);
  await page.goto('/admin/processes');
  await page.getByRole('heading', { name: 'Historial de procesos' }).waitFor();
  const asked = page.waitForRequest((request) => request.url().includes('/admin/processes') && request.url().includes('include_idle=true'));
  await page.getByRole('switch', { name: 'Mostrar las ejecuciones programadas que no cambiaron nada' }).click();
  await asked;
  await settle(page);
  await screenshots(w, page, 'console-processes');
  const found = await seriousViolationsAt(page, 'console processes (es)', BOTH_WIDTHS);
  await page.setViewportSize(DESKTOP);

  await page.getByRole('navigation', { name: 'Secciones de la consola' }).getByRole('link', { name: 'Usuarios' }).click();
  const box = page.getByRole('searchbox', { name: 'Nombre o correo' });
  // Typing goes to the focused element: the click waits until the box is visible (the page shows once its list loads).
  await box.click();
  await box.pressSequentially(dana.email.slice(0, 12), { delay: 30 });
  assert.equal(await box.inputValue(), dana.email.slice(0, 12));
  const cards = page.locator('[data-testid^=user-]').filter({ has: page.getByRole('heading', { level: 3 }) });
  await eventually(async () => assert.deepEqual(await cards.evaluateAll((items) => items.map((item) => item.getAttribute('data-testid'))), [`user-${dana.id}`]), 15_000);
  assert.equal(await page.getByRole('button', { name: 'Buscar', exact: true }).count(), 0, 'no search button: the list follows the box');
  await screenshots(w, page, 'console-users-filter');
  found.push(...await seriousViolationsAt(page, 'console users (es)', BOTH_WIDTHS));
  await page.setViewportSize(DESKTOP);
  await box.fill('');
  const pages = page.getByRole('navigation', { name: /Páginas de usuarios/ });
  if (await pages.count()) await pages.getByRole('button', { name: 'Ir a la página 2' }).waitFor();
  assert.deepEqual(found, [], found.join('\n'));
  w.notes.push('console in Spanish: idle runs switch asks the server for them; users list filtered as one types to Dana alone');
});
