import assert from 'node:assert/strict';
import { seriousViolationsAt } from '../support/accessibility';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { adminToken, betsOf, newPlayer, openCup, openMatchday, restoreMatchAtEnd, signIn } from '../support/players';
import { eventually } from '../support/world';
import { BOTH_WIDTHS, PHONE } from '../support/viewports';

const ODDS = { mode: 'odds', tendency: 1, goal_difference: 1, exact: 2, local_goals: 0, visiting_goals: 0, quote_max: 10 };

type Chances = { match_id: number; home: number; draw: number; away: number; sealed: boolean };

/** Whole percentages of permyriad chances summing to 100 (largest remainders), as the page shows them. */
function percents(c: Chances): [number, number, number] {
  const parts = [c.home, c.draw, c.away].map((p) => p / 100);
  const whole = parts.map(Math.floor);
  const order = parts.map((p, i) => ({ i, rest: p - whole[i] })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let left = 100 - whole.reduce((a, b) => a + b, 0), k = 0; left > 0; left--, k++) whole[order[k].i] += 1;
  return whole as [number, number, number];
}

/*
 * Ona owns a league on the demo cup scored by fair odds (preset: base 1, goal difference 1, exact 2, at most 10),
 * with Leo. The bets page shows the rating model's chances under each match before the deadline ("Home 45% · draw
 * 28% · Away 27%", a sentence for screen readers). The kickoffs are moved so the deadline passes (put back at the
 * end): the match card then shows the league's split beside the model's at the deadline, in English at 1366 and in
 * Spanish at 390. The match ends 1-0: Ona's exact 1-0 earns 1 / p(home) (rounded half up, within 1 and 10) plus the
 * goal difference and exact points, and the seal is in the league's log. axe at both widths.
 */
test('fair odds: the model\'s chances on the bets page, beside the league\'s split after the deadline, and the odds points', async ({ world: w }) => {
  const [ona, leo] = [await newPlayer(w, 'Ona'), await newPlayer(w, 'Leo')];
  const cup = await openCup(w);
  const { league } = await w.api.call<{ league: { id: number; share_token: string } }>('POST', '/leagues', {
    token: ona.token, body: { league: { name: `Odds league ${w.stamp}`, competition_id: cup.id, scoring: ODDS } },
  });
  await w.api.call('POST', '/leagues/join', { token: leo.token, body: { league_id: league.id, invitation_token: league.share_token } });
  const { matchday, open } = await openMatchday(w, ona, league.id, 1);
  const a = open[0].match_id;
  const chancesOf = async () => (await w.api.call<{ matches: Chances[] }>('GET', `/fair_odds/${league.id}?match_id=${a}`, { token: ona.token })).matches[0];
  const before = await chancesOf();
  assert.equal(before.home + before.draw + before.away, 10_000);
  assert.equal(before.sealed, false);
  const [home, draw, away] = percents(before);
  for (const [person, goals] of [[ona, [1, 0]], [leo, [0, 0]]] as const) {
    const bet = (await betsOf(w, person, league.id, `?matchday=${matchday}`)).find((row) => row.match_id === a)!;
    await w.api.call('POST', '/result_bets/update_result_bet', { token: person.token, body: { result_bet_id: bet.id, local_goals: goals[0], visiting_goals: goals[1] } });
  }

  const owner = await newVisitor(w);
  await signIn(w, owner.page, 'Ona', ona.email, ona.password);
  const betsPage = `/result_bets/new?league_id=${league.id}&matchday=${matchday}`;
  await owner.page.goto(betsPage);
  const line = owner.page.getByTestId(`fair-odds-${a}`);
  await line.waitFor();
  assert.match((await line.textContent()) ?? '', new RegExp(`${home}% · draw ${draw}% · .+ ${away}%`));
  await line.getByText(new RegExp(`^The rating model's chances: .+ ${home}%, draw ${draw}%, .+ ${away}%$`)).waitFor({ state: 'attached' });
  await settle(owner.page);
  assert.equal(await owner.page.getByTestId(`crowd-split-${a}`).count(), 0, 'no split before the deadline');
  const found = await seriousViolationsAt(owner.page, 'bets page with the model\'s chances', BOTH_WIDTHS);

  // The deadline passes: the kickoff 5 minutes and 3 seconds ahead (bets close 5 minutes before).
  await restoreMatchAtEnd(w, a);
  await w.api.call('PUT', `/matches/${a}`, { token: await adminToken(w), body: { match: { date: new Date(Date.now() + 5 * 60_000 + 3_000).toISOString() } } });
  await new Promise((done) => setTimeout(done, 4_000));
  const sealed = await chancesOf();
  assert.equal(sealed.sealed, true);
  const [sh, sd, sa] = percents(sealed);
  await owner.page.reload();
  await owner.page.getByRole('img', { name: `The rating model at the deadline: home win ${sh}%, draw ${sd}%, away win ${sa}%` }).waitFor();
  await owner.page.getByRole('img', { name: 'How the league bet (2 bets): home win 50%, draw 50%, away win 0%' }).waitFor();
  await owner.page.getByTestId(`bet-row-${a}`).scrollIntoViewIfNeeded();
  found.push(...await seriousViolationsAt(owner.page, 'bets page with the league split beside the model', BOTH_WIDTHS));
  await screenshots(w, owner.page, 'fair-odds-split');

  const member = await newVisitor(w, 'es-ES');
  await member.page.setViewportSize(PHONE);
  await signIn(w, member.page, 'Leo', leo.email, leo.password);
  await member.page.goto(betsPage);
  await member.page.getByRole('img', { name: `El modelo de ratings al cerrar las apuestas: victoria local ${sh} %, empate ${sd} %, victoria visitante ${sa} %` }).waitFor();
  found.push(...await seriousViolationsAt(member.page, 'bets page with the model (es)', BOTH_WIDTHS));
  await screenshots(w, member.page, 'fair-odds-split-es');

  // The match ends 1-0: Ona's bet is exact, Leo's draw earns nothing.
  await w.api.call('PUT', `/matches/${a}`, { token: await adminToken(w), body: { match: { local_goals: 1, visiting_goals: 0, status: 'finished' } } });
  const tendency = Math.min(10, Math.max(1, Math.round(10_000 / sealed.home)));
  const points = await eventually(async () => {
    const row = (await betsOf(w, ona, league.id, `?matchday=${matchday}`)).find((bet) => bet.match_id === a)!;
    // The exact result: the tendency at its sealed chance, the goal difference and the exact points.
    assert.equal(row.points, tendency + 1 + 2);
    return row.points;
  }, 15_000);
  const log = await w.api.call<{ entries: { action: string; details: { match_id: number; home: number } }[] }>('GET', `/leagues/log/${league.id}`, { token: leo.token });
  assert.deepEqual(log.entries.filter((e) => e.action === 'odds.sealed' && e.details.match_id === a).map((e) => e.details.home), [sealed.home]);
  assert.deepEqual(found, [], `serious axe violations:\n${found.join('\n')}`);
  w.notes.push(`The model gave the home side ${sh}% at the deadline; Ona's exact 1-0 earned ${points}, and the seal is in the league's log`);
});
