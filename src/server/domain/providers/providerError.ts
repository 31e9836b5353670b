import type { MessageKey } from '../../platform/i18n/messages';

/** Why a provider could not be read; each reason has a translated text for the admin's snackbar. */
export type ProviderFailure = 'unauthorized' | 'rate_limited' | 'server_error' | 'timeout' | 'malformed' | 'unreachable' | 'not_configured' | 'not_found';

export const PROVIDER_FAILURE_KEYS: Record<ProviderFailure, MessageKey> = {
  unauthorized: 'providers.unauthorized',
  rate_limited: 'providers.rate_limited',
  server_error: 'providers.server_error',
  timeout: 'providers.timeout',
  malformed: 'providers.malformed',
  unreachable: 'providers.unreachable',
  not_configured: 'providers.not_configured',
  not_found: 'providers.not_found',
};

/** How a provider's failure reads where a run or a sync stores it: the reason's code first, so it can be put in words. */
export const STORED_PREFIX = 'results provider failed';

export class ProviderError extends Error {
  constructor(readonly failure: ProviderFailure, readonly detail: string = failure, readonly status?: number) {
    super(`${STORED_PREFIX} (${failure}): ${detail}`);
  }
}
