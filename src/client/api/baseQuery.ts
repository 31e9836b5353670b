import { fetchBaseQuery, type BaseQueryFn, type FetchBaseQueryError, type FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { API_BASE, fillPath, routeUrl } from '../../shared/api/route';
import { accountRoutes } from '../../shared/api/routes/accounts';
import i18n, { currentLocale } from '../lib/i18n/i18n';
import { deleteToken, readToken, saveToken } from '../lib/session/token';
import { selectIsProcessRunning } from '../lib/notifications/notificationsSlice';
import { showToast, startProcess, type ProcessEntry } from '../lib/notifications/notify';
import { redirectRequested } from '../lib/navigation/navigationSlice';
import type { RouteRequest } from './routeRequest';

/**
 * Every call's plumbing in one place: URL and locale prefix, bearer token, error catalogue and log call, and process
 * tracking of write calls.
 */

const REQUEST_TIMEOUT_MS = 30_000;
/** Error reports go straight to the log route (not through the api, whose errors would report again). */
const LOG_PATH = routeUrl(accountRoutes.clientLog);
/** Refused locally because the same process is still running: never sent. */
export const PROCESS_RUNNING = 'PROCESS_RUNNING';

type ApiError = FetchBaseQueryError | { status: typeof PROCESS_RUNNING; data?: undefined; error: string };

/** The page's origin; jest's jsdom answers http://localhost. */
const origin = () => {
  try {
    return window.location.origin;
  } catch {
    return 'http://localhost';
  }
};

/** Account calls that must go out without the stored token. */
const isAnonymousCall = ({ method, path, prefixed }: RouteRequest['def']) =>
  !prefixed && ((method === 'POST' && ['/users/sign_in', '/users', '/users/password'].includes(path)) || (method === 'PUT' && path === '/users/password'));
/** Account calls that answer a fresh token: sign in, sign up, password reset. */
const answersToken = ({ method, path, prefixed }: RouteRequest['def']) =>
  !prefixed && ((method === 'POST' && (path === '/users/sign_in' || path === '/users')) || (method === 'PUT' && path === '/users/password'));
/** Calls after which the token is no longer valid: sign out, delete account. */
const endsSession = ({ method, path, prefixed }: RouteRequest['def']) =>
  !prefixed && method === 'DELETE' && (path === '/users/sign_out' || path === '/users');
const isSignOut = ({ method, path, prefixed }: RouteRequest['def']) => !prefixed && method === 'DELETE' && path === '/users/sign_out';
const isCurrentUser = ({ method, path, prefixed }: RouteRequest['def']) => prefixed && method === 'GET' && path === '/users/index';
/**
 * Failures the user should not see (points info; the home lists, which are emptied instead; the player's overall
 * position, left out on home and said in its card on the ranking screen); they are still logged.
 */
const SILENT_READS = ['/leagues/index', '/matches/next_matches', '/matches/info_matchday/:id', '/result_bets/last_bets/:id',
  '/result_bets/distribution/:league_id/:match_id', '/competitions/ranking/:id/me'];
const isSilent = ({ method, path }: RouteRequest['def']) =>
  path.includes('/points_info') || (method === 'GET' && SILENT_READS.includes(path));

const isLeagueShow = ({ method, path }: RouteRequest['def']) => method === 'GET' && path === '/leagues/:id';

export function requestUrl(request: RouteRequest): string {
  const path = fillPath(request.def.path, request.params ?? {});
  const prefix = request.def.prefixed ? `${API_BASE}/${currentLocale()}` : API_BASE;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  return `${origin()}${prefix}${path}${query ? `?${query}` : ''}`;
}

const rawFetch = fetchBaseQuery({ credentials: 'include', timeout: REQUEST_TIMEOUT_MS });

/** The text for a failed call: the server's `error`/`errors`, else the fallback by status. */
export function errorMessage(error: FetchBaseQueryError): string {
  const data = error.data as { error?: unknown; errors?: unknown } | undefined;
  if (data && typeof data.error === 'string' && data.error) return data.error;
  if (data && data.errors) {
    const errors = data.errors;
    const texts = Array.isArray(errors) ? errors.map(String)
      : typeof errors === 'object' ? Object.values(errors as Record<string, unknown>).flat().map(String) : [String(errors)];
    if (texts.length) return texts.join(', ');
  }
  if (error.status === 401) return i18n.t('errors.api_unreachable');
  if (error.status === 400) return i18n.t('errors.bad_request');
  return i18n.t('errors.generic');
}

const errorCode = (error: FetchBaseQueryError): string => {
  if (typeof error.status === 'number') return error.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST';
  if (error.status === 'FETCH_ERROR') return 'ERR_NETWORK';
  return 'ERR_BAD_RESPONSE';
};

/** Reports a failed call to the server's log; a failure of the report itself is ignored. */
function logFailure(error: FetchBaseQueryError, meta: FetchBaseQueryMeta | undefined, message: string): void {
  const headers = meta?.response ? Object.fromEntries(meta.response.headers.entries()) : {};
  const status = typeof error.status === 'number' ? error.status : 'originalStatus' in error ? error.originalStatus : 0;
  const report = {
    status, data: error.data ?? null, headers, message: message.slice(0, 1000), code: errorCode(error),
  };
  void fetch(`${origin()}${LOG_PATH}`, {
    method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify(report),
  }).catch(() => undefined);
}

const processIdFor = (request: RouteRequest): string =>
  request.def.process ?? `${request.name}:${JSON.stringify({ params: request.params, query: request.query, body: request.body })}`;

/**
 * How a write call ended, in words: the client's own text for its process when it has one (`processes_done`,
 * filled from the answer), else the server's translated `message`; undefined keeps the running text.
 */
function outcomeText(process: string, answer: unknown): string | undefined {
  const fields = answer && typeof answer === 'object' && !Array.isArray(answer) ? answer as Record<string, unknown> : {};
  const done = `processes_done.${process}`;
  if (i18n.exists(done)) return i18n.t(done, { replace: fields });
  return typeof fields.message === 'string' && fields.message ? fields.message : undefined;
}

/** The i18n key naming several calls of a process at once ("2 bets saved"), when the client has one. */
const countedKey = (group: 'processes_counted' | 'processes_done_counted', process: string): string | undefined =>
  i18n.exists(`${group}.${process}_other`) ? `${group}.${process}` : undefined;

export const apiBaseQuery: BaseQueryFn<RouteRequest, unknown, ApiError, object, FetchBaseQueryMeta> = async (request, api, extra) => {
  const isWrite = api.type === 'mutation';
  const process = request.def.process ?? request.name;
  let entry: ProcessEntry | undefined;
  if (isWrite) {
    const processId = processIdFor(request);
    if (selectIsProcessRunning(api.getState() as never, processId)) {
      const message = i18n.t('errors.messages.process_already_running');
      showToast(api.dispatch, 'error', message);
      return { error: { status: PROCESS_RUNNING, error: message } };
    }
    entry = startProcess(api.dispatch, processId, i18n.t(`processes.${process}`, { defaultValue: i18n.t('processes.default') }),
      countedKey('processes_counted', process));
  }

  const token = isAnonymousCall(request.def) ? null : await readToken();
  const result = await rawFetch({
    url: requestUrl(request),
    method: request.def.method,
    body: request.body,
    headers: token ? { authorization: `Bearer ${token}` } : undefined,
  }, api, extra);

  // A failed sign-out still ends the session on this device.
  if (result.error && isSignOut(request.def)) await deleteToken();
  if (result.error) {
    const aborted = api.signal.aborted || result.error.status === 'TIMEOUT_ERROR'
      || (result.error.status === 'FETCH_ERROR' && /abort/i.test(result.error.error));
    if (aborted) {
      entry?.cancel();
      return result;
    }
    const message = errorMessage(result.error);
    logFailure(result.error, result.meta, message);
    // A write's own entry turns into its error; a read's failure gets a toast.
    const privateLeague = result.error.status === 403 && isLeagueShow(request.def);
    if (entry) entry.finish('error', message);
    else if (!isSilent(request.def) && !privateLeague) showToast(api.dispatch, 'error', message);
    // A league the caller may not see is private: its page says so and how to get in, rather than a bare refusal.
    if (result.error.status === 403 && !isWrite) api.dispatch(redirectRequested(privateLeague ? '/not_allowed?reason=private_league' : '/not_allowed'));
    return result;
  }

  entry?.finish('ok', outcomeText(process, result.data), countedKey('processes_done_counted', process));
  if (answersToken(request.def)) {
    const fromBody = (result.data as { token?: unknown } | null)?.token;
    const fromHeader = result.meta?.response?.headers.get('authorization')?.replace(/^Bearer\s+/i, '');
    const fresh = typeof fromBody === 'string' ? fromBody : fromHeader;
    if (fresh) await saveToken(fresh);
  }
  if (endsSession(request.def)) await deleteToken();
  // A stored token the server no longer knows (revoked, expired) reads as a visitor: forget it.
  if (token && isCurrentUser(request.def) && (result.data as { id?: unknown } | null)?.id === -1) await deleteToken();
  return result;
};
