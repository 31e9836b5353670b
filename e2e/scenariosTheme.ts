import assert from 'node:assert/strict';
import { seriousViolations } from './accessibility';
import { newVisitor, screenshots, settle } from './browser';
import { signIn, type World } from './scenarios';

/**
 * Issue 14 §4: Ana (demo) opens her league: the classification shows each team's recent form. She switches to the
 * dark theme in the user panel (axe-clean there and on the league page at 1280 and 360 px, kept after a reload),
 * then to Spanish: groups and national teams are named in Spanish ("Grupo A", "Croacia", "Japón").
 */
export async function themeAndNames(w: World): Promise<string> {
  const { page, context } = await newVisitor(w.browser, w.origin);
  const found: string[] = [];
  const axe = async (label: string, width: number) => found.push(...(await seriousViolations(page, label, width)).serious);
  try {
    await signIn(w, page, 'AnaDark', 'ana@porra.demo');
    const leagues = await w.api.call<Array<{ id: number }>>('GET', '/leagues/index', { token: w.people.AnaDark.token });
    const leagueId = leagues[0].id;
    await page.goto(`/leagues/${leagueId}`);
    await page.getByRole('region', { name: 'Group A' }).waitFor();
    await page.getByRole('columnheader', { name: 'Form' }).first().waitFor();
    await page.getByRole('img', { name: /^Last matches, oldest first: (won|drawn|lost)/ }).first().waitFor();

    await page.getByRole('button', { name: 'Open the user panel' }).click();
    const panel = page.getByRole('navigation', { name: 'User panel' });
    await panel.getByRole('button', { name: 'Dark theme' }).click();
    await axe('user panel, dark', 1280);
    await page.keyboard.press('Escape');
    const background = () => page.evaluate(() => window.getComputedStyle(document.body).backgroundColor);
    assert.equal(await background(), 'rgb(18, 21, 18)');
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 740 });
      await settle(page);
      await axe('league, dark', width);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await page.getByRole('region', { name: 'Group A' }).waitFor();
    assert.equal(await background(), 'rgb(18, 21, 18)', 'the dark theme is remembered');
    await screenshots(page, 'league-dark');

    await page.getByRole('button', { name: 'Open the user panel' }).click();
    await panel.getByRole('button', { name: 'Español' }).click();
    // The panel re-renders in Spanish (focus leaves it for a moment): closed with its own button.
    await page.getByRole('navigation', { name: 'Panel de usuario' }).getByRole('button', { name: 'Cerrar', exact: true }).click();
    await page.getByRole('region', { name: 'Grupo A' }).waitFor();
    await page.getByText('Croacia').first().waitFor();
    await page.getByText('Japón').first().waitFor();
    await page.getByRole('img', { name: /^Últimos partidos/ }).first().waitFor();
    await screenshots(page, 'league-dark-es');
  } finally {
    await context.close();
  }
  assert.deepEqual(found, [], `serious axe violations:\n${found.join('\n')}`);
  return 'axe: user panel and league page in the dark theme, no serious violations';
}
