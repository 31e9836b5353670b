import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { bonusQuestionRoutes } from '../../../shared/api/routes/bonusQuestions';
import { bonusQuestionHandlers } from './bonusQuestionsRoutes';
import { bonusQuestionsUserData } from './bonusQuestionsUserData';

export const bonusQuestionsFeature: FeatureManifest = {
  name: 'bonusQuestions',
  register(app, deps) {
    registerRoutes(app, bonusQuestionRoutes, bonusQuestionHandlers(deps));
  },
  userData: bonusQuestionsUserData,
};
