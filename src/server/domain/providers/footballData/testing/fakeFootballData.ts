import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for football-data.org API v4 (tests only): answers v4-shaped JSON written from the documented
 * format for one competition, and can be told to fail the way the real one does.
 */
export type Failure = null | 401 | 429 | 500 | 'timeout' | 'malformed';

interface FakeMatch {
  id: number; utcDate: string; status: string; matchday: number | null; stage: string; group: string | null;
  homeTeam: { id: number | null; name: string | null; shortName?: string | null; tla?: string | null; crest?: string | null };
  awayTeam: { id: number | null; name: string | null; shortName?: string | null; tla?: string | null; crest?: string | null };
  score: {
    winner: string | null; duration: string;
    fullTime: { home: number | null; away: number | null }; halfTime: { home: number | null; away: number | null };
    regularTime?: { home: number; away: number }; extraTime?: { home: number; away: number }; penalties?: { home: number; away: number };
  };
}

export interface FakeWorld {
  code: string;
  competition: { id: number; name: string; code: string; type: string; area: { id: number; name: string; code: string } };
  teams: { id: number; name: string; shortName: string; tla: string; crest: string; clubColors: string | null; area: { id: number; name: string; code: string }; squad: { id: number; name: string; position: string }[] }[];
  matches: FakeMatch[];
  scorers: { player: { id: number; name: string }; team: { id: number; name: string }; goals: number; assists: number | null; penalties: number | null; playedMatches: number }[];
}

export interface FakeFootballData {
  baseUrl: string;
  world: FakeWorld;
  failure: Failure;
  /** Answer this much later (a slow provider keeps a process running). */
  delayMs: number;
  requests: { path: string; query: Record<string, string>; token: string | undefined }[];
  close(): Promise<void>;
}

const NATIONS: [number, string, string][] = [
  [760, 'Spain', 'ESP'], [759, 'Germany', 'GER'], [766, 'Japan', 'JPN'], [793, 'Costa Rica', 'CRC'],
  [764, 'Brazil', 'BRA'], [780, 'Serbia', 'SRB'], [788, 'Switzerland', 'SUI'], [1060, 'Cameroon', 'CMR'],
];

const ref = (id: number) => {
  const [, name, tla] = NATIONS.find(([teamId]) => teamId === id)!;
  return { id, name, shortName: name, tla, crest: `https://crests.football-data.org/${id}.svg` };
};
const NO_TEAM = { id: null, name: null, shortName: null, tla: null, crest: null };

export function finishedScore(home: number, away: number) {
  return { winner: home > away ? 'HOME_TEAM' : home < away ? 'AWAY_TEAM' : 'DRAW', duration: 'REGULAR', fullTime: { home, away }, halfTime: { home: 0, away: 0 } };
}
const emptyScore = () => ({ winner: null, duration: 'REGULAR', fullTime: { home: null, away: null }, halfTime: { home: null, away: null } });

/**
 * A World-Cup-like competition "WC": groups A and B of four (12 matches, all finished), semi-finals (one decided
 * on penalties, one after extra time), a postponed third-place match and a scheduled final.
 */
export function worldCupWorld(start = Date.parse('2026-06-10T16:00:00Z')): FakeWorld {
  const day = 86_400_000;
  const teams = NATIONS.map(([id, name, tla], i) => ({
    id, name, shortName: name, tla, crest: `https://crests.football-data.org/${id}.svg`, clubColors: i === 0 ? 'Red / Yellow' : null,
    area: { id: 2000 + i, name, code: tla },
    squad: [{ id: id * 100 + 1, name: `${name} Striker`, position: 'Offence' }, { id: id * 100 + 2, name: `${name} Keeper`, position: 'Goalkeeper' }],
  }));
  const matches: FakeMatch[] = [];
  const pairs = [[0, 1, 1], [2, 3, 1], [0, 2, 2], [1, 3, 2], [0, 3, 3], [1, 2, 3]];
  const scores = [[2, 1], [0, 0], [1, 3], [2, 2], [1, 0], [0, 1]];
  let id = 400_000;
  for (const [g, letter] of ['A', 'B'].entries()) {
    for (const [k, [a, b, matchday]] of pairs.entries()) {
      const [home, away] = scores[k];
      matches.push({
        id: ++id, utcDate: new Date(start + (matchday - 1) * day + g * 3 * 3_600_000 + (k % 2) * 3_600_000).toISOString(),
        status: 'FINISHED', matchday, stage: 'GROUP_STAGE', group: `GROUP_${letter}`,
        homeTeam: ref(NATIONS[g * 4 + a][0]), awayTeam: ref(NATIONS[g * 4 + b][0]), score: finishedScore(home, away),
      });
    }
  }
  const knockout = (stage: string, offsetDays: number, home: number | null, away: number | null): FakeMatch => ({
    id: ++id, utcDate: new Date(start + offsetDays * day).toISOString(), status: 'TIMED', matchday: null, stage, group: null,
    homeTeam: home ? ref(home) : NO_TEAM, awayTeam: away ? ref(away) : NO_TEAM, score: emptyScore(),
  });
  const semi1 = knockout('SEMI_FINALS', 4, 760, 764);
  // v4 reports a shoot-out's fullTime as regular + extra time + penalties.
  Object.assign(semi1, { status: 'FINISHED', score: {
    winner: 'AWAY_TEAM', duration: 'PENALTY_SHOOTOUT', fullTime: { home: 4, away: 5 }, halfTime: { home: 1, away: 0 },
    regularTime: { home: 1, away: 1 }, extraTime: { home: 0, away: 0 }, penalties: { home: 3, away: 4 },
  } });
  const semi2 = knockout('SEMI_FINALS', 4.2, 780, 759);
  Object.assign(semi2, { status: 'FINISHED', score: {
    winner: 'HOME_TEAM', duration: 'EXTRA_TIME', fullTime: { home: 2, away: 1 }, halfTime: { home: 0, away: 0 },
    regularTime: { home: 1, away: 1 }, extraTime: { home: 1, away: 0 },
  } });
  const third = knockout('THIRD_PLACE', 6, 760, 759);
  third.status = 'POSTPONED';
  const final = knockout('FINAL', 7, 764, 780);
  matches.push(semi1, semi2, third, final);
  return {
    code: 'WC',
    competition: { id: 2000, name: 'FIFA World Cup', code: 'WC', type: 'CUP', area: { id: 2267, name: 'World', code: 'INT' } },
    teams,
    matches,
    scorers: [
      { player: { id: 76001, name: 'Spain Striker' }, team: { id: 760, name: 'Spain' }, goals: 4, assists: 1, penalties: 0, playedMatches: 4 },
      { player: { id: 76401, name: 'Brazil Striker' }, team: { id: 764, name: 'Brazil' }, goals: 3, assists: null, penalties: 1, playedMatches: 4 },
    ],
  };
}

/** A small league season "PD": four clubs, two matchdays of two matches, the first played. */
export function leagueWorld(start = Date.parse('2026-08-15T19:00:00Z')): FakeWorld {
  const clubs: [number, string, string, string][] = [
    [86, 'Real Madrid CF', 'RMA', 'White / Purple'], [81, 'FC Barcelona', 'FCB', 'Red / Navy Blue / Yellow'],
    [78, 'Club Atlético de Madrid', 'ATL', 'Red / White / Blue'], [1049, 'Tiny Club CF', 'TIN', 'Teal / Mauve'],
  ];
  const area = { id: 2224, name: 'Spain', code: 'ESP' };
  const club = (i: number) => ({ id: clubs[i][0], name: clubs[i][1], shortName: clubs[i][1], tla: clubs[i][2], crest: `https://crests.football-data.org/${clubs[i][0]}.png` });
  const day = 86_400_000;
  const fixture = (id: number, matchday: number, home: number, away: number, offset: number, score?: [number, number]): FakeMatch => ({
    id, utcDate: new Date(start + offset).toISOString(), status: score ? 'FINISHED' : 'TIMED', matchday, stage: 'REGULAR_SEASON', group: null,
    homeTeam: club(home), awayTeam: club(away), score: score ? finishedScore(...score) : emptyScore(),
  });
  return {
    code: 'PD',
    competition: { id: 2014, name: 'Primera Division', code: 'PD', type: 'LEAGUE', area },
    teams: clubs.map(([id, name, tla, colors]) => ({
      id, name, shortName: name, tla, crest: `https://crests.football-data.org/${id}.png`, clubColors: colors, area, squad: [],
    })),
    matches: [
      fixture(500_001, 1, 0, 1, 0, [2, 1]), fixture(500_002, 1, 2, 3, 2 * 3_600_000, [0, 0]),
      fixture(500_003, 2, 1, 2, 7 * day), fixture(500_004, 2, 3, 0, 7 * day + 3_600_000),
    ],
    scorers: [],
  };
}

export async function startFakeFootballData(world: FakeWorld = worldCupWorld()): Promise<FakeFootballData> {
  const fake = { world, failure: null as Failure, delayMs: 0, requests: [] as FakeFootballData['requests'] };
  const server: Server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    fake.requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), token: req.headers['x-auth-token'] as string | undefined });
    const send = (status: number, body: unknown) => setTimeout(() => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    }, fake.delayMs);
    if (fake.failure === 'timeout') { setTimeout(() => res.end('{}'), 3_000).unref(); return; }
    if (fake.failure === 401 || req.headers['x-auth-token'] !== 'test-token') {
      return send(401, { message: 'The resource you are looking for is restricted. Please pass a valid API token.', errorCode: 401 });
    }
    if (fake.failure === 429) return send(429, { message: 'You reached your request limit. Wait 60 seconds.', errorCode: 429 });
    if (fake.failure === 500) return send(500, { message: 'Internal error' });
    if (fake.failure === 'malformed') return send(200, '{"matches": [ {"id": 1, "utcDate": ');
    const w = fake.world;
    const base = `/v4/competitions/${w.code}`;
    const season = { id: 1, startDate: '2026-06-10', endDate: '2026-06-20', currentMatchday: 3, winner: null };
    if (url.pathname === base) return send(200, { ...w.competition, currentSeason: season, seasons: [season], lastUpdated: '2026-06-01T00:00:00Z' });
    if (url.pathname === `${base}/teams`) {
      return send(200, { count: w.teams.length, filters: {}, competition: w.competition, season, teams: w.teams });
    }
    if (url.pathname === `${base}/matches`) {
      const from = url.searchParams.get('dateFrom');
      const to = url.searchParams.get('dateTo');
      const matches = w.matches.filter((m) => (!from || m.utcDate.slice(0, 10) >= from) && (!to || m.utcDate.slice(0, 10) <= to))
        .map((m) => ({ area: w.competition.area, competition: w.competition, season, ...m, lastUpdated: '2026-06-01T00:00:00Z', odds: { msg: 'Activate Odds-Package in User-Panel to retrieve odds.' }, referees: [] }));
      return send(200, { filters: { ...(from ? { dateFrom: from, dateTo: to } : {}) }, resultSet: { count: matches.length }, competition: w.competition, matches });
    }
    if (url.pathname === `${base}/scorers`) {
      return send(200, { count: w.scorers.length, filters: { limit: Number(url.searchParams.get('limit') ?? 10) }, competition: w.competition, season, scorers: w.scorers });
    }
    return send(404, { message: 'The resource you are looking for does not exist.', errorCode: 404 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}/v4`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  }) as FakeFootballData;
}
