import { LIVE_EVENT } from '../../../shared/api/routes/live';
import type { BetsVisiblePayload, BoardPayload, MatchesPayload } from '../../domain/live/liveEvents';
import type { ResultProgressPayload } from '../../domain/resultJobs/resultProgress';
import type { AppDeps } from '../../platform/deps';
import { liveEventsAfter, type LiveEventRow } from '../../platform/live/liveEventStore';
import { matchesPlayedInLeagues } from './liveEventsRepository';

/** One message of a stream: `id` is what the client sends back as Last-Event-ID. */
interface LiveMessage { event: string; data: unknown; id?: number }

/** Events replayed at most on a resume; a client further behind has its screen's data read again anyway. */
const RESUME_LIMIT = 200;
/** A replay read for one stream is reused by streams of the same league resuming from the same event this long. */
const REPLAY_REUSE_MS = 2000;

/** A result job's progress, to every league of its competition; `applied` for those whose table it just rewrote. */
function progressMessages(row: LiveEventRow, leagueIds: number[]): Map<number, LiveMessage> {
  const progress = JSON.parse(row.payload) as ResultProgressPayload;
  const batch = new Set(progress.league_ids);
  return new Map(leagueIds.map((leagueId) => [leagueId, {
    event: LIVE_EVENT.RESULT_PROGRESS,
    data: {
      league_id: leagueId, competition_id: row.competition_id, match_ids: progress.match_ids, applied: batch.has(leagueId),
      leagues_done: progress.leagues_done, leagues_total: progress.leagues_total, finished: progress.finished,
    },
  }]));
}

/** Whether the message tells a league that its stored table changed (a result job's batch rewrote it). */
export const tableApplied = (message: LiveMessage) =>
  message.event === LIVE_EVENT.RESULT_PROGRESS && (message.data as { applied: boolean }).applied;

/**
 * The message each of these leagues gets for one event (leagues the event does not concern get none): `matches`
 * with the league's matches of the event, `bets_visible` for the leagues whose own bet window is the one that
 * closed (not before it: they were told then), `board` for the one league whose board changed, or a result job's
 * `result_progress`. Without `id`; the caller decides which message carries it.
 */
export async function eventMessages(deps: AppDeps, row: LiveEventRow, leagueIds: number[]): Promise<Map<number, LiveMessage>> {
  if (row.kind === 'result_progress') return progressMessages(row, leagueIds);
  const out = new Map<number, LiveMessage>();
  if (row.kind === 'board') {
    const board = JSON.parse(row.payload) as BoardPayload;
    if (leagueIds.includes(board.league_id)) out.set(board.league_id, { event: LIVE_EVENT.BOARD, data: board });
    return out;
  }
  if (row.kind === 'bets_visible') {
    const { match_ids: matchIds, deadline = 0 } = JSON.parse(row.payload) as BetsVisiblePayload;
    const shown = await matchesPlayedInLeagues(deps.db, leagueIds, matchIds, { from: deadline, to: Math.max(deadline, deps.clock.now()) });
    for (const [leagueId, ids] of shown) {
      out.set(leagueId, { event: LIVE_EVENT.BETS_VISIBLE, data: { league_id: leagueId, match_ids: [...ids].sort((a, b) => a - b) } });
    }
    return out;
  }
  const { matches } = JSON.parse(row.payload) as MatchesPayload;
  const played = await matchesPlayedInLeagues(deps.db, leagueIds, matches.map((m) => m.id));
  for (const [leagueId, ids] of played) {
    out.set(leagueId, {
      event: LIVE_EVENT.MATCHES,
      data: {
        league_id: leagueId, competition_id: row.competition_id, match_ids: [...ids].sort((a, b) => a - b),
        matches: matches.filter((m) => ids.has(m.id)),
      },
    });
  }
  return out;
}

/** What a resuming stream is sent: each missed event's message with its id; whether match cards moved; when read. */
interface Replay { messages: LiveMessage[]; matchesMoved: boolean; lastId: number; full: boolean; readAt: number }

async function readReplay(deps: AppDeps, leagueId: number, competitionId: number, afterId: number, limit: number): Promise<Replay> {
  const readAt = Date.now();
  const rows = await liveEventsAfter(deps.db, afterId, limit, competitionId);
  const messages: LiveMessage[] = [];
  let matchesMoved = false;
  for (const row of rows) {
    const message = (await eventMessages(deps, row, [leagueId])).get(leagueId);
    if (message) messages.push({ ...message, id: row.id });
    matchesMoved ||= message !== undefined && (row.kind === 'matches' || tableApplied(message));
  }
  return { messages, matchesMoved, lastId: rows.at(-1)?.id ?? afterId, full: rows.length >= limit, readAt };
}

/**
 * Replays shared between streams: any number of streams of a league resuming from the same event within
 * REPLAY_REUSE_MS (a page reloading in a loop, many clients reconnecting after a restart) cost one read of the
 * events, plus each a read of the events stored since that one (usually none). State of the app (the live hub).
 */
export function createReplays(deps: AppDeps) {
  const recent = new Map<string, { at: number; replay: Promise<Replay> }>();

  /** The replay read for this league and event within REPLAY_REUSE_MS, or a new read (`reused` false). */
  function shared(leagueId: number, competitionId: number, afterId: number): { replay: Promise<Replay>; reused: boolean } {
    const key = `${leagueId}:${afterId}`;
    const now = Date.now();
    const hit = recent.get(key);
    if (hit && now - hit.at < REPLAY_REUSE_MS) return { replay: hit.replay, reused: true };
    for (const [other, entry] of recent) if (now - entry.at >= REPLAY_REUSE_MS) recent.delete(other);
    const replay = readReplay(deps, leagueId, competitionId, afterId, RESUME_LIMIT);
    recent.set(key, { at: now, replay });
    // A failed read is not reused.
    replay.catch(() => { if (recent.get(key)?.replay === replay) recent.delete(key); });
    return { replay, reused: false };
  }

  return {
    /** The messages a stream of the league resuming after `afterId` missed, at most RESUME_LIMIT events. */
    async after(leagueId: number, competitionId: number, afterId: number): Promise<Replay> {
      const { replay, reused } = shared(leagueId, competitionId, afterId);
      const base = await replay;
      // A replay read for this stream is current; one read earlier for another misses what was stored since.
      if (!reused || base.full) return base;
      const tail = await readReplay(deps, leagueId, competitionId, base.lastId, RESUME_LIMIT - base.messages.length);
      if (tail.lastId === base.lastId) return base;
      return {
        messages: [...base.messages, ...tail.messages], matchesMoved: base.matchesMoved || tail.matchesMoved,
        lastId: tail.lastId, full: tail.full, readAt: tail.readAt,
      };
    },
  };
}
