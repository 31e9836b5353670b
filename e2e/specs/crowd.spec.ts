import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import { seriousViolationsAt } from '../support/accessibility';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { adminToken, betsOf, newPlayer, openCup, openMatchday, restoreMatchAtEnd, signIn } from '../support/players';
import { eventually, type Person, type World } from '../support/world';
import { BOTH_WIDTHS, PHONE } from '../support/viewports';

const QUOTE = { mode: 'quote', tendency: 2, goal_difference: 0, exact: 2, local_goals: 0, visiting_goals: 0, quote_max: 10 };

async function bet(w: World, person: Person, leagueId: number, matchday: number, goals: Record<number, [number, number]>) {
  for (const row of await betsOf(w, person, leagueId, `?matchday=${matchday}`)) {
    const pair = goals[row.match_id];
    if (!pair) continue;
    await w.api.call('POST', '/result_bets/update_result_bet', {
      token: person.token, body: { result_bet_id: row.id, local_goals: pair[0], visiting_goals: pair[1] },
    });
  }
}

const split = (page: Page, matchId: number) => page.getByTestId(`crowd-split-${matchId}`);

/*
 * Ona owns a crowd-quote league (preset quote: tendency 2, exact 2, at most 10) on the demo cup with Leo, Mia and
 * Noa. On match A Ona alone says home, the three others a draw; on match B Ona, Leo and Mia say home, Noa a draw.
 * Before the deadline nobody sees how the league bet. The kickoffs are moved so the deadline passes (put back at the
 * end): the match cards show the split as a bar, in English at 1366 and in Spanish at 390, with what a right
 * tendency earns. Both matches end in a home win: Ona's lone right tendency on A earns 2 x 4 / 1 = 8, her shared one
 * on B 2 x 4 / 3 = 3 (rounded), and her points explain it ("1 of 4 said home win: 8 points"). axe at both widths.
 */
test('crowd quote: a lone right tendency earns more than a shared one, and the league split shows only after the deadline', async ({ world: w }) => {
  const [ona, leo, mia, noa] = [await newPlayer(w, 'Ona'), await newPlayer(w, 'Leo'), await newPlayer(w, 'Mia'), await newPlayer(w, 'Noa')];
  const cup = await openCup(w);
  const { league } = await w.api.call<{ league: { id: number; share_token: string } }>('POST', '/leagues', {
    token: ona.token, body: { league: { name: `Crowd league ${w.stamp}`, competition_id: cup.id, scoring: QUOTE } },
  });
  for (const member of [leo, mia, noa]) {
    await w.api.call('POST', '/leagues/join', { token: member.token, body: { league_id: league.id, invitation_token: league.share_token } });
  }
  const { matchday, open } = await openMatchday(w, ona, league.id, 2);
  const [a, b] = [open[0].match_id, open[1].match_id];
  await bet(w, ona, league.id, matchday, { [a]: [2, 0], [b]: [1, 0] });
  await bet(w, leo, league.id, matchday, { [a]: [1, 1], [b]: [2, 0] });
  await bet(w, mia, league.id, matchday, { [a]: [0, 0], [b]: [3, 1] });
  await bet(w, noa, league.id, matchday, { [a]: [1, 1], [b]: [1, 1] });

  // Before the deadline: no split on the cards, and the route refuses.
  const owner = await newVisitor(w);
  await signIn(w, owner.page, 'Ona', ona.email, ona.password);
  const betsPage = `/result_bets/new?league_id=${league.id}&matchday=${matchday}`;
  await owner.page.goto(betsPage);
  await owner.page.getByTestId(`bet-row-${a}`).waitFor();
  await settle(owner.page);
  assert.equal(await split(owner.page, a).count(), 0, 'no split before the deadline');
  const early = await fetch(`${w.origin}/api/v1/en/result_bets/distribution/${league.id}/${a}`, { headers: { authorization: `Bearer ${ona.token}` } });
  assert.equal(early.status, 403);

  // The deadline passes: both kickoffs 5 minutes and 3 seconds ahead (bets close 5 minutes before).
  const admin = await adminToken(w);
  const kickoff = new Date(Date.now() + 5 * 60_000 + 3_000).toISOString();
  for (const id of [a, b]) {
    await restoreMatchAtEnd(w, id);
    await w.api.call('PUT', `/matches/${id}`, { token: admin, body: { match: { date: kickoff } } });
  }
  await new Promise((done) => setTimeout(done, 4_000));

  await owner.page.reload();
  await split(owner.page, a).waitFor();
  await owner.page.getByRole('img', { name: 'How the league bet (4 bets): home win 25%, draw 75%, away win 0%' }).waitFor();
  await owner.page.getByRole('img', { name: 'How the league bet (4 bets): home win 75%, draw 25%, away win 0%' }).waitFor();
  await owner.page.getByTestId(`crowd-quote-${a}`).getByText('A right tendency earns: 1 → 8 · X → 3 · 2 → 8 points').waitFor();
  await owner.page.getByTestId(`bet-row-${a}`).scrollIntoViewIfNeeded();
  const found = await seriousViolationsAt(owner.page, 'bets page with the league split', BOTH_WIDTHS);
  await screenshots(w, owner.page, 'crowd-split');

  const member = await newVisitor(w, 'es-ES');
  await member.page.setViewportSize(PHONE);
  await signIn(w, member.page, 'Leo', leo.email, leo.password);
  await member.page.goto(betsPage);
  await member.page.getByRole('img', { name: 'Lo que apostó la liga (4 apuestas): victoria local 25 %, empate 75 %, victoria visitante 0 %' }).waitFor();
  await member.page.getByTestId(`crowd-quote-${b}`).getByText('Acertar la tendencia vale: 1 → 3 · X → 8 · 2 → 8 puntos').waitFor();
  found.push(...await seriousViolationsAt(member.page, 'bets page with the league split (es)', BOTH_WIDTHS));

  // Both end in a home win.
  await w.api.call('PUT', `/matches/${a}`, { token: admin, body: { match: { local_goals: 1, visiting_goals: 0, status: 'finished' } } });
  await w.api.call('PUT', `/matches/${b}`, { token: admin, body: { match: { local_goals: 2, visiting_goals: 1, status: 'finished' } } });
  const points = await eventually(async () => {
    const rows = await betsOf(w, ona, league.id, `?matchday=${matchday}`);
    const [onA, onB] = [rows.find((row) => row.match_id === a)!, rows.find((row) => row.match_id === b)!];
    assert.deepEqual([onA.points, onB.points], [8, 3]);
    return [onA.points, onB.points];
  }, 15_000);

  await owner.page.reload();
  const badge = owner.page.getByTestId(`bet-row-${a}`).getByLabel('8 points', { exact: true });
  await badge.hover();
  const tooltip = owner.page.getByRole('tooltip');
  await tooltip.waitFor();
  await eventually(async () => assert.match((await tooltip.textContent()) ?? '', /1 of 4 said home win: 8 points: 8\/10/));
  found.push(...await seriousViolationsAt(owner.page, 'bets page with quote points', BOTH_WIDTHS));
  await screenshots(w, owner.page, 'crowd-points');
  assert.deepEqual(found, [], `serious axe violations:\n${found.join('\n')}`);
  w.notes.push(`Ona's lone home win earned ${points[0]}, her shared one ${points[1]}; the split showed only after the deadline, in en and es`);
});
