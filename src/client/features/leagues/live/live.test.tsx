import { screen, waitFor, within } from '@testing-library/react';
import type { LeagueTableData } from '../../../lib/ui/tableSort';
import { api } from '../../../api/api';
import { setupStore } from '../../../app/store';
import { PLAYER } from '../../../testing/handlers/fakeApi';
import { liveFeed } from '../../../testing/handlers/live';
import { renderApp, signInAs } from '../../../testing/renderWithProviders';
import { FAILURES_BEFORE_POLLING, followLeague } from '../../../api/liveStream/liveConnection';
import { applyMatches, applyStandings } from '../../../api/liveStream/liveCache';
import { selectLeagueLive } from '../../../api/live/liveSlice';
import { parseMessage } from '../../../api/liveStream/sseReader';
import { handle, ok } from '../../../testing/handlers/route';
import { server } from '../../../testing/server';

const tableRows = () => within(screen.getByRole('table', { name: 'League table' })).getAllByRole('row').slice(1);
const match = (fields: Record<string, unknown>) => ({
  id: 11, competition_id: 2, group_id: null, round_id: 1, matchday: 2, local_team_id: null, visiting_team_id: null,
  local_placeholder: 'Home', visiting_placeholder: 'Away', date: '2026-06-14T18:00:00.000Z', status: 'in_play', started: true,
  finished: false, local_goals: 1, visiting_goals: 0, local_goals_extra_time: null, visiting_goals_extra_time: null,
  local_penalties: null, visiting_penalties: null, ...fields,
});

/** A member's row of a league table at `position` (points fall with the position). */
const row = (user_id: number, position: number) => ({
  user_id, user_avatar: null, user_name: `Member ${user_id}`, department: null, points_by_matchday: {}, points_league: 0, points_rounds: 0,
  points_people: 0, points_bonus: 0, points: 1000 - position, points_matchday: 0, position, matchday_wins: 0, exact_hits: 0,
  goal_difference_hits: 0, tendency_hits: 0,
});
const tableBase = { departments: [], matchday: 2, last_played_matchday: 2, matchday_winner_ids: [], matchday_winners: [], tie_breaks: [] };

describe('league page live', () => {
  it('follows the stream with the bearer header: live scores, a provisional table with arrows, then the final table', async () => {
    await signInAs(PLAYER);
    const { store } = renderApp({ route: '/leagues/5' });
    // The whole app renders first (slow on a busy machine).
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(10), { timeout: 15_000 });
    await waitFor(() => expect(liveFeed.openStreams(5)).toBe(1), { timeout: 15_000 });
    expect(liveFeed.requests[0]).toMatchObject({ leagueId: 5, lastEventId: null, authorization: expect.stringMatching(/^Bearer token-1-/) });
    expect(await screen.findByText('Live')).toBeInTheDocument();

    liveFeed.send(5, 'matches', { league_id: 5, competition_id: 2, match_ids: [11], matches: [match({})] });
    const card = await screen.findByRole('region', { name: 'Live scores' });
    expect(within(card).getByTestId('live-match-11')).toHaveTextContent('1-0');

    // Ana (12th) would lead if the match ended now.
    const official = api.endpoints.usersLeagueTable.select({ params: { id: 5 }, query: {} } as never)(store.getState()).data as LeagueTableData;
    const anaWas = official.users.find((row) => row.user_id === PLAYER.id)!.position;
    const up = `Up ${anaWas - 1} places`;
    const users = official.users.map((row) => (row.user_id === PLAYER.id ? { ...row, points: 100, position: 1 } : { ...row, position: row.position + (row.position < anaWas ? 1 : 0) }));
    liveFeed.send(5, 'standings', { league_id: 5, provisional: true, live_match_ids: [11], table: { ...official, users } }, 7);
    expect(await screen.findByText('Provisional')).toBeInTheDocument();
    await waitFor(() => expect(tableRows()[0]).toHaveTextContent('Ana'));
    expect(within(tableRows()[0]).getByRole('img', { name: up })).toBeInTheDocument();

    liveFeed.send(5, 'matches', { league_id: 5, competition_id: 2, match_ids: [11], matches: [match({ status: 'finished', finished: true })] });
    liveFeed.send(5, 'standings', { league_id: 5, provisional: false, live_match_ids: [], table: { ...official, users } }, 8);
    await waitFor(() => expect(screen.queryByText('Provisional')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Live scores' })).not.toBeInTheDocument();
    // The final table is now the cached one (no reload), with the moves of that change.
    expect(tableRows()[0]).toHaveTextContent('Ana');
    expect(within(tableRows()[0]).getByRole('img', { name: up })).toBeInTheDocument();

    // A dropped stream reconnects with the last event id.
    liveFeed.drop(5);
    await waitFor(() => expect(liveFeed.requests.length).toBe(2), { timeout: 8000 });
    expect(liveFeed.requests[1].lastEventId).toBe('8');
  });

  it('falls back to polling when the stream is refused, and goes back to the stream when it can', async () => {
    await signInAs(PLAYER);
    liveFeed.refuse(429);
    const store = setupStore();
    const stop = followLeague({ leagueId: 5, dispatch: store.dispatch, getState: store.getState, sleep: () => new Promise((done) => setTimeout(done, 5)) });
    await waitFor(() => expect(selectLeagueLive(store.getState(), 5).connection).toBe('polling'));
    expect(liveFeed.requests.length).toBeGreaterThanOrEqual(FAILURES_BEFORE_POLLING);
    liveFeed.refuse(null);
    await waitFor(() => expect(selectLeagueLive(store.getState(), 5).connection).toBe('live'));
    stop();
  });

  it('forgets a provisional table and live scores it can no longer vouch for: after a reconnect, and while polling', async () => {
    await signInAs(PLAYER);
    const store = setupStore();
    const stop = followLeague({ leagueId: 5, dispatch: store.dispatch, getState: store.getState, sleep: () => new Promise((done) => setTimeout(done, 5)) });
    const live = () => selectLeagueLive(store.getState(), 5);
    const inPlay = () => {
      liveFeed.send(5, 'matches', { league_id: 5, competition_id: 2, match_ids: [11], matches: [match({})] });
      liveFeed.send(5, 'standings', { league_id: 5, provisional: true, live_match_ids: [11], table: { users: [], matchday: 2 } }, 7);
    };
    await waitFor(() => expect(liveFeed.openStreams(5)).toBe(1));
    inPlay();
    await waitFor(() => expect(live().provisional).not.toBeNull());
    expect(Object.keys(live().matches)).toEqual(['11']);
    // The match ended while the stream was down: the new stream has nothing in play to tell.
    liveFeed.drop(5);
    await waitFor(() => expect(liveFeed.requests.length).toBe(2));
    expect(liveFeed.requests[1].lastEventId).toBe('7');
    await waitFor(() => expect(live()).toMatchObject({ connection: 'live', provisional: null, matches: {} }));
    inPlay();
    await waitFor(() => expect(live().provisional).not.toBeNull());
    liveFeed.refuse(503);
    liveFeed.drop(5);
    await waitFor(() => expect(live()).toMatchObject({ connection: 'polling', provisional: null, matches: {} }));
    stop();
  });

  it("puts the stream's whole table in place of the cached whole table, never of a page of a big league's table", async () => {
    const store = setupStore();
    const whole = { ...tableBase, users: [row(1, 1), row(2, 2)], total_users: 2, offset: 0 };
    const page = { ...tableBase, users: [row(7, 51)], total_users: 900, offset: 50, own_row: row(1, 1) };
    const wholeArgs = { params: { id: 5 }, query: {} } as never;
    const pageArgs = { params: { id: 5 }, query: { offset: 50 } } as never;
    await store.dispatch(api.util.upsertQueryData('usersLeagueTable', wholeArgs, whole as never));
    await store.dispatch(api.util.upsertQueryData('usersLeagueTable', pageArgs, page as never));
    const streamed = { ...whole, users: [row(2, 1), row(1, 2)] };
    applyStandings({ dispatch: store.dispatch, getState: store.getState } as never, { league_id: 5, provisional: false, live_match_ids: [], table: streamed });
    expect(api.endpoints.usersLeagueTable.select(wholeArgs)(store.getState()).data).toEqual(streamed);
    expect(api.endpoints.usersLeagueTable.select(pageArgs)(store.getState()).data).toEqual(page);
  });

  it("reads a big league's cached pages again when its stream sends its first page, each with the reader's own row", async () => {
    const store = setupStore();
    const base = { ...tableBase, total_users: 900 };
    const pageArgs = { params: { id: 5 }, query: { offset: 50 } } as never;
    await store.dispatch(api.util.upsertQueryData('usersLeagueTable', pageArgs, { ...base, users: [row(7, 51)], offset: 50, own_row: row(1, 80) } as never));
    const fresh = { ...base, users: [row(9, 51)], offset: 50, own_row: row(1, 60) };
    server.use(handle('usersLeagueTable', () => ok(fresh as never)));
    const firstPage = { ...base, users: [row(3, 1)], offset: 0, own_row: null };
    applyStandings({ dispatch: store.dispatch, getState: store.getState } as never, { league_id: 5, provisional: false, live_match_ids: [], table: firstPage });
    await waitFor(() => expect(api.endpoints.usersLeagueTable.select(pageArgs)(store.getState()).data).toEqual(fresh));
  });

  it('moves the match cards of every cached match list without a reload', async () => {
    const store = setupStore();
    const name = 'matchesIndex';
    const args = { params: { id: 2 }, query: {} } as never;
    await store.dispatch(api.util.upsertQueryData(name, args, [match({ status: 'scheduled', started: false, local_goals: null, visiting_goals: null })] as never));
    applyMatches({ dispatch: store.dispatch, getState: store.getState }, { league_id: 5, competition_id: 2, match_ids: [11], matches: [match({ local_goals: 2 })] });
    const cached = api.endpoints[name].select(args)(store.getState()).data as unknown as Array<{ local_goals: number; status: string }>;
    expect(cached[0]).toMatchObject({ local_goals: 2, status: 'in_play' });
  });

  it('reads Server-Sent Events messages as EventSource does', () => {
    expect(parseMessage('id: 3\nevent: standings\ndata: {"a":1}')).toEqual({ id: '3', event: 'standings', data: '{"a":1}' });
    expect(parseMessage(': heartbeat')).toBeNull();
    expect(parseMessage('id: 9')).toEqual({ id: '9', event: 'message', data: '' });
    expect(parseMessage('data: a\ndata: b')).toEqual({ id: null, event: 'message', data: 'a\nb' });
  });
});

describe('calendar address on the account screen', () => {
  it('shows the private address and replaces it after confirming', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/users/edit' });
    const field = await screen.findByRole('textbox', { name: 'Calendar address' }, { timeout: 15_000 });
    expect(field).toHaveValue(`http://localhost/calendar/1-${'0'.padStart(32, 'a')}.ics`);
    await user.click(screen.getByRole('button', { name: 'Replace address' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Replace address' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Calendar address' })).toHaveValue(`http://localhost/calendar/1-${'1'.padStart(32, 'a')}.ics`));
    expect(await screen.findByText('New calendar address ready')).toBeInTheDocument();
  });
});
