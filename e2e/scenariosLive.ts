import assert from 'node:assert/strict';
import ical from 'node-ical';
import { seriousViolations } from './accessibility';
import { newVisitor, screenshots } from './browser';
import { newPlayer, openCup } from './players';
import { demoAdminPassword, eventually, signIn, type World } from './scenarios';

type Bet = { id: number; match_id: number; allow_edit_bets: boolean; match: { date: string; matchday: number } };
type TableRow = { user_id: number; points: number; position: number };

/** Two new players in a league of their own on the demo cup (independent of the other scenarios). */
async function twoPlayerLeague(w: World, names: [string, string], leagueName: string) {
  const stamp = Date.now();
  const first = await newPlayer(w, names[0], stamp);
  const second = await newPlayer(w, names[1], stamp);
  const cup = await openCup(w);
  const { league } = await w.api.call<{ league: { id: number; share_token: string } }>('POST', '/leagues', {
    token: first.token, body: { league: { name: `${leagueName} ${stamp}`, competition_id: cup.id } },
  });
  await w.api.call('POST', '/leagues/join', { token: second.token, body: { league_id: league.id, invitation_token: league.share_token } });
  return { first, second, league, cupId: cup.id };
}

/**
 * The player's earliest bet still open: the current matchday first, then the next ones (earlier scenarios, or the time
 * of day, may have closed today's: a match kicked off, or an admin entered its result).
 */
async function earliestOpenBet(w: World, leagueId: number, token: string): Promise<Bet> {
  const current = await w.api.call<Bet[]>('GET', `/result_bets/index/${leagueId}`, { token });
  let matchday = Math.max(...current.map((bet) => bet.match.matchday));
  for (let bets = current; bets.length > 0; bets = await w.api.call<Bet[]>('GET', `/result_bets/index/${leagueId}?matchday=${++matchday}`, { token })) {
    const open = bets.filter((bet) => bet.allow_edit_bets).sort((a, b) => a.match.date.localeCompare(b.match.date))[0];
    if (open) return open;
  }
  throw new Error('no open match to bet on');
}

/**
 * Issue 14 §1: the table moves while the ball rolls. Lia and Max play a league of their own; both bet on the next
 * open match (Lia 1-0, Max 0-2). Lia keeps the league page open at phone width; the match kicks off (its kickoff
 * is moved a minute into the past, put back at the end) and in another window the demo admin puts it in play at
 * 1-0. Without a reload Lia's page shows the live score, a provisional table with Lia first (arrows: Max down one
 * place), then, once the admin finishes the match, the final table. axe on the live page.
 */
export async function liveTable(w: World): Promise<string> {
  const { first: lia, second: max, league } = await twoPlayerLeague(w, ['Lia', 'Max'], 'Live league');
  const open = await earliestOpenBet(w, league.id, lia.token);
  const maxBets = await w.api.call<Bet[]>('GET', `/result_bets/index/${league.id}?matchday=${open.match.matchday}`, { token: max.token });
  const maxBet = maxBets.find((bet) => bet.match_id === open.match_id)!;
  await w.api.call('POST', '/result_bets/update_result_bet', { token: lia.token, body: { result_bet_id: open.id, local_goals: 1, visiting_goals: 0 } });
  await w.api.call('POST', '/result_bets/update_result_bet', { token: max.token, body: { result_bet_id: maxBet.id, local_goals: 0, visiting_goals: 2 } });

  const player = await newVisitor(w.browser, w.origin);
  await player.page.setViewportSize({ width: 360, height: 740 });
  await signIn(w, player.page, 'Lia', lia.email, lia.password);
  await player.page.goto(`/leagues/${league.id}`);
  const table = player.page.getByRole('table', { name: 'League table' });
  await table.waitFor();
  await player.page.getByText('Live', { exact: true }).waitFor();

  const admin = await newVisitor(w.browser, w.origin);
  await signIn(w, admin.page, 'Admin', 'admin@porra.demo', demoAdminPassword(w));
  // The match kicked off a minute ago: its bet window has closed, so a provisional table may count the bets on it
  // (before that the streams send the stored table). Put back at the end.
  const adminApi = await w.api.signIn('admin@porra.demo', demoAdminPassword(w));
  await w.api.call('PUT', `/matches/${open.match_id}`, { token: adminApi.token, body: { match: { date: new Date(Date.now() - 60_000).toISOString() } } });
  const enter = async (status: 'In play' | 'Finished') => {
    await admin.page.goto(`/admin/matches/${open.match_id}`);
    await admin.page.getByRole('textbox', { name: 'Home goals', exact: true }).fill('1');
    await admin.page.getByRole('textbox', { name: 'Away goals', exact: true }).fill('0');
    await admin.page.getByRole('combobox', { name: 'Status' }).click();
    await admin.page.getByRole('option', { name: status }).click();
    await admin.page.getByRole('button', { name: 'Save' }).click();
  };
  const reloads: string[] = [];
  player.page.on('framenavigated', (frame) => { if (frame === player.page.mainFrame()) reloads.push(frame.url()); });

  try {
    await enter('In play');
    await player.page.getByText('Provisional', { exact: true }).waitFor({ timeout: 15_000 });
    const scores = player.page.getByRole('region', { name: 'Live scores' });
    await scores.getByTestId(`live-match-${open.match_id}`).getByText('1-0').waitFor();
    const rows = table.getByRole('row');
    await eventually(async () => assert.match(await rows.nth(1).innerText(), /Lia/));
    await rows.nth(2).getByRole('img', { name: 'Down 1 place' }).waitFor();
    const found: string[] = [];
    for (const width of [360, 1280]) {
      await player.page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
      found.push(...(await seriousViolations(player.page, 'league page, live', width)).serious);
    }
    await screenshots(player.page, 'league-live-provisional');

    await enter('Finished');
    await eventually(async () => assert.equal(await player.page.getByText('Provisional', { exact: true }).count(), 0), 15_000);
    await eventually(async () => assert.match(await rows.nth(1).innerText(), /Lia/));
    assert.deepEqual(reloads, [], 'the league page was not reloaded');
    const stored = await w.api.call<{ users: TableRow[] }>('GET', `/leagues/users_league_table/${league.id}`, { token: lia.token });
    assert.equal(stored.users[0].user_id, lia.id);
    assert.ok(stored.users[0].points > 0);
    assert.deepEqual(found, [], `axe: ${found.join('; ')}`);
    return `live table moved at 360 px without reload; Lia ${stored.users[0].points} points`;
  } finally {
    await w.api.call('PUT', `/matches/${open.match_id}`, { token: adminApi.token, body: { match: { date: open.match.date } } });
    await player.context.close();
    await admin.context.close();
  }
}

/**
 * Issue 14 §2: the private calendar feed. Nora and Otto share a league; Nora bets on one match. On her account
 * screen she finds her calendar address; the feed is parsed back with node-ical (one VEVENT per match with a stable
 * UID, her bet in the description, a VALARM 15 minutes before the bet deadline, UTC times). She replaces the address (confirm
 * dialog): the old one answers 404, the new one works. axe on the account screen.
 */
export async function calendarFeed(w: World): Promise<string> {
  const { first: nora, league, cupId } = await twoPlayerLeague(w, ['Nora', 'Otto'], 'Calendar league');
  const open = await earliestOpenBet(w, league.id, nora.token);
  await w.api.call('POST', '/result_bets/update_result_bet', { token: nora.token, body: { result_bet_id: open.id, local_goals: 2, visiting_goals: 2 } });

  const { context, page } = await newVisitor(w.browser, w.origin);
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
  const matches = await w.api.call<Array<{ id: number; date: string }>>('GET', `/matches/index/${cupId}`);
  assert.equal(events.length, matches.length, 'one event per match of the cup');
  const mine = events.find((event) => event.uid.startsWith(`match-${open.match_id}@`))!;
  assert.ok(mine, 'the bet match is in the feed');
  // iCalendar times have whole seconds.
  const kickoff = Math.floor(Date.parse(open.match.date) / 1000) * 1000;
  assert.equal(mine.start.toISOString(), new Date(kickoff).toISOString());
  assert.match(String(mine.description), /Your bet in Calendar league \d+: 2-2/);
  // The alarm: 15 minutes before the bet deadline (5 minutes before kickoff).
  const [alarm] = (mine as unknown as { alarms: { trigger: { val: string } }[] }).alarms;
  assert.equal(alarm.trigger.val, new Date(kickoff - 20 * 60_000).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, ''));
  assert.match(text, /DTSTART:\d{8}T\d{6}Z/);
  const again = Object.values(ical.sync.parseICS(await (await read(address)).text())).filter((c) => c?.type === 'VEVENT').map((c) => (c as ical.VEvent).uid);
  assert.deepEqual(again.sort(), events.map((event) => event.uid).sort(), 'stable event ids');

  const found: string[] = [];
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    found.push(...(await seriousViolations(page, 'account screen, calendar', width)).serious);
  }
  await screenshots(page, 'account-calendar');
  await page.getByRole('button', { name: 'Replace address' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Replace address' }).click();
  await eventually(async () => assert.notEqual(await field.inputValue(), address));
  const replaced = await field.inputValue();
  assert.equal((await read(address)).status, 404, 'the old address stops working');
  assert.equal((await read(replaced)).status, 200);
  assert.deepEqual(found, [], `axe: ${found.join('; ')}`);
  await context.close();
  return `${events.length} events parsed back; the replaced address answers 404`;
}
