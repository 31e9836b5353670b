import assert from 'node:assert/strict';
import { seriousViolationsAt } from '../support/accessibility';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { adminToken, betsOf, newLeague, newPlayer, openCup, restoreMatchAtEnd, signIn, type Bet } from '../support/players';
import { BOTH_WIDTHS } from '../support/viewports';
import { eventually, type Person, type World } from '../support/world';

/** Confirms a new player's address from the verification mail, as following its link would. */
async function verifyAddress(w: World, person: Person): Promise<void> {
  const token = await eventually(async () => {
    const mail = (await w.inbox.mails()).find((item) => item.to.includes(person.email) && /verify_email\?token=/.test(item.text));
    assert.ok(mail, `the verification mail reached ${person.email}`);
    return /verify_email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
  }, 15_000);
  await w.api.call('POST', '/users/verify_email', { locale: null, body: { token } });
}

/*
 * Who has not bet yet. Nia owns a league; Ole (Spanish, reminder emails on, address confirmed) has not bet on the
 * next deadline. On the league's administration page Nia sees him missing and nudges him: he is shown as nudged,
 * the email arrives in Spanish, and a second nudge is refused (409). axe at both widths.
 */
test('rivalry: the owner nudges a member who has not bet yet, and the nudge reaches him by email', async ({ world: w }) => {
  const nia = await newPlayer(w, 'Nia');
  const ole = await newPlayer(w, 'Ole');
  await verifyAddress(w, ole);
  await w.api.call('PUT', '/users', { locale: null, token: ole.token, body: { api_v1_user: { current_password: ole.password, email_reminders: true, locale: 'es' } } });
  const league = await newLeague(w, nia, 'Nudge league', [ole]);

  const { page } = await newVisitor(w);
  await signIn(w, page, 'Nia', nia.email, nia.password);
  await page.goto(`/leagues/admin/${league.id}`);
  const card = page.getByRole('region', { name: 'Who has not bet yet', exact: true });
  await card.getByText('Ole', { exact: true }).waitFor();
  await card.getByRole('button', { name: 'Nudge 1 member' }).click();
  // The answer says how each nudged member is reached: Ole by email (his reminders are on) and in Porra.
  await page.getByText('Nudge sent: Ole (email, in Porra)').waitFor();
  await card.getByText('Nudged', { exact: true }).waitFor();
  await settle(page);
  const found = await seriousViolationsAt(page, 'league administration, nudge', BOTH_WIDTHS);
  await screenshots(w, page, 'nudge');

  const mail = await eventually(async () => {
    const item = (await w.inbox.mails()).find((m) => m.to.includes(ole.email) && m.text.includes('que organiza'));
    assert.ok(item, 'the nudge email reached Ole');
    return item;
  }, 15_000);
  assert.match(mail.text, /Nia, que organiza Nudge league/);
  assert.match(mail.text, new RegExp(`/result_bets/new\\?league_id=${league.id}&matchday=\\d+`));
  const again = await w.api.call('POST', `/leagues/nudge/${league.id}`, { token: nia.token, locale: 'es' }).catch((error: { status: number; data: { error: string } }) => error);
  assert.equal((again as { status: number }).status, 409);
  assert.equal((again as { data: { error: string } }).data.error, 'Ya se ha avisado a todos los que aún no han apostado antes de este cierre');
  assert.deepEqual(found, [], `axe: ${found.join('; ')}`);
});

type HeadToHead = { schedule: { matchday: number; duels: { user_ids: number[]; winner_user_id: number | null; decided: boolean }[] }[] };

/*
 * A duel won. Lia and Max play a head-to-head league; on the first matchday of their schedule that still takes a bet,
 * Lia bets 1-0 on one of its matches and Max 0-2. The admin enters 1-0 for every match of that matchday: the duel is
 * decided, Lia wins it and leads the head-to-head table with 3 points. Lia looks at it in Spanish on the league page.
 * The matches are put back at the end.
 */
test('rivalry: a head-to-head duel is won once its matchday has its results', async ({ world: w }) => {
  const lia = await newPlayer(w, 'Lia');
  const max = await newPlayer(w, 'Max');
  const cup = await openCup(w);
  const { league } = await w.api.call<{ league: { id: number; share_token: string } }>('POST', '/leagues', {
    token: lia.token, body: { league: { name: `Duels ${w.stamp}`, competition_id: cup.id, head_to_head: true } },
  });
  await w.api.call('POST', '/leagues/join', { token: max.token, body: { league_id: league.id, invitation_token: league.share_token } });
  const before = await w.api.call<HeadToHead>('GET', `/leagues/head_to_head/${league.id}`, { token: lia.token });
  assert.deepEqual([...before.schedule[0].duels[0].user_ids].sort(), [lia.id, max.id].sort());

  // The schedule's first matchday may take no bet any more: its first kickoff may be minutes away, and the earlier
  // specs showed some of its bets (a kickoff moved into the past pins the deadline, and putting the match back does not
  // reopen it). The duel is played on the first matchday of the schedule with a bet still open; the earlier ones stay
  // undecided, as their matches are not all finished.
  let chosen: { matchday: number; liaBets: Bet[] } | undefined;
  for (const day of before.schedule) {
    const liaBets = await betsOf(w, lia, league.id, `?matchday=${day.matchday}`);
    if (liaBets.some((bet) => bet.allow_edit_bets)) { chosen = { matchday: day.matchday, liaBets }; break; }
  }
  assert.ok(chosen, 'a matchday of the duel schedule takes bets');
  const { matchday, liaBets } = chosen;
  const admin = await adminToken(w);
  for (const bet of liaBets) await restoreMatchAtEnd(w, bet.match_id);
  const maxBets = await betsOf(w, max, league.id, `?matchday=${matchday}`);
  const target = liaBets.find((bet) => bet.allow_edit_bets)!;
  await w.api.call('POST', '/result_bets/update_result_bet', { token: lia.token, body: { result_bet_id: target.id, local_goals: 1, visiting_goals: 0 } });
  const maxBet = maxBets.find((bet) => bet.match_id === target.match_id)!;
  await w.api.call('POST', '/result_bets/update_result_bet', { token: max.token, body: { result_bet_id: maxBet.id, local_goals: 0, visiting_goals: 2 } });
  for (const bet of liaBets) {
    await w.api.call('PUT', `/matches/${bet.match_id}`, { token: admin, body: { match: { status: 'finished', local_goals: 1, visiting_goals: 0 } } });
  }
  const after = await eventually(async () => {
    const answer = await w.api.call<HeadToHead>('GET', `/leagues/head_to_head/${league.id}`, { token: max.token });
    const duel = answer.schedule.find((day) => day.matchday === matchday)!.duels[0];
    assert.ok(duel.decided, 'the duel is decided');
    return duel;
  });
  assert.equal(after.winner_user_id, lia.id);

  const { page } = await newVisitor(w, 'es-ES');
  await signIn(w, page, 'Lia', lia.email, lia.password);
  await page.goto(`/leagues/${league.id}`);
  const card = page.getByRole('region', { name: 'Cara a cara', exact: true });
  const rows = card.getByRole('table', { name: 'Cara a cara', exact: true }).getByRole('row');
  await eventually(async () => assert.match(await rows.nth(1).innerText(), /Lia[\s\S]*1[\s\S]*1[\s\S]*0[\s\S]*0[\s\S]*3/));
  await card.getByRole('button', { name: 'Calendario' }).click();
  await card.getByText(/Gana Lia/).waitFor();
  await settle(page);
  const found = await seriousViolationsAt(page, 'league page, head to head', BOTH_WIDTHS);
  await screenshots(w, page, 'head-to-head');
  assert.deepEqual(found, [], `axe: ${found.join('; ')}`);
  w.notes.push(`duel of matchday ${matchday} won by Lia`);
});
