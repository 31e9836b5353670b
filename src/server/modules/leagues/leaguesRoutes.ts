import { leagueRoutes } from '../../../shared/api/routes/leagues';
import type { AppDeps } from '../../deps';
import type { RouteHandlers } from '../../http/registerRoutes';

export function leagueHandlers(_deps: AppDeps): RouteHandlers<typeof leagueRoutes> {
  return {};
}
