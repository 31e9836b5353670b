import ical from 'node-ical';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { api, createLeague, leagueWithMember, leagueWorld } from '../leagues/testing/leagueTestKit';
import { withMatchCompetitions } from '../../testing/betCompetitions';

const ORIGIN = 'https://porra.example';

async function world(t: TestApp) {
  const w = await leagueWorld(t);
  const league = await leagueWithMember(t, w);
  const [first, second] = w.cup.groupMatchIds;
  await t.deps.db.insertInto('result_bets').values(await withMatchCompetitions(t.deps.db, {
    league_id: league.id, user_id: w.member.id, match_id: first, mode: 0, local_goals: 2, visiting_goals: 1, updated_at: t.clock.now(),
  })).execute();
  return { ...w, league, first, second };
}

async function calendarUrl(t: TestApp, token: string, locale: 'en' | 'es' = 'en'): Promise<string> {
  const res = await call(t.app, { method: 'GET', url: api('/users/index', locale), token });
  return res.data.calendar_url as string;
}

async function feed(t: TestApp, url: string) {
  const res = await call(t.app, { method: 'GET', url: new URL(url).pathname });
  return { res, events: res.statusCode === 200 ? Object.values(ical.sync.parseICS(res.body)).filter((c) => c?.type === 'VEVENT') as ical.VEvent[] : [] };
}

type Alarm = { action: string; description: string; trigger: { val: string } };
const alarmsOf = (event: ical.VEvent) => (event as unknown as { alarms: Alarm[] }).alarms;
/** An instant as iCalendar writes it in UTC (20260601T175500Z). */
const icsTime = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');

describeEachDb('calendar feed', (ctx) => {
  it('gives each player a private URL with their leagues\' matches, their bets and the deadline as an alarm, parsed back by an iCalendar parser', async () => {
    const t = ctx();
    const w = await world(t);
    const url = await calendarUrl(t, w.member.token);
    expect(url).toMatch(new RegExp(`^${ORIGIN}/calendar/${w.member.id}-[A-Za-z0-9_-]{32}\\.ics$`));
    const { res, events } = await feed(t, url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['cache-control']).toMatch(/private/);

    const matches = await t.deps.db.selectFrom('matches').select(['id', 'date']).where('competition_id', '=', w.cup.competitionId).execute();
    expect(events).toHaveLength(matches.length);
    const firstEvent = events.find((e) => e.uid === `match-${w.first}@porra.example`)!;
    const kickoff = Number(matches.find((m) => m.id === w.first)!.date);
    expect(firstEvent.start.getTime()).toBe(kickoff);
    expect(firstEvent.summary).toBe('Team A1 - Team A2');
    // Teams not known yet read as words, never as the data source's codes.
    const [semi, , final] = w.cup.knockoutMatchIds.map((id) => events.find((e) => e.uid === `match-${id}@porra.example`)!);
    expect(semi.summary).toBe('1st of group A - 2nd of group B');
    expect(final.summary).toBe('Winner of match 1 - Winner of match 2');
    expect(firstEvent.description).toContain('Your bet in Office Porra: 2-1');
    // The alarm rings 15 minutes before the bet deadline (5 minutes before kickoff), while bets are still open.
    const [alarm] = alarmsOf(firstEvent);
    expect(alarm.action).toBe('DISPLAY');
    expect(alarm.trigger.val).toBe(icsTime(kickoff - 20 * 60_000));
    expect(alarm.description).toBe('Bets on this match close in 15 minutes');
    const secondEvent = events.find((e) => e.uid === `match-${w.second}@porra.example`)!;
    expect(secondEvent.description).toContain('No bet yet in Office Porra');
    // Times are UTC instants: every app shows them in its own zone.
    expect(res.body).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  });

  it('keeps event ids stable across reads and score changes, and shows the score once finished', async () => {
    const t = ctx();
    const w = await world(t);
    const url = await calendarUrl(t, w.member.token);
    const before = (await feed(t, url)).events.map((e) => e.uid).sort();
    await call(t.app, { method: 'PUT', url: api(`/matches/${w.first}`), token: w.admin.token, payload: { match: { status: 'finished', local_goals: 3, visiting_goals: 1 } } });
    const after = await feed(t, url);
    expect(after.events.map((e) => e.uid).sort()).toEqual(before);
    expect(after.events.find((e) => e.uid === `match-${w.first}@porra.example`)!.summary).toBe('Team A1 3-1 Team A2');
  });

  it('is in the player\'s language, lists only matches their leagues play, and one event per match across leagues', async () => {
    const t = ctx();
    const w = await world(t);
    await t.deps.db.updateTable('users').set({ locale: 'es' }).where('id', '=', w.owner.id).execute();
    // A national team is named in the player's language; a club (Team A2) as it is.
    await t.deps.db.updateTable('teams').set({ team_name: 'Croatia' }).where('id', '=', w.cup.teamIds[0]).execute();
    // A second league of the owner that only plays Team A1's matches, with bets closing an hour before kickoff.
    const second = await createLeague(t, w.owner, {
      name: 'Solo A1', competition_id: w.cup.competitionId, selected_team_ids: [w.cup.teamIds[0]], bet_deadline_minutes: 60,
    });
    const { events } = await feed(t, await calendarUrl(t, w.owner.token, 'es'));
    const first = events.find((e) => e.uid === `match-${w.first}@porra.example`)!;
    expect(first.summary).toBe('Croacia - Team A2');
    const final = events.find((e) => e.uid === `match-${w.cup.knockoutMatchIds[2]}@porra.example`)!;
    expect(final.summary).toBe('Ganador del partido 1 - Ganador del partido 2');
    expect(first.description).toContain('Aún sin apuesta en Office Porra');
    expect(first.description).toContain('Aún sin apuesta en Solo A1');
    // The member's 2-1 on this match is theirs alone.
    expect(first.description).not.toContain('2-1');
    // One alarm, before the earlier of the two leagues' deadlines.
    expect(alarmsOf(first).map((a) => [a.trigger.val, a.description]))
      .toEqual([[icsTime(first.start.getTime() - 75 * 60_000), 'Las apuestas de este partido se cierran en 15 minutos']]);
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    expect(second.id).toBeGreaterThan(0);
    // Team A3 - Team A4 is not played in Solo A1.
    const [a3, a4] = [w.cup.teamIds[2], w.cup.teamIds[3]];
    const other = await t.deps.db.selectFrom('matches').select('id').where('local_team_id', '=', a3).where('visiting_team_id', '=', a4).executeTakeFirstOrThrow();
    const otherEvent = events.find((e) => e.uid === `match-${other.id}@porra.example`)!;
    expect(otherEvent.description).toContain('Office Porra');
    expect(otherEvent.description).not.toContain('Solo A1');
    // The outsider is in no league: an empty, valid calendar.
    const outsider = await feed(t, await calendarUrl(t, w.other.token));
    expect(outsider.res.statusCode).toBe(200);
    expect(outsider.events).toEqual([]);
  });

  it('regenerates the token from the account: the old URL stops working, bad tokens and disabled accounts are 404', async () => {
    const t = ctx();
    const w = await world(t);
    const old = await calendarUrl(t, w.member.token);
    const res = await call(t.app, { method: 'POST', url: api('/users/calendar_token'), token: w.member.token });
    expect(res.statusCode).toBe(200);
    expect(res.data.calendar_url).not.toBe(old);
    expect(await calendarUrl(t, w.member.token)).toBe(res.data.calendar_url);
    expect((await feed(t, old)).res.statusCode).toBe(404);
    expect((await feed(t, res.data.calendar_url)).res.statusCode).toBe(200);
    // Another user's id with a made-up MAC, garbage, and a signed-out regenerate.
    expect((await call(t.app, { method: 'GET', url: `/calendar/${w.owner.id}-${'a'.repeat(32)}.ics` })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'GET', url: '/calendar/nonsense.ics' })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'GET', url: '/calendar/x.txt' })).statusCode).toBe(400);
    expect((await call(t.app, { method: 'POST', url: api('/users/calendar_token') })).statusCode).toBe(401);
    const visitor = await call(t.app, { method: 'GET', url: api('/users/index') });
    expect(visitor.data.calendar_url).toBeUndefined();
    // A disabled account's feed stops, like its sessions.
    await t.deps.db.updateTable('users').set({ disabled_at: t.clock.now() }).where('id', '=', w.member.id).execute();
    expect((await feed(t, res.data.calendar_url)).res.statusCode).toBe(404);
  });
}, { config: { appOrigin: ORIGIN } });
