import { tableRoutes } from '../../../shared/api/routes/tables';
import type { AppDeps } from '../../deps';
import type { RouteHandlers } from '../../http/registerRoutes';

export function tableHandlers(_deps: AppDeps): RouteHandlers<typeof tableRoutes> {
  return {};
}
