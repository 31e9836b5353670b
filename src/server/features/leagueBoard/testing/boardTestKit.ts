import { call, type TestApp } from '../../../testing/harness';
import { api, leagueWithMember, leagueWorld, type Person } from '../../leagues/testing/leagueTestKit';

/** Test helpers of the league board (tests only). */

type Locale = 'en' | 'es';

export const board = (t: TestApp, who: Person | null, leagueId: number, query = '', locale: Locale = 'en') =>
  call(t.app, { method: 'GET', url: api(`/leagues/posts/${leagueId}${query}`, locale), token: who?.token ?? null });

export const post = (t: TestApp, who: Person | null, payload: Record<string, unknown>, locale: Locale = 'en') =>
  call(t.app, { method: 'POST', url: api('/leagues/posts', locale), token: who?.token ?? null, payload });

export const editPost = (t: TestApp, who: Person | null, postId: number, text: string, locale: Locale = 'en') =>
  call(t.app, { method: 'PUT', url: api(`/leagues/posts/${postId}`, locale), token: who?.token ?? null, payload: { text } });

export const deletePost = (t: TestApp, who: Person | null, postId: number, locale: Locale = 'en') =>
  call(t.app, { method: 'DELETE', url: api(`/leagues/posts/${postId}`, locale), token: who?.token ?? null });

export const pin = (t: TestApp, who: Person | null, postId: number, method: 'POST' | 'DELETE' = 'POST') =>
  call(t.app, { method, url: api(`/leagues/posts/pin/${postId}`), token: who?.token ?? null });

export const setOpen = (t: TestApp, who: Person | null, leagueId: number, open: boolean, locale: Locale = 'en') =>
  call(t.app, { method: 'PUT', url: api(`/leagues/posts/board/${leagueId}`, locale), token: who?.token ?? null, payload: { open } });

/** The leagues world (owner Olga, member Mario, outsider Nora, admin Ada) and a league of its cup with Mario in it. */
export async function boardWorld(t: TestApp) {
  const w = await leagueWorld(t);
  const league = await leagueWithMember(t, w);
  /** Posts `text` as `who` and answers the new post (fails the test on anything but 200). */
  const say = async (who: Person, text: string, extra: Record<string, unknown> = {}) => {
    const res = await post(t, who, { league_id: league.id, text, ...extra });
    if (res.statusCode !== 200) throw new Error(`post failed: ${res.statusCode} ${res.body}`);
    return res.data.post as { id: number } & Record<string, unknown>;
  };
  return { ...w, league, say };
}

/** The league log's actions, oldest first. */
export async function loggedActions(t: TestApp, leagueId: number): Promise<string[]> {
  const rows = await t.deps.db.selectFrom('league_log').select('action').where('league_id', '=', leagueId).orderBy('seq').execute();
  return rows.map((r) => r.action);
}
