import { handle, ok } from './route';

/** Reference data read at start-up: a finished and an unfinished competition, a few teams. */
export const COMPETITIONS = [
  { id: 1, name: 'World Cup 2022', finished: true, competition_type: 'cup' as const, is_league: false, provider: 'manual' },
  { id: 2, name: 'World Cup 2026', finished: false, competition_type: 'cup' as const, is_league: false, provider: 'demo' },
  { id: 3, name: 'LaLiga 2025-26', finished: false, competition_type: 'league' as const, is_league: true, provider: 'openfootball' },
];
export const TEAMS = [
  { id: 1, team_name: 'Spain', abbreviation: 'ESP', flag: 'es', is_flag: true, colors_array: ['#c60b1e', '#ffc400'] },
  { id: 2, team_name: 'Argentina', abbreviation: 'ARG', flag: 'ar', is_flag: true, colors_array: ['#74acdf', '#ffffff'] },
];

export const referenceHandlers = [
  handle('competitionIndex', () => ok(COMPETITIONS)),
  handle('roundsIndex', () => ok([{ id: 1, name: 'Group stage', kind: 'matches' }, { id: 7, name: 'Final', kind: 'knockout' }])),
  handle('groupsIndex', () => ok([{ id: 1, competition_id: 2, name: 'A' }])),
  handle('groupTeamsIndex', () => ok([{ group_id: 1, team_id: 1 }, { group_id: 1, team_id: 2 }])),
  handle('teamsIndex', () => ok(TEAMS)),
  handle('leagueRulesIndex', () => ok([{ id: 1, competition_id: 2, round_id: 8, picks: 1, points_per_hit: 8 }])),
];
