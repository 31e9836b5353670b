import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import { screenshots } from './pages';
import { emailOf, type Person, type World } from './world';

/** New players, leagues and bets made through the API, and signing in on screen. */

export const NEW_PLAYER_PASSWORD = 'secret-pass-1';
export const DEMO_PASSWORD = 'porra-demo';

export type Bet = {
  id: number; match_id: number; user_id: number; user_name: string; local_goals: number | null; visiting_goals: number | null;
  points: number | null; joker: boolean; allow_edit_bets: boolean; allow_show_bets: boolean; match: { matchday: number; finished: boolean; date: string };
};

/** Signs up `name` on the sign-up screen with an address of this test, and records the person. */
export async function signUp(w: World, page: Page, name: string): Promise<Person> {
  const email = emailOf(w, name);
  const password = NEW_PLAYER_PASSWORD;
  await page.goto('/users/sign_up');
  await page.locator('input[autocomplete=name]').fill(name);
  await page.locator('input[type=email]').fill(email);
  const passwords = page.locator('input[type=password]');
  await passwords.nth(0).fill(password);
  await passwords.nth(1).fill(password);
  await screenshots(w, page, 'sign-up');
  await passwords.nth(1).press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/users/sign_up'));
  const { token, id } = await w.api.signIn(email, password);
  return (w.people[name] = { name, email, password, token, id, page });
}

/** Signs in on the sign-in screen (a demo player unless `password` says otherwise), and records the person. */
export async function signIn(w: World, page: Page, name: string, email: string, password = DEMO_PASSWORD): Promise<Person> {
  await page.goto('/users/sign_in');
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.locator('input[type=password]').press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/users/sign_in'));
  const { token, id } = await w.api.signIn(email, password);
  return (w.people[name] = { name, email, password, token, id, page });
}

/** The demo admin, signed in on `page`. */
export const signInAdmin = (w: World, page: Page) => signIn(w, page, 'Admin', 'admin@porra.demo', w.adminPassword);

/** The demo admin's token, for the API. */
export const adminToken = async (w: World) => (await w.api.signIn('admin@porra.demo', w.adminPassword)).token;

/** Signs up `name` (an address of this test) through the API and signs in. */
export async function newPlayer(w: World, name: string): Promise<Person> {
  const email = emailOf(w, name);
  const password = NEW_PLAYER_PASSWORD;
  await w.api.call('POST', '/users', { locale: null, body: { api_v1_user: { name, email, password, password_confirmation: password } } });
  return { name, email, password, ...(await w.api.signIn(email, password)) };
}

/** The demo's cup, still being played. */
export async function openCup(w: World): Promise<{ id: number; name: string }> {
  const competitions = await w.api.call<Array<{ id: number; name: string; finished: boolean; is_league: boolean }>>('GET', '/competition/index');
  const cup = competitions.find((competition) => competition.name === 'Demo World Cup' && !competition.finished);
  assert.ok(cup, 'the demo cup is being played');
  return cup;
}

/** A league of `owner` on the demo cup (named after this test), joined by `members` through its share link. */
export async function newLeague(w: World, owner: Person, name: string, members: Person[] = []): Promise<{ id: number; share_token: string; cupId: number }> {
  const cup = await openCup(w);
  const { league } = await w.api.call<{ league: { id: number; share_token: string } }>('POST', '/leagues', {
    token: owner.token, body: { league: { name: `${name} ${w.stamp}`, competition_id: cup.id } },
  });
  for (const member of members) {
    await w.api.call('POST', '/leagues/join', { token: member.token, body: { league_id: league.id, invitation_token: league.share_token } });
  }
  return { ...league, cupId: cup.id };
}

export const betsOf = (w: World, person: Person, leagueId: number, query = ''): Promise<Bet[]> =>
  w.api.call<Bet[]>('GET', `/result_bets/index/${leagueId}${query}`, { token: person.token });

/**
 * The first matchday, from the current one on, with at least `count` bets still open, and those bets (by kickoff):
 * the time of day, or another test, may have closed today's (a match kicked off, or was given a result).
 */
export async function openMatchday(w: World, person: Person, leagueId: number, count = 2): Promise<{ matchday: number; open: Bet[] }> {
  const current = await betsOf(w, person, leagueId);
  let matchday = Math.min(...current.map((bet) => bet.match.matchday));
  for (let bets = current; bets.length > 0; bets = await betsOf(w, person, leagueId, `?matchday=${++matchday}`)) {
    const open = bets.filter((bet) => bet.allow_edit_bets).sort((a, b) => a.match.date.localeCompare(b.match.date));
    if (open.length >= count) return { matchday, open };
  }
  throw new Error(`no matchday with ${count} open bets`);
}

/** The earliest bet still open, on any matchday from the current one on. */
export const earliestOpenBet = async (w: World, person: Person, leagueId: number): Promise<Bet> => (await openMatchday(w, person, leagueId, 1)).open[0];

type MatchState = { date: string; status: string; local_goals: number | null; visiting_goals: number | null };

/** Puts the demo match back as it is now when the test ends (for tests that move its kickoff or give it a result). */
export async function restoreMatchAtEnd(w: World, matchId: number): Promise<void> {
  const { date, status, local_goals, visiting_goals } = await w.api.call<MatchState>('GET', `/matches/${matchId}`);
  w.atEnd(async () => w.api.call('PUT', `/matches/${matchId}`, {
    token: await adminToken(w), body: { match: { date, status, local_goals, visiting_goals } },
  }));
}
