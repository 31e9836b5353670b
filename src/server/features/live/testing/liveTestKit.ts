import { call, type TestApp } from '../../../testing/harness';
import { api, leagueWithMember, leagueWorld } from '../../leagues/testing/leagueTestKit';
import { withMatchCompetitions } from '../../../testing/betCompetitions';

/** Test helpers for the live streams (tests only): a listening app and an SSE reader over real HTTP. */

interface SseMessage { event: string; data: any; id: string | null; comment: string | null }

interface OpenedStream {
  status: number;
  /** The next message (or heartbeat comment) matching `accept`; throws after `timeoutMs`. */
  next(accept?: (m: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
  body: string;
}

/** Streams' settings for tests: no heartbeat nor end unless a test asks, bet windows checked often. */
export const LIVE_TEST_SETTINGS = {
  heartbeatMs: 60_000, maxStreamMs: 600_000, maxStreamsPerUser: 2, maxStreamsPerAddress: 1000, maxStreamsPerLeague: 1000, maxStreams: 1000,
  opensPerMinutePerUser: 1000, opensPerMinutePerAddress: 1000, deadlineCheckMs: 50,
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The leagues world with the owner's and the member's bets on the first match, an admin's match edit, its kickoff. */
export async function liveWorld(t: TestApp) {
  const w = await leagueWorld(t);
  const league = await leagueWithMember(t, w);
  const [first, second] = w.cup.groupMatchIds;
  const bet = async (who: { id: number }, matchId: number, local: number, visiting: number) => {
    await t.deps.db.insertInto('result_bets').values(await withMatchCompetitions(t.deps.db, {
      league_id: league.id, user_id: who.id, match_id: matchId, mode: 0, local_goals: local, visiting_goals: visiting, updated_at: t.clock.now(),
    })).execute();
  };
  await bet(w.owner, first, 0, 3);
  await bet(w.member, first, 1, 0);
  const edit = (matchId: number, match: Record<string, unknown>) =>
    call(t.app, { method: 'PUT', url: api(`/matches/${matchId}`), token: w.admin.token, payload: { match } });
  const kickoff = Number((await t.deps.db.selectFrom('matches').select('date').where('id', '=', first).executeTakeFirstOrThrow()).date);
  return { ...w, league, first, second, edit, kickoff };
}

export async function listen(t: TestApp): Promise<string> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

function parse(frame: string): SseMessage | null {
  const message: SseMessage = { event: 'message', data: null, id: null, comment: null };
  let data = '';
  let any = false;
  for (const line of frame.split('\n')) {
    if (line.startsWith(':')) { message.comment = line.slice(1).trim(); any = true; continue; }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') message.event = value;
    else if (field === 'data') data += value;
    else if (field === 'id') message.id = value;
    else if (field === 'retry') continue;
    else continue;
    any = true;
  }
  if (!any) return null;
  message.data = data ? JSON.parse(data) : null;
  return message;
}

/** Opens GET /api/v1/:locale/live/:leagueId with fetch, as the client does. */
export async function openStream(origin: string, leagueId: number, token: string | null, options: { lastEventId?: string; locale?: string } = {}): Promise<OpenedStream> {
  const abort = new AbortController();
  const res = await fetch(`${origin}/api/v1/${options.locale ?? 'en'}/live/${leagueId}`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}) },
    signal: abort.signal,
  });
  const messages: SseMessage[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  let body = '';
  let done = false;
  const notify = () => { for (const w of waiters) w(); };
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        const text = decoder.decode(chunk, { stream: true });
        body += text;
        buffer += text;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (message) messages.push(message);
        }
        notify();
      }
    } catch { /* aborted */ }
    done = true;
    notify();
  })();
  const opened: OpenedStream = {
    status: res.status,
    ended,
    get body() { return body; },
    close: () => abort.abort(),
    async next(accept = (m) => m.comment === null, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = messages.findIndex(accept);
        if (index >= 0) return messages.splice(0, index + 1).pop()!;
        if (done) throw new Error(`stream ended without the message; got: ${body.slice(-500)}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no such message within ${timeoutMs} ms; got: ${body.slice(-500)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => { waiters.delete(wake); resolve(); }, left);
          const wake = () => { clearTimeout(timer); waiters.delete(wake); resolve(); };
          waiters.add(wake);
        });
      }
    },
  };
  return opened;
}

export const isEvent = (event: string) => (m: SseMessage) => m.event === event && m.comment === null;
