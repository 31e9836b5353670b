import type { Static } from 'typebox';
import type { AdminCompetition } from '../../../shared/api/routes/adminCompetitions';
import { PROVIDER_FAILURE_KEYS, STORED_PREFIX, type ProviderFailure } from '../../domain/providers/providerError';
import type { Translate } from '../../platform/i18n/messages';
import { INTERRUPTED_ERROR } from '../../platform/processRuns/processRuns';

const STORED_PROVIDER_ERROR = new RegExp(`^${STORED_PREFIX} \\((\\w+)\\): ([\\s\\S]*)$`);

const isFailure = (code: string): code is ProviderFailure => Object.hasOwn(PROVIDER_FAILURE_KEYS, code);

/**
 * A stored run or sync error in the admin's language: a provider's failure by its reason (the provider's own detail
 * kept in brackets when it adds something), an interrupted run as such; any other error as it was stored.
 * A missing token's reason already names the setting, so its detail would only repeat it.
 */
export function errorInWords(stored: string | null, t: Translate): string | null {
  if (stored === null) return null;
  if (stored === INTERRUPTED_ERROR) return t('errors.run_interrupted');
  const found = STORED_PROVIDER_ERROR.exec(stored);
  if (!found || !isFailure(found[1])) return stored;
  const [, failure, detail] = found;
  const status = /\bHTTP (\d{3})\b/.exec(detail)?.[1] ?? '';
  const text = t('errors.provider_failed', { reason: t(PROVIDER_FAILURE_KEYS[failure], { status }) });
  return failure === 'not_configured' || detail === failure || text.includes(detail) ? text : `${text} (${detail})`;
}

export const runInWords = <Run extends { error: string | null }>(run: Run, t: Translate): Run => ({ ...run, error: errorInWords(run.error, t) });

export function competitionInWords(competition: Static<typeof AdminCompetition>, t: Translate): Static<typeof AdminCompetition> {
  const sync = competition.last_sync;
  return sync ? { ...competition, last_sync: { ...sync, error: errorInWords(sync.error, t) } } : competition;
}
