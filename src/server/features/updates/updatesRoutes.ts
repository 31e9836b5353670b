import { updateRoutes } from '../../../shared/api/routes/updates';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors/errors';
import type { FastifyRequest } from '../../platform/http/context';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { PROVIDER_FAILURE_KEYS, ProviderError } from '../../domain/providers/providerError';
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
  // Per call: the process history records the admin who started each run.
  const run = (adminId: number) => httpProcesses(deps, adminId);
  return {
    updatePartial: ({ req, user }) => answer(req, 'update', run(user.id).update),
    updateAll: ({ req, user }) => answer(req, 'update_all', run(user.id).updateAll),
    updateCompetition: ({ req, params, user }) => answer(req, 'update_competition', () => run(user.id).updateCompetition(params.id)),
    updateCompetitionPoints: ({ req, params, user }) => answer(req, 'update_competition_points', () => run(user.id).updateCompetitionPoints(params.id)),
    notify: ({ req, user }) => answer(req, 'notify', run(user.id).notify),
    matchUpdate: async ({ req, params, body, user }) => ({
      message: req.t('success.match_updated'),
      match: await editMatch(deps, user.id, params.id, body.match),
    }),
  };
}
