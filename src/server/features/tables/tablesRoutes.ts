import { tableRoutes } from '../../../shared/api/routes/tables';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { tablesService } from './tablesService';

export function tableHandlers(deps: AppDeps): RouteHandlers<typeof tableRoutes> {
  const tables = tablesService(deps);
  return {
    usersLeagueTable: ({ user, params, query, reply }) => tables.leagueTable(user, params.id, query, reply),
  };
}
