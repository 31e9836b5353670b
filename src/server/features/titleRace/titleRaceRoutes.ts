import { titleRaceRoutes } from '../../../shared/api/routes/titleRace';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { titleRace } from './titleRaceService';

export function titleRaceHandlers(deps: AppDeps): RouteHandlers<typeof titleRaceRoutes> {
  return {
    titleRace: ({ user, params }) => titleRace(deps, user, params.id),
  };
}
