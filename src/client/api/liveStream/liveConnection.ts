import { LIVE_EVENT, LIVE_RETRY_MS } from '../../../shared/api/routes/live';
import { API_BASE } from '../../../shared/api/route';
import { currentLocale } from '../../lib/i18n/i18n';
import type { AppDispatch, RootState } from '../store/hooks';
import { readToken } from '../../lib/session/token';
import { applyBetsVisible, applyBoard, applyMatches, applyStandings, refreshLiveData } from './liveCache';
import { connectionChanged, streamGap } from '../live/liveSlice';
import { readSse } from './sseReader';

/** Stream failures in a row before falling back to polling. */
export const FAILURES_BEFORE_POLLING = 3;
/** While polling: how often the screen's data is read again, and how often the stream is tried again. */
const POLL_EVERY_MS = 30_000;
const STREAM_RETRY_WHILE_POLLING_MS = 120_000;

interface Options {
  leagueId: number;
  dispatch: AppDispatch;
  getState: () => RootState;
  fetch?: typeof fetch;
  /** Test seam for the waits between attempts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const sleepFor = (ms: number, signal: AbortSignal) => new Promise<void>((resolve) => {
  const timer = setTimeout(resolve, ms);
  signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
});

/**
 * Follows one league's live stream while a screen shows it: reads it with fetch (the bearer header, no token in
 * the URL), reconnects with Last-Event-ID after a drop, and after repeated failures (or a refusal such as too many
 * streams) reads the data every 30 s instead, trying the stream again now and then. Returns the stop function.
 */
export function followLeague(options: Options): () => void {
  const { leagueId, dispatch, getState } = options;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const sleep = options.sleep ?? sleepFor;
  const stop = new AbortController();
  const thunk = { dispatch, getState };
  let lastEventId: string | null = null;
  let pollTimer: ReturnType<typeof setInterval> | null = null;

  const setConnection = (connection: 'connecting' | 'live' | 'polling') => dispatch(connectionChanged({ leagueId, connection }));
  const startPolling = () => {
    if (pollTimer) return;
    dispatch(streamGap(leagueId));
    setConnection('polling');
    pollTimer = setInterval(() => refreshLiveData(thunk), POLL_EVERY_MS);
  };
  const stopPolling = () => { if (pollTimer) clearInterval(pollTimer); pollTimer = null; };

  function handle(event: string, data: string) {
    const payload = JSON.parse(data);
    if (event === LIVE_EVENT.MATCHES) applyMatches(thunk, payload);
    else if (event === LIVE_EVENT.STANDINGS) applyStandings(thunk, payload);
    else if (event === LIVE_EVENT.BETS_VISIBLE) applyBetsVisible(thunk, payload);
    else if (event === LIVE_EVENT.BOARD) applyBoard(thunk, payload);
  }

  /** One stream until it ends; true when it opened. */
  async function stream(): Promise<boolean> {
    const token = await readToken();
    const response = await doFetch(`${window.location.origin}${API_BASE}/${currentLocale()}/live/${leagueId}`, {
      headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      signal: stop.signal,
      cache: 'no-store',
    });
    if (!response.ok || !response.body) return false;
    const resumed = lastEventId !== null || pollTimer !== null;
    stopPolling();
    setConnection('live');
    // After a gap the server replays what it still has (and what is in play now); anything older is read again.
    if (resumed) {
      dispatch(streamGap(leagueId));
      refreshLiveData(thunk);
    }
    for await (const message of readSse(response.body)) {
      if (message.id !== null) lastEventId = message.id;
      if (message.data) handle(message.event, message.data);
    }
    return true;
  }

  void (async () => {
    let failures = 0;
    while (!stop.signal.aborted) {
      let opened = false;
      try { opened = await stream(); } catch { /* network failure or stop */ }
      if (stop.signal.aborted) break;
      failures = opened ? 0 : failures + 1;
      if (failures >= FAILURES_BEFORE_POLLING) {
        startPolling();
        await sleep(STREAM_RETRY_WHILE_POLLING_MS, stop.signal);
      } else {
        if (!pollTimer) setConnection('connecting');
        await sleep(LIVE_RETRY_MS * Math.max(1, failures), stop.signal);
      }
    }
  })();

  return () => { stop.abort(); stopPolling(); };
}
