import { handlePublic } from './leagueWorld';
import { fail, ok } from './route';
import { COMPETITIONS } from './reference';

/** Competition reads of the league screens: active list, classification, rounds, scorers. */
export const competitionHandlers = [
  handlePublic('competitionActive', () => ok(COMPETITIONS.filter((competition) => !competition.finished))),
  handlePublic('competitionClassification', () => ok([1, 2].map((team_id, index) => ({
    team_id, group_id: 1, position: index + 1, played: 1, wins: 1 - index, draws: 0, losses: index, goals_for: 2 - index, goals_against: 1 + index,
    goal_difference: 1 - 2 * index, streak: [index ? 'L' : 'W'], points: 3 - 3 * index,
  })))),
  handlePublic('competitionNextRound', () => ok({ id: 4, name: 'Round of 16', kind: 'knockout' })),
  handlePublic('competitionWinnerRound', () => ok({ id: 8, name: 'Champion', kind: 'picks' })),
  // After competitionActive: its pattern (/competition/:id) also matches /competition/active.
  handlePublic('competitionShow', ({ params }) => {
    const competition = COMPETITIONS.find((row) => row.id === Number(params.id));
    return competition ? ok(competition) : fail(404, 'The competition does not exist');
  }),
  handlePublic('competitionScorers', () => ok([
    { id: 1, name: 'Lamine Yamal', team_id: 1, goals: 3, assists: 1 },
    { id: 2, name: 'Lionel Messi', team_id: 2, goals: 2, assists: 2 },
  ])),
];
