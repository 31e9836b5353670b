import { routeTable, type RouteName } from '../../shared/api/routeTable';
import { api } from './api';
import { ALSO_INVALIDATED, cacheSecondsFor, tagForPath, LONG_CACHE_SECONDS, SHORT_CACHE_SECONDS } from './tags';

describe('endpoints built from the route table', () => {
  const names = Object.keys(routeTable) as RouteName[];

  it('has an endpoint for every route of the table, a query for each GET and a mutation otherwise', () => {
    expect(names.length).toBeGreaterThan(0);
    const endpoints = api.endpoints as Record<string, { useQuery?: unknown; useMutation?: unknown }>;
    const missing = names.filter((name) => !endpoints[name]);
    expect(missing).toEqual([]);
    for (const name of names) {
      const kind = routeTable[name].method === 'GET' ? 'useQuery' : 'useMutation';
      expect([name, typeof endpoints[name][kind]]).toEqual([name, 'function']);
    }
  });

  it('has no endpoint the table does not have', () => {
    expect(Object.keys(api.endpoints).sort()).toEqual([...names].sort());
  });

  it('names each endpoint as the route table names its route', () => {
    expect(routeTable.leagueShow).toMatchObject({ method: 'GET', path: '/leagues/:id' });
    expect(api.endpoints.leagueShow.name).toBe('leagueShow');
  });

  it('gives the overall ranking its own tag: choosing the league that counts reloads it alone; results and leagues reload it', () => {
    for (const name of ['competitionRanking', 'competitionRankingMe', 'competitionRankingMainLeague'] as const) {
      expect([name, tagForPath(routeTable[name].path)]).toEqual([name, 'OverallRanking']);
    }
    expect(ALSO_INVALIDATED.OverallRanking).toBeUndefined();
    for (const writer of ['Match', 'Update', 'League', 'LeagueMember'] as const) expect([writer, ALSO_INVALIDATED[writer]]).toEqual([writer, expect.arrayContaining(['OverallRanking'])]);
  });

  it('caches reference data for 30 minutes and matches, tables and scorers for 60 seconds ', () => {
    expect(cacheSecondsFor(tagForPath('/teams/index'))).toBe(LONG_CACHE_SECONDS);
    expect(cacheSecondsFor(tagForPath('/competition/index'))).toBe(LONG_CACHE_SECONDS);
    expect(cacheSecondsFor(tagForPath('/groups/index_groups_team'))).toBe(LONG_CACHE_SECONDS);
    expect(cacheSecondsFor(tagForPath('/matches/index/:id'))).toBe(SHORT_CACHE_SECONDS);
    expect(cacheSecondsFor(tagForPath('/leagues/users_league_table/:id'))).toBe(SHORT_CACHE_SECONDS);
    expect(cacheSecondsFor(tagForPath('/competition/scorers/:id'))).toBe(SHORT_CACHE_SECONDS);
  });
});
