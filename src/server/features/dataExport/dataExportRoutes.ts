import { dataExportRoutes } from '../../../shared/api/routes/dataExport';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { takeActionLimits, type ActionLimit } from '../../platform/sessions/actionLimits';
import { collectUserData, type UserDataSection } from '../../domain/userData/userDataSection';
import { attachment } from './csv';
import { leagueArchive } from './leagueArchive';
import { leagueCsv } from './leagueCsv';

/** Exports read a whole league or account: a few per account and quarter of an hour, all kinds counted together. */
const EXPORTS_PER_ACCOUNT: ActionLimit = { action: 'data_export:user', max: 10, windowMs: 15 * 60_000 };

const takeExport = (deps: AppDeps, user: AuthUser) =>
  takeActionLimits(deps.db, [{ limit: EXPORTS_PER_ACCOUNT, subject: `user:${user.id}` }], deps.clock.now());

const day = (deps: AppDeps) => new Date(deps.clock.now()).toISOString().slice(0, 10);

/** `userData`: every feature's section of what it holds about a user (app.ts gathers them). */
export function dataExportHandlers(deps: AppDeps, userData: readonly UserDataSection[]): RouteHandlers<typeof dataExportRoutes> {
  return {
    leagueExport: async ({ user, params, req, reply }) => {
      await takeExport(deps, user);
      const { name, stream } = await leagueCsv(deps, user, params.id, req.t);
      reply.header('content-type', 'text/csv; charset=utf-8').header('cache-control', 'no-store')
        .header('content-disposition', attachment(`${name} ${day(deps)}.csv`));
      // Streamed as it is read (leagueCsv.ts): the body is the stream, not a string.
      return reply.send(stream) as never;
    },
    leagueArchive: async ({ user, params, reply }) => {
      await takeExport(deps, user);
      const archive = await leagueArchive(deps, user, params.id);
      reply.header('cache-control', 'no-store')
        .header('content-disposition', attachment(`${archive.league.name} archive ${day(deps)}.json`));
      return archive;
    },
    userExport: async ({ user, reply }) => {
      await takeExport(deps, user);
      const sections = await collectUserData(deps.db, userData, user.id);
      reply.header('cache-control', 'no-store').header('content-disposition', attachment(`porra-my-data ${day(deps)}.json`));
      return {
        format: 'porra-user-data' as const, version: 1 as const, exported_at: new Date(deps.clock.now()).toISOString(), user_id: user.id, sections,
      };
    },
  };
}
