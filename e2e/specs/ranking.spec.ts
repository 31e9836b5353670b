import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import { seriousViolationsAt } from '../support/accessibility';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { adminToken, earliestOpenBet, newLeague, newPlayer, restoreMatchAtEnd, signIn } from '../support/players';
import { BOTH_WIDTHS, PHONE } from '../support/viewports';
import { eventually } from '../support/world';

type Me = { ranked: boolean; position: number | null; total_players: number; top_percent: number | null; leagues: Array<{ id: number }> };

const noSidewaysScroll = async (page: Page, where: string) => {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `${where} does not scroll sideways at phone width (${overflow} px)`);
};

/*
 * Everybody's ranking. Ada plays the demo cup in two leagues and bets 2-1 in the first (her main league, the first she
 * joined); the admin enters 2-1. Once the result job has reached her league she is in the cup's overall ranking:
 * home says where ("You are 12th of 40: top 30%"), the line opens the ranking, where her row is highlighted among the
 * rows around it, the list reads a page at a time and the search finds her. Choosing her second league (no scored
 * bet) takes her out; choosing the first again brings her back. The same in Spanish on a phone. axe at both widths.
 */
test('overall ranking: a ranked player sees their place on home and on the ranking page, in English and Spanish, on a phone and a laptop', async ({ world: w }) => {
  const ada = await newPlayer(w, 'Ada');
  const first = await newLeague(w, ada, 'Ranked league');
  await newLeague(w, ada, 'Second league');
  const bet = await earliestOpenBet(w, ada, first.id);
  await w.api.call('POST', '/result_bets/update_result_bet', { token: ada.token, body: { result_bet_id: bet.id, local_goals: 2, visiting_goals: 1 } });
  await restoreMatchAtEnd(w, bet.match_id);
  await w.api.call('PUT', `/matches/${bet.match_id}`, { token: await adminToken(w), body: { match: { status: 'finished', local_goals: 2, visiting_goals: 1 } } });
  const me = await eventually(async () => {
    const answer = await w.api.call<Me>('GET', `/competitions/ranking/${first.cupId}/me`, { token: ada.token });
    assert.ok(answer.ranked, 'Ada is in the overall ranking once her league has the result');
    return answer;
  }, 30_000);
  assert.equal(me.leagues.length, 2);
  w.notes.push(`Ada is ${me.position} of ${me.total_players} (top ${me.top_percent} %)`);
  const position = String(me.position);
  const total = me.total_players.toLocaleString('en');
  // Spanish groups every number from 1.000 with points (the interface asks Intl for it).
  const spanish = (value: number) => new Intl.NumberFormat('es', { useGrouping: 'always' } as Intl.NumberFormatOptions).format(value).replace(/\./g, '\\.');
  const esPosition = spanish(me.position ?? 0);
  const esTotal = spanish(me.total_players);

  // English, on a laptop: home, then the ranking.
  const { page } = await newVisitor(w);
  await signIn(w, page, 'Ada', ada.email, ada.password);
  const line = page.getByRole('link', { name: new RegExp(`^You are ${position}(st|nd|rd|th) of ${total}: top [\\d.]+%`) });
  await line.waitFor();
  await settle(page);
  const found = await seriousViolationsAt(page, 'home with the overall ranking line', BOTH_WIDTHS);
  await screenshots(w, page, 'ranking-home');
  await line.click();
  await page.waitForURL(`**/competitions/${first.cupId}/ranking`);
  await page.getByRole('heading', { level: 1, name: 'Demo World Cup' }).waitFor();
  const mine = page.getByRole('region', { name: 'My position' });
  await mine.getByText(new RegExp(`^${position}(st|nd|rd|th) of ${total}$`)).waitFor();
  const ownRow = mine.locator('tr[aria-current="true"]');
  assert.match(await ownRow.innerText(), /Ada \(you\)/);
  const whole = page.getByRole('region', { name: 'Overall ranking' });
  const table = whole.getByRole('table', { name: 'Overall ranking of Demo World Cup' });
  await table.waitFor();
  assert.ok(await table.getByRole('row').count() > 1, 'the ranking lists its players');
  assert.match(await whole.getByRole('status').innerText(), new RegExp(`^Showing [\\d,]+ of ${total} players$`));
  await settle(page);
  found.push(...await seriousViolationsAt(page, 'overall ranking page', BOTH_WIDTHS));
  await screenshots(w, page, 'ranking');
  await page.setViewportSize(PHONE);
  await noSidewaysScroll(page, 'the ranking page');

  await whole.getByRole('searchbox', { name: 'Search by name' }).fill('Ada');
  await whole.getByText(/players? found$/).waitFor();
  await whole.locator('tr[aria-current="true"]').getByText('Ada (you)').waitFor();

  // The league that counts: her second league has no scored bet, so she leaves the ranking; back to the first, she returns.
  const choice = mine.getByRole('combobox', { name: 'League that counts' });
  await choice.click();
  await page.getByRole('option', { name: `Second league ${w.stamp}` }).click();
  await page.getByText('League that counts saved').waitFor();
  await mine.getByText('You enter the ranking with your first scored bet.').waitFor();
  await choice.click();
  await page.getByRole('option', { name: `Ranked league ${w.stamp}` }).click();
  await mine.getByText(new RegExp(`^${position}(st|nd|rd|th) of ${total}$`)).waitFor();

  // Spanish, on a phone.
  const es = await newVisitor(w, 'es-ES');
  await es.page.setViewportSize(PHONE);
  await signIn(w, es.page, 'Ada', ada.email, ada.password);
  const linea = es.page.getByRole('link', { name: new RegExp(`^Eres el ${esPosition}\\.º de ${esTotal}: top [\\d,]+\\s%`) });
  await linea.waitFor();
  await settle(es.page);
  await noSidewaysScroll(es.page, 'home');
  found.push(...await seriousViolationsAt(es.page, 'home in Spanish with the overall ranking line', [PHONE.width]));
  await screenshots(w, es.page, 'ranking-home-es');
  await linea.click();
  const mia = es.page.getByRole('region', { name: 'Mi posición' });
  await mia.getByText(new RegExp(`^${esPosition}\\.º de ${esTotal}$`)).waitFor();
  await es.page.getByRole('table', { name: 'Clasificación general de Demo World Cup' }).waitFor();
  await settle(es.page);
  await noSidewaysScroll(es.page, 'the ranking page in Spanish');
  found.push(...await seriousViolationsAt(es.page, 'overall ranking page in Spanish', [PHONE.width]));
  await screenshots(w, es.page, 'ranking-es');
  assert.deepEqual(found, [], `axe: ${found.join('; ')}`);
});
