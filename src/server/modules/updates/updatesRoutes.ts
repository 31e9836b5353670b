import { updateRoutes } from '../../../shared/api/routes/updates';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import type { FastifyRequest } from '../../http/context';
import type { RouteHandlers } from '../../http/registerRoutes';
import { PROVIDER_FAILURE_KEYS, ProviderError } from '../providers/providerError';
import { editMatch } from './matchEditService';
import { httpProcesses, type ProcessOutcome } from './updatesService';

/** A provider failure ends the process with a translated reason for the admin's snackbar. */
async function answer(req: FastifyRequest, name: string, run: () => Promise<ProcessOutcome>) {
  try {
    const outcome = await run();
    return { message: req.t('success.process_finished', { name }), process: name, ...outcome };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    req.log.warn({ err: error, process: name }, 'results provider failed');
    const reason = req.t(PROVIDER_FAILURE_KEYS[error.failure], { status: error.status ?? '' });
    throw new AppError(502, 'errors.provider_failed', { reason });
  }
}

export function updateHandlers(deps: AppDeps): RouteHandlers<typeof updateRoutes> {
  const run = httpProcesses(deps);
  return {
    updatePartial: ({ req }) => answer(req, 'update', run.update),
    updateAll: ({ req }) => answer(req, 'update_all', run.updateAll),
    updateCompetition: ({ req, params }) => answer(req, 'update_competition', () => run.updateCompetition(params.id)),
    updateCompetitionPoints: ({ req, params }) => answer(req, 'update_competition_points', () => run.updateCompetitionPoints(params.id)),
    notify: ({ req }) => answer(req, 'notify', run.notify),
    matchUpdate: async ({ req, params, body, user }) => ({
      message: req.t('success.match_updated'),
      match: await editMatch(deps, user.id, params.id, body.match),
    }),
  };
}
