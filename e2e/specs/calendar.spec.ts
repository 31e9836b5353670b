import assert from 'node:assert/strict';
import ical from 'node-ical';
import { seriousViolationsAt } from '../support/accessibility';
import { test } from '../support/fixtures';
import { newVisitor, screenshots } from '../support/pages';
import { earliestOpenBet, newLeague, newPlayer, signIn } from '../support/players';
import { eventually } from '../support/world';
import { BOTH_WIDTHS } from '../support/viewports';

/*
 * The private calendar feed. Nora and Otto share a league; Nora bets on one match. On her account screen she finds
 * her calendar address; the feed is parsed back with node-ical (one VEVENT per match with a stable UID, her bet in
 * the description, a VALARM 15 minutes before the bet deadline, UTC times). She replaces the address (confirm
 * dialog): the old one answers 404, the new one works. axe on the account screen.
 */
test('the calendar feed has every match with the player\'s bet and an alarm, and a replaced address stops working', async ({ world: w }) => {
  const nora = await newPlayer(w, 'Nora');
  const otto = await newPlayer(w, 'Otto');
  const league = await newLeague(w, nora, 'Calendar league', [otto]);
  const open = await earliestOpenBet(w, nora, league.id);
  await w.api.call('POST', '/result_bets/update_result_bet', { token: nora.token, body: { result_bet_id: open.id, local_goals: 2, visiting_goals: 2 } });

  const { page } = await newVisitor(w);
  await signIn(w, page, 'Nora', nora.email, nora.password);
  await page.goto('/users/edit');
  const field = page.getByRole('textbox', { name: 'Calendar address' });
  await field.waitFor();
  const address = await field.inputValue();
  assert.match(address, /\/calendar\/\d+-[\w-]{32}\.ics$/);
  const read = async (url: string) => fetch(`${w.origin}${new URL(url).pathname}`);
  const response = await read(address);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/calendar/);
  const text = await response.text();
  const events = Object.values(ical.sync.parseICS(text)).filter((c) => c?.type === 'VEVENT') as ical.VEvent[];
  const matches = await w.api.call<Array<{ id: number; date: string }>>('GET', `/matches/index/${league.cupId}`);
  assert.equal(events.length, matches.length, 'one event per match of the cup');
  const mine = events.find((event) => event.uid.startsWith(`match-${open.match_id}@`))!;
  assert.ok(mine, 'the bet match is in the feed');
  // iCalendar times have whole seconds.
  const kickoff = Math.floor(Date.parse(open.match.date) / 1000) * 1000;
  assert.equal(mine.start.toISOString(), new Date(kickoff).toISOString());
  assert.match(String(mine.description), new RegExp(`Your bet in Calendar league ${w.stamp}: 2-2`));
  // The alarm: 15 minutes before the bet deadline (5 minutes before kickoff).
  const [alarm] = (mine as unknown as { alarms: { trigger: { val: string } }[] }).alarms;
  assert.equal(alarm.trigger.val, new Date(kickoff - 20 * 60_000).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, ''));
  assert.match(text, /DTSTART:\d{8}T\d{6}Z/);
  const again = Object.values(ical.sync.parseICS(await (await read(address)).text())).filter((c) => c?.type === 'VEVENT').map((c) => (c as ical.VEvent).uid);
  assert.deepEqual(again.sort(), events.map((event) => event.uid).sort(), 'stable event ids');

  const found = await seriousViolationsAt(page, 'account screen, calendar', BOTH_WIDTHS);
  await screenshots(w, page, 'account-calendar');
  await page.getByRole('button', { name: 'Replace address' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Replace address' }).click();
  await eventually(async () => assert.notEqual(await field.inputValue(), address));
  const replaced = await field.inputValue();
  assert.equal((await read(address)).status, 404, 'the old address stops working');
  assert.equal((await read(replaced)).status, 200);
  assert.deepEqual(found, [], `axe: ${found.join('; ')}`);
  w.notes.push(`${events.length} events parsed back; the replaced address answers 404`);
});
