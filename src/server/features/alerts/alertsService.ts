import type { Static } from 'typebox';
import type { Alert } from '../../../shared/api/routes/alerts';
import { ROUNDS, ROUND } from '../../../shared/domain/rounds';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import type { MessageKey, Translate } from '../../platform/i18n/messages';
import { pendingItems, type PendingItem } from '../../domain/reminders/pendingBets';

/** Alerts shown in the side panel: pending items of the caller closing within 72 hours. */
export const ALERT_WINDOW_MS = 72 * 3_600_000;

function toAlert(item: PendingItem, t: Translate): Static<typeof Alert> {
  const base = { league_id: item.league_id, league_name: item.league_name, matchday: item.matchday };
  if (item.kind === 'results') {
    const message = item.missing === 1
      ? t('alerts.result_bets_one', { matchday: item.matchday })
      : t('alerts.result_bets', { count: item.missing, matchday: item.matchday });
    return { ...base, alert_type: 1, message };
  }
  const round = ROUNDS.some((r) => r.id === item.round_id) ? t(`round.${item.round_id}` as MessageKey) : String(item.round_id);
  return item.round_id === ROUND.TOP_SCORER
    ? { ...base, alert_type: 3, message: t('alerts.person_picks', { round, missing: item.missing }) }
    : { ...base, alert_type: 2, message: t('alerts.round_picks', { round, missing: item.missing }) };
}

export async function index(deps: AppDeps, user: AuthUser | null, t: Translate): Promise<Static<typeof Alert>[]> {
  if (!user) return [];
  const items = await pendingItems(deps.db, deps.clock.now(), ALERT_WINDOW_MS, user.id);
  return items.map((item) => toAlert(item, t));
}
