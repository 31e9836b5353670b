import { CUP_DEFAULT_POINTS, ROUND } from '../../src/shared/domain/rounds';
import type { Insertable } from 'kysely';
import { createCompetitionPartitions } from '../../src/server/platform/db/competitionPartitions';
import type { Db } from '../../src/server/platform/db/database';
import type { Database } from '../../src/server/platform/db/schema';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PLAYERS_PER_TEAM = 23;

export interface BenchDataset { cupId: number; leagueId: number; matches: number; teams: number; people: number }

/** A deterministic pseudo-random score so reruns produce the same data. */
const goals = (seed: number) => [0, 1, 1, 2, 0, 3, 1, 2, 4, 0][seed % 10];

async function addTeams(db: Db, competitionId: number, prefix: string, count: number, national: boolean) {
  const rows = await db.insertInto('teams').values(Array.from({ length: count }, (_, i) => ({
    team_name: `${prefix} ${i + 1}`,
    abbreviation: `${prefix.slice(0, 1)}${String(i + 1).padStart(2, '0')}`,
    flag: national ? 'es' : null,
    is_flag: national ? 1 as const : 0 as const,
    colors: JSON.stringify(['#aa0000', '#ffffff']),
    external_key: `bench:${competitionId}:${i}`,
  }))).returning('id').execute();
  const teamIds = rows.map((r) => r.id);
  await db.insertInto('competition_teams').values(teamIds.map((team_id) => ({ competition_id: competitionId, team_id }))).execute();
  const people = await db.insertInto('people').values(teamIds.flatMap((team_id) => Array.from({ length: PLAYERS_PER_TEAM }, (_, p) => ({
    name: `Player ${team_id}-${p + 1}`, team_id, external_key: `bench:person:${team_id}:${p}`,
  })))).returning('id').execute();
  // A scorer table: the first ten players of every team have goals and assists.
  await db.insertInto('person_stats').values(people.filter((_, i) => i % PLAYERS_PER_TEAM < 10).map((p, i) => ({
    competition_id: competitionId, person_id: p.id, goals: goals(i), assists: goals(i + 3),
  }))).execute();
  return { teamIds, people: people.length };
}

type MatchInsert = Insertable<Database['matches']>;

/**
 * A World Cup 2014-shaped cup (32 teams, 8 groups, 48 group matches then R16 to the final: 64 matches) and a
 * 20-club league season (double round robin: 380 matches over 38 matchdays), with the first half played.
 */
export async function createBenchDataset(db: Db, now: number): Promise<BenchDataset> {
  const start = now - 10 * DAY;
  const cup = await db.insertInto('competitions').values({ name: 'Bench Cup', competition_type: 'cup', provider: 'manual', created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  const league = await db.insertInto('competitions').values({ name: 'Bench League', competition_type: 'league', provider: 'manual', created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  for (const { id } of [cup, league]) await createCompetitionPartitions(db, id);

  const cupTeams = await addTeams(db, cup.id, 'Nation', 32, true);
  const leagueTeams = await addTeams(db, league.id, 'Club', 20, false);
  // Every row names every column: SQLite has no DEFAULT in a multi-row VALUES list.
  const matches: MatchInsert[] = [];
  const played = (date: number, seed: number) => date < now
    ? { started: 1 as const, finished: 1 as const, status: 'finished', local_goals: goals(seed), visiting_goals: goals(seed * 7 + 1) }
    : { started: 0 as const, finished: 0 as const, status: 'scheduled', local_goals: null, visiting_goals: null };

  for (let g = 0; g < 8; g++) {
    const { id: groupId } = await db.insertInto('groups').values({ competition_id: cup.id, name: `Group ${'ABCDEFGH'[g]}` }).returning('id').executeTakeFirstOrThrow();
    const ids = cupTeams.teamIds.slice(g * 4, g * 4 + 4);
    await db.insertInto('group_teams').values(ids.map((team_id) => ({ group_id: groupId, team_id }))).execute();
    for (const [k, [a, b, matchday]] of [[0, 1, 1], [2, 3, 1], [0, 2, 2], [1, 3, 2], [0, 3, 3], [1, 2, 3]].entries()) {
      const date = start + (matchday - 1) * 4 * DAY + g * 3 * HOUR;
      matches.push({ competition_id: cup.id, group_id: groupId, round_id: ROUND.GROUP_STAGE, matchday, local_team_id: ids[a], visiting_team_id: ids[b], local_placeholder: null, visiting_placeholder: null, date, updated_at: now, external_key: `g${g}-${k}`, ...played(date, g * 6 + k) });
    }
  }
  const knockouts: [number, number, number][] = [[ROUND.ROUND_OF_16, 4, 8], [ROUND.QUARTER_FINALS, 5, 4], [ROUND.SEMI_FINALS, 6, 2], [ROUND.THIRD_PLACE, 7, 1], [ROUND.FINAL, 7, 1]];
  for (const [roundId, matchday, count] of knockouts) {
    for (let i = 0; i < count; i++) {
      const date = start + 12 * DAY + matchday * DAY + i * 3 * HOUR;
      matches.push({ competition_id: cup.id, group_id: null, round_id: roundId, matchday, local_team_id: null, visiting_team_id: null, local_placeholder: `W${roundId}${i}a`, visiting_placeholder: `W${roundId}${i}b`, date, updated_at: now, external_key: `ko${roundId}-${i}`, ...played(date, i) });
    }
  }
  // Circle method: 19 matchdays of 10 matches, then the same with home and away swapped.
  const clubs = leagueTeams.teamIds;
  for (let md = 0; md < 38; md++) {
    const round = md % 19;
    const rotation = [clubs[0], ...clubs.slice(1).map((_, i) => clubs[1 + ((i + round) % 19)])];
    for (let i = 0; i < 10; i++) {
      const [home, away] = md < 19 ? [rotation[i], rotation[19 - i]] : [rotation[19 - i], rotation[i]];
      const date = start + md * 7 * DAY / 2 + i * 2 * HOUR;
      matches.push({ competition_id: league.id, group_id: null, round_id: ROUND.REGULAR_SEASON, matchday: md + 1, local_team_id: home, visiting_team_id: away, local_placeholder: null, visiting_placeholder: null, date, updated_at: now, external_key: `md${md}-${i}`, ...played(date, md * 10 + i) });
    }
  }
  await db.insertInto('matches').values(matches).execute();
  await db.insertInto('league_rules').values([
    ...Object.entries(CUP_DEFAULT_POINTS).map(([roundId, points]) => ({ competition_id: cup.id, round_id: Number(roundId), picks: 1, points_per_hit: points })),
    { competition_id: league.id, round_id: ROUND.LEAGUE_CHAMPION, picks: 1, points_per_hit: 10 },
  ]).execute();
  return { cupId: cup.id, leagueId: league.id, matches: matches.length, teams: 52, people: cupTeams.people + leagueTeams.people };
}
