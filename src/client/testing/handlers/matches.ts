import type { Match } from '../../../shared/api/entities';
import { handlePublic, leagueWorld } from './leagueWorld';
import { fail, ok } from './route';
import { MATCH } from './resultBets';
import { TEAMS } from './reference';

export const match = (id: number, overrides: Partial<Match> = {}): Match => ({ ...MATCH, id, ...overrides });

/** Two days of World Cup 2026 matches: one finished, one in play, the rest to come. */
export function nextMatchesRows() {
  return [
    match(31, { date: '2026-06-20T15:00:00.000Z', status: 'finished', started: true, finished: true, local_goals: 2, visiting_goals: 1 }),
    match(32, { date: '2026-06-20T18:00:00.000Z', status: 'in_play', started: true, local_goals: 0, visiting_goals: 0 }),
    match(33, { date: '2026-06-21T18:00:00.000Z', local_team_id: 2, visiting_team_id: 1 }),
    match(34, { date: '2026-06-21T21:00:00.000Z', local_team_id: null, visiting_team_id: null, local_placeholder: 'W49', visiting_placeholder: 'W50' }),
  ];
}

/** Matches of a competition, its matchday info and its teams (reference reads the league screens make). */
export const matchHandlers = [
  handlePublic('nextMatches', () => ok(leagueWorld.nextMatches ?? nextMatchesRows())),
  handlePublic('matchesIndex', ({ query }) => ok(nextMatchesRows().map((row) => ({ ...row, matchday: Number(query.get('matchday') ?? 1) })))),
  handlePublic('matchInfo', () => ok({ lastPlayedMatchday: 2, nextMatchday: 3, matchdays: [1, 2, 3], matchdayRounds: [1, 2, 3].map((matchday) => ({ matchday, round_id: 1 })) })),
  handlePublic('matchShow', ({ params }) => {
    const found = nextMatchesRows().find((row) => row.id === Number(params.id));
    return found ? ok(found) : fail(404, 'Not found');
  }),
  handlePublic('teamsOfCompetition', () => ok(TEAMS)),
  handlePublic('groupsOfCompetition', ({ params }) => ok([{ id: 1, competition_id: Number(params.id), name: 'A' }])),
];
