import { competitionRoutes } from '../../../shared/api/routes/competitions';
import type { AppDeps } from '../../deps';
import type { RouteHandlers } from '../../http/registerRoutes';

export function competitionHandlers(_deps: AppDeps): RouteHandlers<typeof competitionRoutes> {
  return {};
}
