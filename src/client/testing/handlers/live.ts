import { http, HttpResponse } from 'msw';
import { userByToken } from './fakeApi';
import { fail, handle, ok, routePattern } from './route';

/**
 * The live stream and the calendar token, as the server answers them. Tests push events into the open streams
 * with `liveFeed.send`; `liveFeed.refuse` makes new streams answer an error status (the client then polls).
 */
const encoder = new TextEncoder();
const open = new Map<number, Set<ReadableStreamDefaultController<Uint8Array>>>();
let refusal: number | null = null;

export const liveFeed = {
  requests: [] as { leagueId: number; lastEventId: string | null; authorization: string | null }[],
  send(leagueId: number, event: string, data: unknown, id?: number) {
    const frame = `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const controller of open.get(leagueId) ?? []) controller.enqueue(encoder.encode(frame));
  },
  /** Ends every open stream of the league (a server restart). */
  drop(leagueId: number) {
    for (const controller of open.get(leagueId) ?? []) controller.close();
    open.delete(leagueId);
  },
  openStreams: (leagueId: number) => open.get(leagueId)?.size ?? 0,
  refuse(status: number | null) { refusal = status; },
  reset() { open.clear(); refusal = null; liveFeed.requests = []; },
};

export const liveHandlers = [
  http.get(routePattern('leagueLive'), ({ request, params }) => {
    const leagueId = Number(params.league_id);
    liveFeed.requests.push({ leagueId, lastEventId: request.headers.get('last-event-id'), authorization: request.headers.get('authorization') });
    if (!userByToken(request.headers.get('authorization')?.replace(/^Bearer /, '') ?? null)) return HttpResponse.json({ error: 'Sign in' }, { status: 401 });
    if (refusal) return HttpResponse.json({ error: 'Too many live views' }, { status: refusal });
    let mine: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        mine = controller;
        open.set(leagueId, (open.get(leagueId) ?? new Set()).add(controller));
        controller.enqueue(encoder.encode('retry: 3000\n\n'));
        request.signal.addEventListener('abort', () => { open.get(leagueId)?.delete(mine); });
      },
      cancel() { open.get(leagueId)?.delete(mine); },
    });
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
  }),
  handle('regenerateCalendarToken', ({ token }) => {
    const user = userByToken(token);
    if (!user) return fail(401, 'Sign in');
    user.calendarGeneration = (user.calendarGeneration ?? 0) + 1;
    return ok({ calendar_url: calendarUrlOf(user) });
  }),
];

export const calendarUrlOf = (user: { id: number; calendarGeneration?: number }) =>
  `http://localhost/calendar/${user.id}-${String(user.calendarGeneration ?? 0).padStart(32, 'a')}.ics`;
