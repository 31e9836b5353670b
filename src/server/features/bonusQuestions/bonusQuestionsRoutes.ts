import { bonusQuestionRoutes } from '../../../shared/api/routes/bonusQuestions';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import * as bonusQuestions from './bonusQuestionsService';

export function bonusQuestionHandlers(deps: AppDeps): RouteHandlers<typeof bonusQuestionRoutes> {
  return {
    bonusQuestionsIndex: ({ user, params }) => bonusQuestions.index(deps, user, params.league_id),
    bonusQuestionCreate: async ({ user, body, req }) => ({
      message: req.t('success.bonus_question_created'), question: await bonusQuestions.create(deps, user, body.league_id, body.question),
    }),
    bonusQuestionUpdate: async ({ user, params, body, req }) => ({
      message: req.t('success.bonus_question_updated'), question: await bonusQuestions.update(deps, user, params.id, body.question),
    }),
    bonusQuestionDelete: async ({ user, params, req }) => {
      await bonusQuestions.remove(deps, user, params.id);
      return { message: req.t('success.bonus_question_deleted') };
    },
    bonusQuestionAnswer: async ({ user, body, req }) => ({
      message: req.t('success.bonus_answer_saved'), question: await bonusQuestions.answer(deps, user, body.question_id, body.answer),
    }),
    bonusQuestionResolve: async ({ user, body, req }) => ({
      message: req.t('success.bonus_question_resolved'), question: await bonusQuestions.resolve(deps, user, body.question_id, body.correct),
    }),
  };
}
