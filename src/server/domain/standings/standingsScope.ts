import { sql, type RawBuilder } from 'kysely';

/** The league a table is read for: what standings need of the row that a league's access check reads. */
export interface TableLeague { id: number; competition_id: number }

/** Which leagues (and matchdays) a write of stored standings covers, as SQL filters. */
export interface StandingsScope {
  competitionId: number;
  /** One league, or every league of the competition. */
  leagueId?: number;
  /** These leagues of the competition (a batch of a result job), instead of one or all. */
  leagueIds?: number[];
  /** Only these matchdays' rows; undefined = all. */
  matchdays?: number[];
}

const competitionLeagues = (competitionId: number) => sql`(SELECT lg.id FROM leagues lg WHERE lg.competition_id = ${competitionId})`;

export const inList = (column: string, values: number[]) =>
  values.length === 0 ? sql`1 = 0` : sql`${sql.ref(column)} IN (${sql.join(values)})`;

/** Leagues that play only some teams' matches (league_teams), or those that play them all. */
export type Playing = 'some_teams' | 'all_teams';

export function leagueFilter(scope: StandingsScope & { playing?: Playing }, column: string): RawBuilder<unknown> {
  const ref = sql.ref(column);
  const league = scope.leagueId !== undefined ? sql`${ref} = ${scope.leagueId}`
    : scope.leagueIds !== undefined ? inList(column, scope.leagueIds)
      : sql`${ref} IN ${competitionLeagues(scope.competitionId)}`;
  if (!scope.playing) return league;
  return sql`${league} AND ${ref} ${scope.playing === 'some_teams' ? sql`IN` : sql`NOT IN`} (SELECT lt.league_id FROM league_teams lt)`;
}

