import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { seriousViolationsAt } from '../support/accessibility';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { earliestOpenBet, newLeague, newPlayer, NEW_PLAYER_PASSWORD, signIn } from '../support/players';
import { BOTH_WIDTHS } from '../support/viewports';
import { emailOf, type World } from '../support/world';

/** Clicks a download button and answers the saved file's bytes and suggested name. */
async function download(page: Page, button: string): Promise<{ bytes: Buffer; name: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()]);
  const path = await file.path();
  return { bytes: readFileSync(path), name: file.suggestedFilename() };
}

/** A new player whose name has accents (the address stays plain ASCII). */
async function accentedPlayer(w: World, name: string, login: string) {
  const email = emailOf(w, login);
  await w.api.call('POST', '/users', { locale: null, body: { api_v1_user: { name, email, password: NEW_PLAYER_PASSWORD, password_confirmation: NEW_PLAYER_PASSWORD } } });
  return { name, email, password: NEW_PLAYER_PASSWORD, ...(await w.api.signIn(email, NEW_PLAYER_PASSWORD)) };
}

/*
 * Data out. Begoña Núñez is a member of Nia's league and bets 2-1 on the earliest open match. On the league page she
 * downloads the CSV: the file starts with the UTF-8 byte-order mark and her name is intact in it. On her account page
 * she downloads her data: the JSON holds that bet. axe at both widths on both pages.
 */
test('exports: a member downloads the league CSV with accents intact and her own data with her bet', async ({ world: w }) => {
  const nia = await newPlayer(w, 'Nia');
  const begona = await accentedPlayer(w, 'Begoña Núñez', 'begona');
  const league = await newLeague(w, nia, 'Peña', [begona]);
  const bet = await earliestOpenBet(w, begona, league.id);
  await w.api.call('POST', '/result_bets/update_result_bet', { token: begona.token, body: { result_bet_id: bet.id, local_goals: 2, visiting_goals: 1 } });

  const { page } = await newVisitor(w);
  await signIn(w, page, begona.name, begona.email, begona.password);
  await page.goto(`/leagues/${league.id}`);
  await page.getByRole('button', { name: 'Download CSV', exact: true }).waitFor();
  await settle(page);
  const csv = await download(page, 'Download CSV');
  assert.deepEqual([...csv.bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'the CSV starts with the UTF-8 byte-order mark');
  assert.match(csv.name, /^Peña .+ \d{4}-\d\d-\d\d\.csv$/);
  const text = csv.bytes.subarray(3).toString('utf8');
  assert.match(text, /^Position,Member,/);
  assert.match(text, /\r\n1,Begoña Núñez,/);
  const leagueFound = await seriousViolationsAt(page, 'league page, downloads', BOTH_WIDTHS);
  await screenshots(w, page, 'league-downloads');

  await page.goto('/users/edit');
  const card = page.getByRole('region', { name: 'Your data', exact: true });
  await card.waitFor();
  await settle(page);
  const [file] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download my data' }).click()]);
  const data = JSON.parse(readFileSync(await file.path(), 'utf8')) as { user_id: number; sections: { account: { name: string }; result_bets: Array<Record<string, unknown>> } };
  assert.equal(data.user_id, begona.id);
  assert.equal(data.sections.account.name, 'Begoña Núñez');
  assert.ok(data.sections.result_bets.some((b) => b.match_id === bet.match_id && b.local_goals === 2 && b.visiting_goals === 1), 'her bet is in her data');
  const accountFound = await seriousViolationsAt(page, 'account page, my data', BOTH_WIDTHS);
  await screenshots(w, page, 'my-data');

  // The owner keeps the league's whole history.
  const archive = await w.api.call<{ format: string; members: Array<{ name: string }> }>('GET', `/leagues/archive/${league.id}`, { token: nia.token });
  assert.equal(archive.format, 'porra-league-archive');
  assert.deepEqual(archive.members.map((m) => m.name), ['Nia', 'Begoña Núñez']);
  assert.deepEqual([...leagueFound, ...accountFound], [], `axe: ${[...leagueFound, ...accountFound].join('; ')}`);
});
