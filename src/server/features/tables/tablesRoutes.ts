import { tableRoutes } from '../../../shared/api/routes/tables';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import * as tables from './tablesService';

export function tableHandlers(deps: AppDeps): RouteHandlers<typeof tableRoutes> {
  return {
    usersLeagueTable: ({ user, params, query, reply }) => tables.leagueTable(deps, user, params.id, query, reply),
  };
}
