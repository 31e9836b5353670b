import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { betsOf, newLeague, newPlayer, signIn } from '../support/players';
import { DESKTOP, PHONE } from '../support/viewports';
import type { World } from '../support/world';

type MatchdayInfo = { matchdays: number[]; matchdayRounds: { matchday: number; round_id: number }[] };

const ROUND_OF_16 = 4;
const FINAL = 7;

/** What each language calls the demo cup's knockout matchdays and its teams not known yet. */
const LANGUAGES = [
  {
    language: 'es', locale: 'es-ES', picker: 'Jornada', group: 'Jornada 1', roundOf16: 'Octavos de final, día 1', final: 'Final',
    groupPlace: /\d\.º del grupo [A-H]/, finalists: ['Ganador del partido 61', 'Ganador del partido 62'], short: 'Ganador 61',
  },
  {
    language: 'en', locale: 'en-US', picker: 'Matchday', group: 'Matchday 1', roundOf16: 'Round of 16, day 1', final: 'Final',
    groupPlace: /\d(?:st|nd) of group [A-H]/, finalists: ['Winner of match 61', 'Winner of match 62'], short: 'Winner 61',
  },
] as const;

/** The first matchday of a round of the demo cup. */
async function firstMatchdayOf(w: World, cupId: number, roundId: number): Promise<number> {
  const info = await w.api.call<MatchdayInfo>('GET', `/matches/info_matchday/${cupId}`);
  const days = info.matchdayRounds.filter((row) => row.round_id === roundId).map((row) => row.matchday);
  assert.ok(days.length > 0, `the demo cup has a matchday of round ${roundId}`);
  return Math.min(...days);
}

async function openBets(page: Page, leagueId: number, matchday: number): Promise<void> {
  await page.goto(`/result_bets/new?league_id=${leagueId}&matchday=${matchday}`);
  await page.locator('[data-testid^=bet-row-]').first().waitFor();
  await settle(page);
}

/** No data-source code ("W61", "1A", "2B") anywhere in the page's main text. */
async function noCodes(page: Page): Promise<void> {
  const text = await page.getByRole('main').innerText();
  assert.doesNotMatch(text, /\b[WL]\d{1,2}\b|\b\d[A-H]\b/, 'a placeholder code is shown');
}

/** Dates in the language's one format: Spanish by numbers, day first; English with the month's short name. */
async function oneDateFormat(page: Page, language: 'es' | 'en'): Promise<void> {
  const text = await page.getByRole('main').innerText();
  if (language === 'en') assert.doesNotMatch(text, /\b\d{1,2}\/\d{1,2}(\/\d{4})?\b/, 'an English date by numbers');
  else assert.doesNotMatch(text, /\b\d{1,2} (ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)\b/i, 'a Spanish date with a month name');
}

test('knockout matchdays are named by round and teams not known yet read as words, dates in one format, in Spanish and English', async ({ world: w }) => {
  const account = await newPlayer(w, 'Nora');
  const league = await newLeague(w, account, 'Knockout names');
  const roundOf16 = await firstMatchdayOf(w, league.cupId, ROUND_OF_16);
  const final = await firstMatchdayOf(w, league.cupId, FINAL);
  const [finalBet] = await betsOf(w, account, league.id, `?matchday=${final}`);
  const [firstKnockout] = await betsOf(w, account, league.id, `?matchday=${roundOf16}`);
  assert.ok(finalBet && firstKnockout, 'the league plays the knockout matches');

  for (const words of LANGUAGES) {
    const { page } = await newVisitor(w, words.locale);
    await signIn(w, page, `Nora-${words.language}`, account.email, account.password);

    // The bets screen on the final's matchday: the picker names it by its round, the group matchdays by number.
    await openBets(page, league.id, final);
    const picker = page.getByRole('combobox', { name: words.picker });
    assert.equal(await picker.locator('option:checked').innerText(), words.final);
    const options = await picker.locator('option').allInnerTexts();
    assert.ok(options.includes(words.group), `${words.group} in ${options.join(', ')}`);
    assert.ok(options.includes(words.roundOf16), `${words.roundOf16} in ${options.join(', ')}`);
    const finalRow = page.getByTestId(`bet-row-${finalBet.match_id}`);
    for (const name of words.finalists) assert.ok((await finalRow.innerText()).includes(name), `${name} on the final's row`);
    await noCodes(page);
    await oneDateFormat(page, words.language);
    await screenshots(w, page, `knockout-names-${words.language}`);
    // On a phone the row is narrow: the short form of the words, still no code.
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(250);
    assert.ok((await finalRow.innerText()).includes(words.short), `${words.short} on the final's row at phone width`);
    await noCodes(page);

    // The first knockout matchday: group places in words.
    await page.setViewportSize(DESKTOP);
    await openBets(page, league.id, roundOf16);
    assert.equal(await picker.locator('option:checked').innerText(), words.roundOf16);
    const firstRow = page.getByTestId(`bet-row-${firstKnockout.match_id}`);
    assert.match(await firstRow.innerText(), words.groupPlace);
    await noCodes(page);

    // The final's own page names its teams in words too.
    await page.goto(`/matches/${finalBet.match_id}/show_bets?league_id=${league.id}`);
    await page.getByText(words.finalists[0]).first().waitFor();
    await settle(page);
    await noCodes(page);
    await screenshots(w, page, `knockout-match-${words.language}`);
  }
});
