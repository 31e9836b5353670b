import assert from 'node:assert/strict';
import { seriousViolations, seriousViolationsAt } from '../support/accessibility';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { adminToken, betsOf, newLeague, newPlayer, openCup, openMatchday, restoreMatchAtEnd, signIn } from '../support/players';
import { eventually } from '../support/world';
import { PHONE, DESKTOP, BOTH_WIDTHS } from '../support/viewports';

type TableRow = { user_id: number; points: number; points_bonus: number };

/*
 * Quim (a new player) owns a league on the demo cup and Rita joins it. Quim asks "Who reaches the final?" (a
 * choice) on the bonus questions page; Rita answers it on hers (phone width). The deadline passes (moved through
 * the API); Quim sees the answers and resolves with the right one, the league table gives Rita the question's
 * points, and the league log records the resolution. axe on the page and on the log, both widths.
 */
test('a bonus question is asked, answered at phone width, resolved after its deadline, and scores in the table and the log', async ({ world: w }) => {
  const quim = await newPlayer(w, 'Quim');
  const rita = await newPlayer(w, 'Rita');
  const league = await newLeague(w, quim, 'Bonus league', [rita]);

  const owner = await newVisitor(w);
  await signIn(w, owner.page, 'Quim', quim.email, quim.password);
  await owner.page.goto(`/leagues/${league.id}/bonus`);
  await owner.page.getByRole('heading', { level: 1, name: 'Bonus questions' }).waitFor();
  const form = owner.page.getByRole('region', { name: 'Ask a question' });
  await form.getByRole('textbox', { name: 'Question' }).fill('Who reaches the final?');
  await form.getByRole('combobox', { name: 'Kind of answer' }).click();
  await owner.page.getByRole('option', { name: 'One of some options' }).click();
  await form.getByRole('textbox', { name: 'Options' }).fill('Spain\nBrazil\nJapan');
  await form.getByRole('spinbutton', { name: 'Points' }).fill('7');
  await form.getByRole('button', { name: 'Add question' }).click();
  const ownerCard = owner.page.getByRole('region', { name: 'Who reaches the final?' });
  await ownerCard.waitFor();
  await screenshots(w, owner.page, 'bonus-owner');
  const [question] = await w.api.call<Array<{ id: number; points: number }>>('GET', `/bonus_questions/index/${league.id}`, { token: quim.token });
  assert.equal(question.points, 7);

  const member = await newVisitor(w);
  await member.page.setViewportSize(PHONE);
  await signIn(w, member.page, 'Rita', rita.email, rita.password);
  await member.page.goto(`/leagues/${league.id}`);
  // On a phone the league's pages other than the bets fold under "More".
  await member.page.getByRole('button', { name: 'More' }).click();
  await member.page.getByRole('link', { name: 'Bonus questions' }).click();
  const card = member.page.getByRole('region', { name: 'Who reaches the final?' });
  await card.getByRole('combobox', { name: 'Your answer' }).click();
  await member.page.getByRole('option', { name: 'Japan' }).click();
  await card.getByRole('button', { name: 'Save answer' }).click();
  await eventually(async () => {
    const [mine] = await w.api.call<Array<{ my_answer: unknown }>>('GET', `/bonus_questions/index/${league.id}`, { token: rita.token });
    assert.deepEqual(mine.my_answer, { choice: 'Japan' });
  });
  const found = await seriousViolationsAt(member.page, 'bonus questions', BOTH_WIDTHS);
  await screenshots(w, member.page, 'bonus-member');

  // The deadline passes: moved a moment ahead through the API, then waited for.
  await w.api.call('PUT', `/bonus_questions/${question.id}`, { token: quim.token, body: { question: { deadline: new Date(Date.now() + 1500).toISOString() } } });
  await new Promise((done) => setTimeout(done, 2000));
  await owner.page.reload();
  await ownerCard.getByRole('list', { name: 'Answers' }).getByText('Japan').waitFor();
  await ownerCard.getByRole('combobox', { name: 'Right answer 1' }).click();
  await owner.page.getByRole('option', { name: 'Japan' }).click();
  await ownerCard.getByRole('button', { name: 'Resolve' }).click();
  await ownerCard.getByText('Resolved').waitFor();
  found.push(...(await seriousViolations(owner.page, 'bonus questions (resolved)', DESKTOP.width)).serious);

  const table = await eventually(async () => {
    const read = await w.api.call<{ users: TableRow[] }>('GET', `/leagues/users_league_table/${league.id}`, { token: rita.token });
    const row = read.users.find((user) => user.user_id === rita.id)!;
    assert.equal(row.points_bonus, 7);
    return read;
  });
  assert.equal(table.users[0].user_id, rita.id);
  await member.page.goto(`/leagues/${league.id}/log`);
  await member.page.getByText('Bonus question resolved').waitFor();
  await settle(member.page);
  found.push(...await seriousViolationsAt(member.page, 'league log', BOTH_WIDTHS));
  await screenshots(w, member.page, 'league-log');
  assert.deepEqual(found, [], `serious axe violations:\n${found.join('\n')}`);
  w.notes.push('Rita got the 7 points of the question, first in the table; the log shows the resolution');
});

/*
 * Pia (a new player) creates a league on the demo cup in the league form with the Kicktipp preset (the live
 * example follows it) and one joker worth ×3; Teo joins. On the bets page at phone width Pia bets 2-1 on the
 * matchday's last open match and plays her joker on it: the count left drops to 0 and the other toggles are off;
 * Teo does not see the joker before the deadline. The demo admin enters 2-1 (the match is put back at the end):
 * Pia's bet scores the exact hit's 4 points ×3 = 12, and the league's points page explains its rules. axe on the
 * bets page and the points page (390 and 1366).
 */
test('a joker played at phone width stays hidden from the others and multiplies an exact hit by 3 in a Kicktipp league', async ({ world: w }) => {
  const pia = await newPlayer(w, 'Pia');
  const teo = await newPlayer(w, 'Teo');
  const cup = await openCup(w);

  const { page } = await newVisitor(w);
  await signIn(w, page, 'Pia', pia.email, pia.password);
  await page.goto('/leagues/new');
  await page.getByRole('textbox', { name: /^Name/ }).fill(`Joker league ${w.stamp}`);
  const competition = page.getByRole('combobox', { name: /Competition/ });
  await competition.click();
  await page.getByRole('option', { name: cup.name }).click();
  const example = page.getByTestId('scoring-example');
  await example.getByText('Bet 2-1, result 3-1: 3 points').waitFor();
  await page.getByRole('combobox', { name: 'Scoring' }).click();
  await page.getByRole('option', { name: /^Kicktipp/ }).click();
  await example.getByText('Bet 2-1, result 3-1: 2 points').waitFor();
  await page.getByRole('spinbutton', { name: 'Jokers per member' }).fill('1');
  await page.getByRole('spinbutton', { name: 'A joker multiplies by' }).fill('3');
  await screenshots(w, page, 'league-new-scoring');
  await page.getByRole('button', { name: 'Create league' }).click();
  await page.waitForURL(/\/leagues\/\d+$/);
  const leagueId = Number(/\/leagues\/(\d+)$/.exec(page.url())![1]);
  const league = await w.api.call<{ share_token: string; scoring: { mode: string }; jokers: { count: number; multiplier: number } }>('GET', `/leagues/${leagueId}`, { token: pia.token });
  assert.deepEqual([league.scoring.mode, league.jokers], ['highest', { count: 1, multiplier: 3 }]);
  await w.api.call('POST', '/leagues/join', { token: teo.token, body: { league_id: leagueId, invitation_token: league.share_token } });

  const { matchday, open } = await openMatchday(w, pia, leagueId);
  await page.setViewportSize(PHONE);
  await page.goto(`/result_bets/new?league_id=${leagueId}&matchday=${matchday}`);
  const left = page.getByTestId('jokers-left');
  await left.getByText('1 of 1 joker left (×3)').waitFor();
  const target = open[open.length - 1];
  const row = page.getByTestId(`bet-row-${target.match_id}`);
  const [home, away] = [row.getByRole('combobox').nth(0), row.getByRole('combobox').nth(1)];
  await home.selectOption('2');
  await away.selectOption('1');
  await row.getByTestId(`joker-${target.match_id}`).click();
  await left.getByText('0 of 1 joker left (×3)').waitFor();
  assert.equal(await row.getByTestId(`joker-${target.match_id}`).getAttribute('aria-pressed'), 'true');
  assert.ok(await page.getByTestId(`joker-${open[0].match_id}`).isDisabled(), 'no joker left for the other bets');
  await screenshots(w, page, 'bets-joker');
  const found = await seriousViolationsAt(page, 'bets with a joker', BOTH_WIDTHS);
  const saved = await eventually(async () => {
    const mine = (await betsOf(w, pia, leagueId, `?match_id=${target.match_id}`)).find((bet) => bet.id === target.id)!;
    assert.equal(mine.joker, true);
    return mine;
  });
  const seenByTeo = (await betsOf(w, teo, leagueId, `?match_id=${target.match_id}`)).find((bet) => bet.id === saved.id)!;
  assert.equal(seenByTeo.joker, false, 'others do not see a joker before the deadline');

  // The demo admin enters 2-1.
  await restoreMatchAtEnd(w, target.match_id);
  await w.api.call('PUT', `/matches/${target.match_id}`, { token: await adminToken(w), body: { match: { local_goals: 2, visiting_goals: 1, status: 'finished' } } });
  const points = await eventually(async () => {
    const scored = (await betsOf(w, pia, leagueId, `?match_id=${target.match_id}`)).find((bet) => bet.id === saved.id)!;
    assert.equal(scored.points, 12);
    return scored.points;
  });
  await page.goto(`/leagues/${leagueId}/points`);
  await page.getByRole('heading', { level: 1, name: 'How points work in this league' }).waitFor();
  await page.getByText("1 joker per member: a joker bet's points ×3.").waitFor();
  found.push(...await seriousViolationsAt(page, 'league points page', BOTH_WIDTHS));
  await screenshots(w, page, 'league-points');
  assert.deepEqual(found, [], `serious axe violations:\n${found.join('\n')}`);
  w.notes.push(`Pia's 2-1 with a joker on a 2-1 scored ${points} (exact 4 ×3); the joker stayed hidden from Teo before the deadline`);
});
