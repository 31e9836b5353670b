import {
  OVERALL_PAGE_ROWS, OVERALL_ROWS_AROUND, type OverallRow,
} from '../../../shared/api/routes/overallRanking';
import type { FakeUser } from './fakeApi';
import { handleSignedIn, leagueWorld } from './leagueWorld';
import { COMPETITIONS } from './reference';
import { fail, ok } from './route';

/**
 * The overall rankings of the fake API, rebuilt before every test: other players' figures per competition, and the
 * caller's figures per league (what their main league would give them; null: no scored bet there). Positions are
 * shared on equal points and exact hits, as the server ranks; a hidden caller has no row.
 */
interface Figures { points: number; exact_hits: number }
interface Player extends Figures { user_id: number; user_name: string }

/** Names that sort after each other and start alike, for the search: "Player 001" … */
const numbered = (count: number, firstId: number, topPoints: number): Player[] => Array.from({ length: count }, (_, index) => ({
  user_id: firstId + index, user_name: `Player ${String(index + 1).padStart(3, '0')}`,
  points: topPoints - Math.floor(index / 2), exact_hits: (count - index) % 3,
}));

function fresh() {
  return {
    /** The others in each competition's ranking: 120 in the World Cup 2026 (three pages), a few in LaLiga. */
    players: new Map<number, Player[]>([
      [2, [...numbered(118, 1000, 120), { user_id: 1200, user_name: 'Beatriz', points: 40, exact_hits: 2 }, { user_id: 1201, user_name: 'Bea', points: 10, exact_hits: 0 }]],
      [3, numbered(3, 2000, 9)],
    ]),
    /** The caller's figures by league: Office pool (5) has scored bets, Family league (6) none yet. */
    own: new Map<number, Figures | null>([[5, { points: 100, exact_hits: 4 }], [6, null]]),
    /** The caller's chosen main league per competition (absent: the first league of it they joined). */
    main: new Map<number, number>(),
    /** Every page and search asked for, as its query string ("" for the first page). */
    reads: [] as string[],
    /** Bodies of PUT main_league, as sent. */
    choices: [] as Array<{ competition_id: number; league_id: number }>,
  };
}

export let overallWorld = fresh();
export function resetOverallWorld(): void {
  overallWorld = fresh();
}

/** The caller's leagues of the competition, first joined first. */
function leaguesOf(user: FakeUser, competitionId: number) {
  return leagueWorld.leagues
    .filter((league) => league.competition.id === competitionId)
    .flatMap((league) => {
      const member = leagueWorld.members.get(league.id)?.find((row) => row.user_id === user.id);
      return member ? [{ id: league.id, name: league.name, joined_at: member.joined_at }] : [];
    })
    .sort((a, b) => a.joined_at.localeCompare(b.joined_at) || a.id - b.id)
    .map(({ id, name }) => ({ id, name }));
}

const mainLeagueOf = (user: FakeUser, competitionId: number) => {
  const leagues = leaguesOf(user, competitionId);
  return leagues.find((league) => league.id === overallWorld.main.get(competitionId)) ?? leagues[0] ?? null;
};

/** The ranking as the server keeps it: best first, a shared position for equal points and exact hits. */
function rankingOf(user: FakeUser, competitionId: number): OverallRow[] {
  const main = mainLeagueOf(user, competitionId);
  const own = main && !user.ranking_hidden ? overallWorld.own.get(main.id) ?? null : null;
  const players = [...(overallWorld.players.get(competitionId) ?? []), ...(own ? [{ ...own, user_id: user.id, user_name: user.name }] : [])]
    .sort((a, b) => b.points - a.points || b.exact_hits - a.exact_hits || a.user_name.localeCompare(b.user_name) || a.user_id - b.user_id);
  return players.map((player) => ({
    ...player,
    position: 1 + players.filter((other) => other.points > player.points || (other.points === player.points && other.exact_hits > player.exact_hits)).length,
  }));
}

function me(user: FakeUser, competitionId: number) {
  const rows = rankingOf(user, competitionId);
  const index = rows.findIndex((row) => row.user_id === user.id);
  const own = index >= 0 ? rows[index] : undefined;
  return {
    competition_id: competitionId, total_players: rows.length, ranked: own !== undefined,
    position: own?.position ?? null, points: own?.points ?? null,
    top_percent: own ? Math.min(100, Math.max(0.1, Math.ceil((own.position * 1000) / rows.length) / 10)) : null,
    rows: own ? rows.slice(Math.max(0, index - OVERALL_ROWS_AROUND), index + OVERALL_ROWS_AROUND + 1) : [],
    main_league: mainLeagueOf(user, competitionId), leagues: leaguesOf(user, competitionId), hidden: user.ranking_hidden === true,
  };
}

/** Accents and case do not matter to the search, as on the server. */
const searchKey = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const competitionExists = (id: number) => COMPETITIONS.some((competition) => competition.id === id);

export const overallRankingHandlers = [
  handleSignedIn('competitionRanking', ({ params, query }, user) => {
    const competitionId = Number(params.id);
    if (!competitionExists(competitionId)) return fail(404, 'The competition does not exist');
    overallWorld.reads.push(query.toString());
    const rows = rankingOf(user, competitionId);
    const limit = Number(query.get('limit') ?? OVERALL_PAGE_ROWS);
    const q = query.get('q');
    if (q !== null) {
      const found = rows.filter((row) => searchKey(row.user_name).startsWith(searchKey(q))).slice(0, limit);
      return ok({ competition_id: competitionId, total_players: rows.length, rows: found, next_after: null });
    }
    const after = query.get('after');
    const start = after === null ? 0 : rows.findIndex((row) => row.user_id === Number(after)) + 1;
    if (start === 0 && after !== null) return fail(404, 'The player is not in the ranking');
    const page = rows.slice(start, start + limit);
    const more = start + page.length < rows.length;
    return ok({ competition_id: competitionId, total_players: rows.length, rows: page, next_after: more ? page.at(-1)!.user_id : null });
  }),
  handleSignedIn('competitionRankingMe', ({ params }, user) => {
    const competitionId = Number(params.id);
    return competitionExists(competitionId) ? ok(me(user, competitionId)) : fail(404, 'The competition does not exist');
  }),
  handleSignedIn('competitionRankingMainLeague', ({ params, body }, user) => {
    const competitionId = Number(params.id);
    if (!competitionExists(competitionId)) return fail(404, 'The competition does not exist');
    const league = leagueWorld.leagues.find((row) => row.id === body.league_id && row.competition.id === competitionId);
    if (!league) return fail(404, 'The league was not found');
    if (!leaguesOf(user, competitionId).some((row) => row.id === league.id)) return fail(403, 'You are not a member of this league');
    overallWorld.choices.push({ competition_id: competitionId, league_id: league.id });
    overallWorld.main.set(competitionId, league.id);
    return ok(me(user, competitionId));
  }),
];
