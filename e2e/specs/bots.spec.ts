import assert from 'node:assert/strict';
import { seriousViolationsAt } from '../support/accessibility';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { adminToken, betsOf, earliestOpenBet, newLeague, newPlayer, restoreMatchAtEnd, signIn } from '../support/players';
import { BOTH_WIDTHS, PHONE } from '../support/viewports';

/*
 * A tipping bot. Bo (Spanish, on a phone) makes a betting API token in his account settings and copies it. A script
 * places his bet with it through the API. Once the match's bets are shown (its kickoff moved to the past by the
 * admin), Cleo, another member, sees the robot mark on Bo's bet on the match's bets page. In a league that forbids
 * bots the same token's bet is refused with 403. The match is put back at the end.
 */
test('bots: a bet placed with an API token shows the robot mark, and a league that forbids bots refuses it', async ({ world: w }) => {
  const bo = await newPlayer(w, 'Bo');
  const cleo = await newPlayer(w, 'Cleo');
  const league = await newLeague(w, cleo, 'Bots league', [bo]);
  const closed = await newLeague(w, cleo, 'No bots league', [bo]);
  await w.api.call('PUT', `/leagues/${closed.id}`, { token: cleo.token, body: { league: { bots: 'forbidden' } } });

  const { page } = await newVisitor(w, 'es-ES');
  await page.setViewportSize(PHONE);
  await signIn(w, page, 'Bo', bo.email, bo.password);
  await page.goto('/users/edit');
  await page.getByRole('link', { name: 'Tokens de API' }).click();
  await page.getByRole('heading', { name: 'Tokens de API' }).waitFor();
  await page.getByLabel('Nombre del token').click();
  await page.keyboard.type('Mi bot');
  await page.getByRole('combobox', { name: 'Qué puede hacer' }).click();
  await page.getByRole('option', { name: 'Leer y apostar' }).click();
  await page.getByRole('button', { name: 'Crear token' }).click();
  const value = page.getByLabel('Tu nuevo token');
  await value.waitFor();
  const token = await value.inputValue();
  assert.match(token, new RegExp(`^porra_pat_${bo.id}_`));
  await page.getByRole('button', { name: 'Copiar token' }).click();
  await page.getByText('Token copiado').waitFor();
  await page.getByRole('list', { name: 'Tus tokens' }).getByText('Mi bot').waitFor();
  await settle(page);
  const found = await seriousViolationsAt(page, 'API tokens', BOTH_WIDTHS);
  await screenshots(w, page, 'api-tokens');

  // The script: Bo's earliest open bet, placed with the token.
  const target = await earliestOpenBet(w, bo, league.id);
  await restoreMatchAtEnd(w, target.match_id);
  const bot = { ...bo, token };
  const [own] = (await betsOf(w, bot, league.id, `?matchday=${target.match.matchday}`)).filter((bet) => bet.match_id === target.match_id);
  await w.api.call('POST', '/result_bets/update_result_bet', { token, body: { result_bet_id: own.id, local_goals: 2, visiting_goals: 1 } });
  const refused = await w.api.call('POST', '/result_bets/update_result_bet', {
    token, locale: 'es',
    body: { result_bet_id: (await betsOf(w, bo, closed.id, `?matchday=${target.match.matchday}`)).find((bet) => bet.match_id === target.match_id)!.id, local_goals: 2, visiting_goals: 1 },
  }).catch((error: { status: number; data: { error: string } }) => error);
  assert.equal((refused as { status: number }).status, 403);
  assert.equal((refused as { data: { error: string } }).data.error, 'Esta liga no admite apuestas hechas con un token de API');

  // The bets are shown once the match has kicked off.
  await w.api.call('PUT', `/matches/${target.match_id}`, { token: await adminToken(w), body: { match: { date: new Date(Date.now() - 60_000).toISOString() } } });
  const cleoPage = (await newVisitor(w)).page;
  await signIn(w, cleoPage, 'Cleo', cleo.email, cleo.password);
  await cleoPage.goto(`/matches/${target.match_id}/show_bets?league_id=${league.id}`);
  const row = cleoPage.getByTestId(`match-bet-${bo.id}`);
  await row.getByText('2-1').waitFor();
  await row.getByRole('img', { name: 'Placed with an API token (bot)' }).waitFor();
  const cleoRow = cleoPage.getByTestId(`match-bet-${cleo.id}`);
  assert.equal(await cleoRow.getByRole('img', { name: 'Placed with an API token (bot)' }).count(), 0);
  await settle(cleoPage);
  const onMatch = await seriousViolationsAt(cleoPage, 'match bets, robot mark', BOTH_WIDTHS);
  await screenshots(w, cleoPage, 'robot-mark');
  assert.deepEqual([...found, ...onMatch], [], `axe: ${[...found, ...onMatch].join('; ')}`);
});
