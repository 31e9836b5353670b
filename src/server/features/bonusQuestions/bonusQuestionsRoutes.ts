import { bonusQuestionRoutes } from '../../../shared/api/routes/bonusQuestions';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { bonusQuestionsService } from './bonusQuestionsService';

export function bonusQuestionHandlers(deps: AppDeps): RouteHandlers<typeof bonusQuestionRoutes> {
  const bonus = bonusQuestionsService(deps);
  return {
    bonusQuestionsIndex: ({ user, params }) => bonus.index(user, params.league_id),
    bonusQuestionCreate: async ({ user, body, req }) => ({
      message: req.t('success.bonus_question_created'), question: await bonus.create(user, body.league_id, body.question),
    }),
    bonusQuestionUpdate: async ({ user, params, body, req }) => ({
      message: req.t('success.bonus_question_updated'), question: await bonus.update(user, params.id, body.question),
    }),
    bonusQuestionDelete: async ({ user, params, req }) => {
      await bonus.remove(user, params.id);
      return { message: req.t('success.bonus_question_deleted') };
    },
    bonusQuestionAnswer: async ({ user, body, req }) => ({
      message: req.t('success.bonus_answer_saved'), question: await bonus.answer(user, body.question_id, body.answer),
    }),
    bonusQuestionResolve: async ({ user, body, req }) => ({
      message: req.t('success.bonus_question_resolved'), question: await bonus.resolve(user, body.question_id, body.correct),
    }),
  };
}
