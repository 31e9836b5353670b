import { handleSignedIn, leagueWorld } from './leagueWorld';
import { ok } from './route';

/** A league's bonus questions as their members read them before answering (suites that answer them add their own). */
export const bonusQuestionHandlers = [
  handleSignedIn('bonusQuestionsIndex', ({ params }) => ok(leagueWorld.questions.filter((question) => question.league_id === Number(params.league_id)).map((question) => ({
    ...question, open: true, resolved: false, correct: null, my_answer: null, my_points: null, answers: [],
  })))),
];
