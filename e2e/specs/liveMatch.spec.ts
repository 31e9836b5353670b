import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import { seriousViolationsAt } from '../support/accessibility';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { adminToken, betsOf, newPlayer, signIn } from '../support/players';
import { BOTH_WIDTHS, PHONE } from '../support/viewports';

const MINUTE = 60_000;
/** The replayed match's only goal, and how long after the league page opens it comes. */
const GOAL_MINUTE = 23;
const LEAD_MS = 25_000;

/** A past match to replay: Spain 1-0 Japan, the goal in the 23rd minute. */
const replayFile = () => JSON.stringify({
  name: 'Replay Cup 2030',
  matches: [{
    round: 'Matchday 1', date: '2030-06-10', time: '18:00 UTC+0', team1: 'Spain', team2: 'Japan', group: 'Group A',
    score: { ft: [1, 0], ht: [1, 0] }, goals1: [{ name: 'Lamine Yamal', minute: GOAL_MINUTE }], goals2: [],
  }],
});

/*
 * A replayed match scores at its minute. The admin imports a one-match file as a replay under its own name; Lia makes
 * a league on it and bets 1-0. The file is imported again with its kickoff moved so that the goal's minute comes
 * LEAD_MS after Lia opens the league page: the live scores card shows 0-0 in the first half, then, when the minute
 * comes and the competition is updated, 1-0 at 23' and a provisional table, without a reload. Then in Spanish the
 * league page, the home page's strip and the match page show it ("1ª parte 23'"). axe at 390 and 1366 px on each page.
 */
test('a replayed match scores its goal at its minute on an open league page, in the strip and on the match page', async ({ world: w }) => {
  const token = await adminToken(w);
  const name = `Replay ${w.stamp}`;
  const importAt = (kickoff: number) => w.api.call<{ competition: { id: number } }>('POST', '/admin/competitions/import', {
    token, body: { provider: 'openfootball', file: { name: 'replaycup-2030.json', content: replayFile() }, name, replay: true, shift_to: new Date(kickoff).toISOString() },
  });
  const { competition } = await importAt(Date.now() + 60 * MINUTE);
  const lia = await newPlayer(w, 'Lia');
  const { league } = await w.api.call<{ league: { id: number } }>('POST', '/leagues', {
    token: lia.token, body: { league: { name: `Replay league ${w.stamp}`, competition_id: competition.id } },
  });
  const [bet] = await betsOf(w, lia, league.id);
  await w.api.call('POST', '/result_bets/update_result_bet', { token: lia.token, body: { result_bet_id: bet.id, local_goals: 1, visiting_goals: 0 } });

  // Kick-off moved into the past: the goal's minute comes LEAD_MS from now.
  const kickoff = Date.now() + LEAD_MS - GOAL_MINUTE * MINUTE;
  await importAt(kickoff);
  const update = () => w.api.call('POST', `/update/update_competition/${competition.id}`, { token });
  await update();

  const en = await newVisitor(w);
  await signIn(w, en.page, 'Lia', lia.email, lia.password);
  await en.page.goto(`/leagues/${league.id}`);
  const card = en.page.getByRole('region', { name: 'Live scores' }).getByTestId(`live-match-${bet.match_id}`);
  await card.getByText(/^1st half \d+'$/).waitFor();
  assert.match(await card.innerText(), /0-0/);
  const reloads: string[] = [];
  en.page.on('framenavigated', (frame) => { if (frame === en.page.mainFrame()) reloads.push(frame.url()); });

  // The goal comes at its minute: the page shows it without a reload, with a provisional table.
  await en.page.waitForTimeout(Math.max(0, kickoff + GOAL_MINUTE * MINUTE - Date.now()));
  await update();
  await card.getByText(`1st half ${GOAL_MINUTE}'`).waitFor({ timeout: 15_000 });
  assert.match(await card.innerText(), /1-0/);
  await en.page.getByText('Provisional', { exact: true }).waitFor({ timeout: 15_000 });
  assert.deepEqual(reloads, [], 'the league page was not reloaded');
  const found = await seriousViolationsAt(en.page, 'league page, replayed match in play', BOTH_WIDTHS);
  await screenshots(w, en.page, 'live-league-area');

  // The match page in English, then the strip and the match page in Spanish at phone width.
  const clockOf = (page: Page, text: RegExp) => page.getByTestId('match-clock').filter({ hasText: text }).first();
  await en.page.goto(`/matches/${bet.match_id}/show_bets?league_id=${league.id}`);
  await clockOf(en.page, /^1st half \d+'$/).waitFor();
  found.push(...await seriousViolationsAt(en.page, 'match page, in play', BOTH_WIDTHS));

  const es = await newVisitor(w, 'es-ES');
  await es.page.setViewportSize(PHONE);
  await signIn(w, es.page, 'Lia', lia.email, lia.password);
  await es.page.goto(`/leagues/${league.id}`);
  const esCard = es.page.getByRole('region', { name: 'Resultados en directo' }).getByTestId(`live-match-${bet.match_id}`);
  await esCard.getByText(/^1ª parte \d+'$/).waitFor();
  assert.match(await esCard.innerText(), /1-0/);
  await settle(es.page);
  found.push(...await seriousViolationsAt(es.page, 'league page, replayed match in play (es)', BOTH_WIDTHS));

  await es.page.goto('/');
  const stripCard = es.page.locator(`[data-match-id="${bet.match_id}"]`);
  await stripCard.getByText(/^1ª parte \d+'$/).waitFor();
  assert.match(await stripCard.innerText(), /1 - 0/);
  await settle(es.page);
  found.push(...await seriousViolationsAt(es.page, 'home strip, in play (es)', BOTH_WIDTHS));
  await screenshots(w, es.page, 'live-match-strip');

  await es.page.goto(`/matches/${bet.match_id}/show_bets?league_id=${league.id}`);
  await clockOf(es.page, /^1ª parte \d+'$/).waitFor();
  await settle(es.page);
  found.push(...await seriousViolationsAt(es.page, 'match page, in play (es)', BOTH_WIDTHS));
  await screenshots(w, es.page, 'live-match-page');
  assert.deepEqual(found, [], `axe: ${found.join('; ')}`);
  w.notes.push(`replayed goal shown at ${GOAL_MINUTE}' on the open league page without a reload; league page, strip and match page in es`);
});
