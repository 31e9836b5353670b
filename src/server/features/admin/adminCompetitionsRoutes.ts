import { adminCompetitionRoutes } from '../../../shared/api/routes/adminCompetitions';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors/errors';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { ImportError } from '../../domain/competitions/importedCompetition';
import { PROVIDER_FAILURE_KEYS, ProviderError } from '../../domain/providers/providerError';
import { IMPORT_PROCESS, importCompetition } from './competitionImport';
import { adminCompetition, adminCompetitions, setArchived } from './competitionsOverview';
import { competitionInWords } from './errorsInWords';

export function adminCompetitionHandlers(deps: AppDeps): RouteHandlers<typeof adminCompetitionRoutes> {
  return {
    adminImportCompetition: async ({ req, body, user }) => {
      let outcome;
      try {
        outcome = await importCompetition(deps, user.id, body);
      } catch (error) {
        // A bad file: what is wrong, in the caller's language (the history keeps the importer's English message).
        if (error instanceof ImportError) {
          throw new AppError(400, 'errors.import_failed', { reason: error.reason ? req.t(error.reason.key, error.reason.vars) : error.message });
        }
        if (!(error instanceof ProviderError)) throw error;
        req.log.warn({ err: error, process: IMPORT_PROCESS }, 'football-data import failed');
        throw new AppError(502, 'errors.provider_failed', { reason: req.t(PROVIDER_FAILURE_KEYS[error.failure], { status: error.status ?? '' }) });
      }
      const { runId, competitionId, created, ...summary } = outcome;
      const competition = await adminCompetition(deps, competitionId);
      return {
        message: req.t(created ? 'success.competition_imported' : 'success.competition_reimported', { name: competition.name, matches: summary.updated_matches }),
        process: IMPORT_PROCESS, run_id: runId, created, competition: competitionInWords(competition, req.t),
        updated_matches: summary.updated_matches,
        ...(summary.teams !== undefined && { teams: summary.teams, groups: summary.groups, finished: summary.finished, held: summary.held, time_zone: summary.time_zone }),
      };
    },
    adminCompetitions: async ({ req }) => ({ competitions: (await adminCompetitions(deps)).map((c) => competitionInWords(c, req.t)) }),
    adminArchiveCompetition: async ({ req, params, user }) => {
      const competition = await setArchived(deps, user.id, params.id, true);
      return { message: req.t('success.competition_archived', { name: competition.name }), competition: competitionInWords(competition, req.t) };
    },
    adminUnarchiveCompetition: async ({ req, params, user }) => {
      const competition = await setArchived(deps, user.id, params.id, false);
      return { message: req.t('success.competition_unarchived', { name: competition.name }), competition: competitionInWords(competition, req.t) };
    },
  };
}
