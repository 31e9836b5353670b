import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { betsOf, newPlayer, openCup, signIn, type Bet } from '../support/players';
import { eventually, type Person, type World } from '../support/world';

/** A league of `owner` on the demo cup with the given rule on late entries after a result, joined by `member`. */
async function leagueWith(w: World, owner: Person, member: Person, lateEntryAfterResult: boolean): Promise<number> {
  const cup = await openCup(w);
  const { league } = await w.api.call<{ league: { id: number; share_token: string } }>('POST', '/leagues', {
    token: owner.token,
    body: { league: { name: `Late ${lateEntryAfterResult ? 'allowed' : 'closed'} ${w.stamp}`, competition_id: cup.id, late_entry_after_result: lateEntryAfterResult } },
  });
  await w.api.call('POST', '/leagues/join', { token: member.token, body: { league_id: league.id, invitation_token: league.share_token } });
  return league.id;
}

/** A match of the demo that has its final result, as the member's bet on it in the league. */
async function playedBet(w: World, member: Person, leagueId: number): Promise<Bet> {
  const current = await betsOf(w, member, leagueId);
  for (let matchday = Math.max(...current.map((bet) => bet.match.matchday)); matchday >= 1; matchday -= 1) {
    const played = (await betsOf(w, member, leagueId, `?matchday=${matchday}`)).find((bet) => bet.match.finished && bet.allow_show_bets);
    if (played) return played;
  }
  throw new Error('the demo has no played match');
}

const openMembersBets = async (page: Page, leagueId: number, member: Person, matchday: number) => {
  await page.goto(`/result_bets/new?league_id=${leagueId}&user_id=${member.id}&matchday=${matchday}`);
  await page.locator('[data-testid^=bet-row-]').first().waitFor();
  await settle(page);
};

const CLOSED = "No late entry: the league's rules close it once the match has a score";

test("the owner is offered a late entry on a played match only where the league's rules allow it, and told why elsewhere", async ({ world: w }) => {
  const ownerAccount = await newPlayer(w, 'Olga');
  const member = await newPlayer(w, 'Max');
  const closed = await leagueWith(w, ownerAccount, member, false);
  const allowed = await leagueWith(w, ownerAccount, member, true);
  const { page } = await newVisitor(w);
  await signIn(w, page, 'Olga', ownerAccount.email, ownerAccount.password);

  // Default rules: the played match's row says why there is no late entry, on the member's page and the match's page.
  const inClosed = await playedBet(w, member, closed);
  await openMembersBets(page, closed, member, inClosed.match.matchday);
  const closedRow = page.getByTestId(`bet-row-${inClosed.match_id}`);
  await closedRow.getByText(CLOSED).waitFor();
  assert.equal(await closedRow.getByRole('button', { name: 'Enter late' }).count(), 0);
  await page.goto(`/matches/${inClosed.match_id}/show_bets?league_id=${closed}`);
  const maxRow = page.getByTestId(`match-bet-${member.id}`);
  await maxRow.getByText(CLOSED).waitFor();
  assert.match(await maxRow.getByRole('cell').nth(1).innerText(), /^No bet$/m, 'a member without a bet reads "No bet", not "-"');
  assert.equal(await page.getByRole('button', { name: 'Enter late' }).count(), 0, 'no late entry on the match page either, nor on the owner\'s own bet');
  await screenshots(w, page, 'late-entry-closed-en');
  // In Spanish too, on the member's page: the reason, no button.
  const spanish = await newVisitor(w, 'es-ES');
  await signIn(w, spanish.page, 'Olga', ownerAccount.email, ownerAccount.password);
  await openMembersBets(spanish.page, closed, member, inClosed.match.matchday);
  const spanishRow = spanish.page.getByTestId(`bet-row-${inClosed.match_id}`);
  await spanishRow.getByText('Sin apuesta tardía: las reglas de la liga la cierran cuando el partido tiene resultado').waitFor();
  assert.equal(await spanishRow.getByRole('button', { name: 'Introducir tarde' }).count(), 0);
  await screenshots(w, spanish.page, 'late-entry-closed-es');

  // A league that allows late entries after the result: the owner enters the member's paper bet, marked for everyone.
  const inAllowed = await playedBet(w, member, allowed);
  await openMembersBets(page, allowed, member, inAllowed.match.matchday);
  const row = page.getByTestId(`bet-row-${inAllowed.match_id}`);
  assert.equal(await row.getByText(CLOSED).count(), 0);
  await row.getByRole('button', { name: 'Enter late' }).click();
  const dialog = page.getByRole('dialog', { name: 'Late entry for Max' });
  await dialog.getByRole('textbox', { name: 'Home goals' }).fill('2');
  await dialog.getByRole('textbox', { name: 'Away goals' }).fill('1');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Paper bet handed in before kickoff');
  await dialog.getByRole('button', { name: 'Save bet' }).click();
  await page.getByText('Bet entered').waitFor();
  await eventually(async () => {
    const saved = (await betsOf(w, member, allowed, `?match_id=${inAllowed.match_id}`)).find((bet) => bet.user_id === member.id);
    assert.deepEqual([saved?.local_goals, saved?.visiting_goals], [2, 1]);
  });
  await row.getByText('Late entry', { exact: true }).waitFor();
  await screenshots(w, page, 'late-entry-allowed-en');
});
