import type { TokenScope } from '../../../../shared/api/route';
import type { AppDeps } from '../../../platform/deps';
import { newPersonalToken } from '../../../platform/sessions/personalTokens';
import { insertToken } from '../apiTokensRepository';

const YEAR = 365 * 24 * 3_600_000;

/** A personal API token of the user straight into the database (valid for a year of the app's clock). */
export async function personalTokenFor(deps: AppDeps, userId: number, scope: TokenScope): Promise<string> {
  const { token, hash } = newPersonalToken(userId);
  const now = deps.clock.now();
  await insertToken(deps.db, { user_id: userId, name: `${scope} token`, scope, token_hash: hash, created_at: now, expires_at: now + YEAR });
  return token;
}
