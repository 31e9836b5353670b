import type { Static } from 'typebox';
import type { Alert } from '../../../shared/api/routes/alerts';
import type { Locale } from '../../../shared/domain/locales';
import { matchdayName, type MatchdayRound } from '../../../shared/domain/matchNames';
import { ROUNDS, ROUND } from '../../../shared/domain/rounds';
import { matchdayRoundsOf } from '../../domain/competitions/matchesRepository';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import type { MessageKey, Translate } from '../../platform/i18n/messages';
import { nudgesAhead } from '../../domain/reminders/nudgesReceived';
import { pendingItems, type PendingItem } from '../../domain/reminders/pendingBets';

/**
 * Alerts shown in the side panel: pending items of the caller closing within 72 hours, and the result bets an owner
 * nudged them about however far their deadline (a nudge reaches every member here, push or email aside).
 */
const ALERT_WINDOW_MS = 72 * 3_600_000;

/** How the caller reads an alert: their language, and each competition's matchdays with their rounds. */
interface Reader { t: Translate; locale: Locale; rounds: Map<number, MatchdayRound[]> }

function toAlert(item: PendingItem, reader: Reader, nudgedBy: string | null | undefined): Static<typeof Alert> {
  const { t } = reader;
  const base = { league_id: item.league_id, league_name: item.league_name, matchday: item.matchday };
  if (item.kind === 'results') {
    // A knockout matchday by its round ("Semifinales"), any other by its number, as the screens name it.
    const matchday = matchdayName(item.matchday, reader.rounds.get(item.competition_id) ?? [], reader.locale);
    const vars = { count: item.missing, matchday, owner: nudgedBy ?? '' };
    const nudged = nudgedBy !== undefined && nudgedBy !== null;
    const message = item.missing === 1
      ? t(nudged ? 'alerts.nudged_result_bets_one' : 'alerts.result_bets_one', vars)
      : t(nudged ? 'alerts.nudged_result_bets' : 'alerts.result_bets', vars);
    return { ...base, alert_type: 1, message, ...(nudgedBy !== undefined && { nudged: true }) };
  }
  const round = ROUNDS.some((r) => r.id === item.round_id) ? t(`round.${item.round_id}` as MessageKey) : String(item.round_id);
  return item.round_id === ROUND.TOP_SCORER
    ? { ...base, alert_type: 3, message: t('alerts.person_picks', { round, missing: item.missing }) }
    : { ...base, alert_type: 2, message: t('alerts.round_picks', { round, missing: item.missing }) };
}

export async function index(deps: AppDeps, user: AuthUser | null, t: Translate, locale: Locale): Promise<Static<typeof Alert>[]> {
  if (!user) return [];
  const now = deps.clock.now();
  const nudges = await nudgesAhead(deps.db, user.id, now);
  const farthest = Math.max(now + ALERT_WINDOW_MS, ...nudges.map((nudge) => nudge.deadline));
  const items = await pendingItems(deps.db, now, farthest - now, user.id);
  // A nudge was about the league's next deadline when it was sent: the open bets closing at that very deadline.
  const nudgedBy = new Map(nudges.map((nudge) => [`${nudge.league_id}:${nudge.deadline}`, nudge.nudged_by]));
  const shown = items
    .map((item) => ({ item, by: item.kind === 'results' ? nudgedBy.get(`${item.league_id}:${item.deadline}`) : undefined }))
    .filter(({ item, by }) => by !== undefined || item.deadline <= now + ALERT_WINDOW_MS);
  const competitionIds = shown.flatMap(({ item }) => (item.kind === 'results' ? [item.competition_id] : []));
  const reader = { t, locale, rounds: await matchdayRoundsOf(deps.db, competitionIds) };
  return shown.map(({ item, by }) => toAlert(item, reader, by));
}
