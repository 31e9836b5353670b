import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { DEMO_PASSWORD, adminToken, betsOf, earliestOpenBet, newLeague, newPlayer, restoreMatchAtEnd, signIn } from '../support/players';
import { PHONE } from '../support/viewports';
import { eventually, type World } from '../support/world';

/** What each language calls the things these tests look at. */
const WORDS = {
  en: {
    final: 'Final points: finished matches only.', finalChoice: 'Final points', score: 'Score', race: 'Who can still win', table: 'League table', matchday: 'Matchday',
    matchdayN: (n: number) => `Matchday ${n}`, ownTable: (n: number) => `Table of matchday ${n}`, winners: /^Matchday winners: /, modeled: /every member's bet is modeled/,
  },
  es: {
    final: 'Puntos definitivos: solo partidos terminados.', finalChoice: 'Puntos definitivos', score: 'Puntuación', race: 'Quién puede ganar todavía', table: 'Clasificación de la liga', matchday: 'Jornada',
    matchdayN: (n: number) => `Jornada ${n}`, ownTable: (n: number) => `Clasificación de la jornada ${n}`, winners: /^Ganadores de la jornada: /, modeled: /la apuesta de cada participante se modela/,
  },
} as const;

/** The demo office league: its players have bets on the matchdays played, and most of the cup is still to play. */
async function demoLeague(w: World, email: string): Promise<{ id: number; lastPlayed: number }> {
  const { token } = await w.api.signIn(email, DEMO_PASSWORD);
  const leagues = await w.api.call<Array<{ id: number; name: string }>>('GET', '/leagues/index', { token });
  const league = leagues.find((item) => item.name === 'Porra de la oficina');
  assert.ok(league, 'the demo league is there');
  const table = await w.api.call<{ last_played_matchday: number | null }>('GET', `/leagues/users_league_table/${league.id}`, { token });
  assert.ok(table.last_played_matchday && table.last_played_matchday > 1, 'the demo cup has more than one matchday played');
  return { id: league.id, lastPlayed: table.last_played_matchday };
}

const phoneFits = async (page: Page) => {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page does not scroll sideways at phone width (${overflow} px)`);
};

for (const [lang, name, email, locale] of [['en', 'John', 'john@porra.demo', 'en-US'], ['es', 'Ana', 'ana@porra.demo', 'es-ES']] as const) {
  test(`the numbers agree (${lang}): final points said on home, table and title race; a past matchday's own table; chances from modeled bets`, async ({ world: w }) => {
    const words = WORDS[lang];
    const league = await demoLeague(w, email);
    const { page } = await newVisitor(w, locale);
    await signIn(w, page, name, email);

    // Home: the league card's table says it shows final points.
    await page.goto('/');
    const score = page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: words.score, exact: true }) }).first();
    await score.getByTestId('points-basis').waitFor();
    assert.equal(await score.getByTestId('points-basis').innerText(), words.final);
    await settle(page);
    await screenshots(w, page, `numbers-home-${lang}`);

    // The league page: the table and the title race say the same basis, and give the reader the same points.
    await page.goto(`/leagues/${league.id}`);
    const tableCard = page.getByRole('region', { name: words.table });
    const race = page.getByRole('region', { name: words.race });
    await race.getByRole('table').waitFor({ timeout: 30_000 });
    await settle(page);
    // The demo cup kicks off at 12, 15, 18 and 20 UTC: at those hours one of its matches is in play and the table
    // opens on provisional points, so the reader switches it to the final ones the title race counts.
    const finalChoice = tableCard.getByRole('button', { name: words.finalChoice, exact: true });
    await eventually(async () => {
      if (await finalChoice.isVisible()) await finalChoice.click();
      assert.equal(await tableCard.getByTestId('points-basis').innerText(), words.final);
    });
    assert.equal(await race.getByTestId('points-basis').innerText(), words.final);
    const tableRow = tableCard.getByRole('table').getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
    // The table's cells: position, name, matchday, results, extra points, total, matchday wins.
    const total = (await tableRow.evaluate((row: { children: ArrayLike<{ textContent: string | null }> }) => row.children[row.children.length - 2].textContent ?? '')).trim();
    const raceRow = race.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
    assert.equal((await raceRow.getByRole('cell').nth(1).innerText()).split('\n')[0].trim(), total, 'the title race counts the table\'s points');

    // With most of the cup still open, the chances come from modeled bets: nobody is at 100 % or 0 % yet.
    const chances = await race.getByRole('row').evaluateAll((rows) => rows.slice(1).map((row) => row.lastElementChild!.textContent!.trim()));
    assert.ok(chances.length > 1, 'the race lists the members');
    for (const chance of chances) assert.ok(!/^(100|0)\s?%$/.test(chance), `no certain chance with the cup still open (${chances.join(', ')})`);
    assert.match(await race.getByTestId('title-race-chance-line').innerText(), words.modeled);
    await race.scrollIntoViewIfNeeded();
    await screenshots(w, page, `numbers-league-${lang}`);

    // A past matchday picked: that matchday's own table (no totals), best first, with that matchday's winners.
    const past = league.lastPlayed - 1;
    await tableCard.getByRole('combobox', { name: words.matchday }).click();
    await page.getByRole('option', { name: words.matchdayN(past), exact: true }).click();
    const own = page.getByRole('table', { name: words.ownTable(past) });
    await own.waitFor();
    const points = await own.getByRole('row').evaluateAll((rows) => rows.slice(1).map((row) => Number(row.lastElementChild!.textContent)));
    assert.deepEqual(points, [...points].sort((a, b) => b - a), 'best of that matchday first');
    if (points[0] > 0) await tableCard.getByText(words.winners).waitFor();
    await settle(page);
    await screenshots(w, page, `numbers-past-matchday-${lang}`);
    await page.setViewportSize(PHONE);
    await phoneFits(page);
  });
}

/*
 * While a match is in play the league table shows provisional points and says so, and the reader can switch it to
 * the final points that the title race shows. Lia and Max bet on the next open match (Lia 1-0, Max 0-2); the demo
 * admin puts it in play at 1-0 (its kickoff a minute ago); Lia reads the league page in English, Max in Spanish.
 * The match is put back at the end.
 */
test('while a match is in play the table says its points are provisional and switches to the final ones (en, es)', async ({ world: w }) => {
  const lia = await newPlayer(w, 'Lia');
  const max = await newPlayer(w, 'Max');
  const league = await newLeague(w, lia, 'Numbers league', [max]);
  const open = await earliestOpenBet(w, lia, league.id);
  const maxBet = (await betsOf(w, max, league.id, `?matchday=${open.match.matchday}`)).find((bet) => bet.match_id === open.match_id)!;
  await w.api.call('POST', '/result_bets/update_result_bet', { token: lia.token, body: { result_bet_id: open.id, local_goals: 1, visiting_goals: 0 } });
  await w.api.call('POST', '/result_bets/update_result_bet', { token: max.token, body: { result_bet_id: maxBet.id, local_goals: 0, visiting_goals: 2 } });
  await restoreMatchAtEnd(w, open.match_id);
  await w.api.call('PUT', `/matches/${open.match_id}`, {
    token: await adminToken(w),
    body: { match: { date: new Date(Date.now() - 60_000).toISOString(), status: 'in_play', local_goals: 1, visiting_goals: 0 } },
  });

  for (const [lang, person, locale] of [['en', lia, 'en-US'], ['es', max, 'es-ES']] as const) {
    const words = { en: { table: 'League table', provisional: 'Provisional points', final: 'Final points' }, es: { table: 'Clasificación de la liga', provisional: 'Puntos provisionales', final: 'Puntos definitivos' } }[lang];
    const { page } = await newVisitor(w, locale);
    await signIn(w, page, person.name, person.email, person.password);
    await page.goto(`/leagues/${league.id}`);
    const tableCard = page.getByRole('region', { name: words.table });
    await tableCard.getByRole('table').waitFor();
    const basis = tableCard.getByTestId('points-basis');
    await eventually(async () => assert.match(await basis.innerText(), new RegExp(`^${words.provisional}:`)), 15_000);
    await eventually(async () => assert.match(await tableCard.getByRole('table').getByRole('row').nth(1).innerText(), /Lia/));
    await settle(page);
    await screenshots(w, page, `numbers-provisional-${lang}`);
    await tableCard.getByRole('button', { name: words.final, exact: true }).click();
    await eventually(async () => assert.match(await basis.innerText(), new RegExp(`^${words.final}:`)));
    // Final points: nobody has scored yet in this league, as the title race says too.
    const totals = await tableCard.getByRole('table').getByRole('row').evaluateAll((rows) => rows.slice(1).map((row) => row.children[row.children.length - 2].textContent));
    assert.deepEqual(totals, ['0', '0']);
    await screenshots(w, page, `numbers-final-switch-${lang}`);
    await page.setViewportSize(PHONE);
    await phoneFits(page);
  }
});
