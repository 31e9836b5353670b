import { bonusQuestionRoutes } from '../../../shared/api/routes/bonusQuestions';
import { lateEntryRoutes } from '../../../shared/api/routes/lateEntry';
import { leagueLogRoutes } from '../../../shared/api/routes/leagueLog';
import { baseApi } from '../baseApi';
import { buildRouteEndpoints } from '../routeEndpoints';

/** Bonus questions, late entries and the league log (issue 13 §5-7) as RTK Query endpoints. */
export const gameDepthApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    ...buildRouteEndpoints(build, bonusQuestionRoutes),
    ...buildRouteEndpoints(build, lateEntryRoutes),
    ...buildRouteEndpoints(build, leagueLogRoutes),
  }),
});
