import ical, { ICalAlarmType, ICalEventStatus } from 'ical-generator';
import { localTeamName } from '../../../shared/domain/localNames';
import { localPlaceholder } from '../../../shared/domain/matchNames';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors/errors';
import { translate } from '../../platform/i18n/messages';
import { calendarMatches, feedOwner } from './calendarRepository';
import { calendarGeneration } from '../../domain/calendar/calendarGenerations';
import { tokenMatches, tokenUserId } from '../../domain/calendar/calendarToken';
import type { Locale } from '../../../shared/domain/locales';

/** A match fills this much of the calendar. */
const MATCH_LENGTH_MS = 2 * 60 * 60_000;
/** Matches older than this are left out: the feed is for what is coming, and stays small. */
const PAST_DAYS_MS = 30 * 24 * 60 * 60_000;
/**
 * The alarm rings this long before the bet deadline (the earliest of the player's leagues playing the match): at
 * the deadline itself bets are already closed, too late to act on it.
 */
const ALARM_BEFORE_DEADLINE_MINUTES = 15;

type FeedRow = Awaited<ReturnType<typeof calendarMatches>>[number];

const signOf = (local: number, visiting: number) => (local > visiting ? '1' : local === visiting ? 'X' : '2');

function betText(row: FeedRow, locale: Locale): string {
  const league = row.league_name;
  if (row.bet_local === null || row.bet_visiting === null) return translate(locale, 'calendar.no_bet', { league });
  const bet = row.bets_system === 'sign' ? signOf(row.bet_local, row.bet_visiting) : `${row.bet_local}-${row.bet_visiting}`;
  return translate(locale, 'calendar.your_bet', { league, bet });
}

/**
 * One event per match (UID from the match id, so calendar apps update it in place when the kickoff, teams or
 * score change), times in UTC (each app shows them in its own zone), the user's bet in each of their leagues
 * playing it, and an alarm shortly before the bet deadline. An unknown or replaced token is a 404.
 */
export async function calendarFeed(deps: AppDeps, token: string): Promise<string> {
  const userId = tokenUserId(token);
  const owner = userId === null ? undefined : await feedOwner(deps.db, userId);
  if (!owner || !tokenMatches(deps.jwtSecret, token, owner.id, await calendarGeneration(deps.db, owner.id))) {
    throw notFound('errors.not_found');
  }
  const locale: Locale = owner.locale === 'es' ? 'es' : 'en';
  const now = deps.clock.now();
  const rows = await calendarMatches(deps.db, owner.id, now - PAST_DAYS_MS);
  const byMatch = new Map<number, FeedRow[]>();
  for (const row of rows) byMatch.set(row.id, [...(byMatch.get(row.id) ?? []), row]);

  const host = new URL(deps.config.appOrigin).host;
  const calendar = ical({ name: translate(locale, 'calendar.name'), prodId: { company: 'porra', product: 'porra', language: locale.toUpperCase() } });
  for (const [matchId, leagues] of byMatch) {
    const match = leagues[0];
    // National teams in the player's language, as the app shows them (clubs keep their names); a team not known yet
    // in words ("Ganador del partido 49").
    const team = (name: string | null, placeholder: string | null) =>
      (name ? localTeamName(name, locale) : placeholder ? localPlaceholder(placeholder, locale) : '?');
    const local = team(match.local_team, match.local_placeholder);
    const visiting = team(match.visiting_team, match.visiting_placeholder);
    const score = match.finished && match.local_goals !== null ? ` ${match.local_goals}-${match.visiting_goals} ` : ' - ';
    const kickoff = new Date(Number(match.date));
    const event = calendar.createEvent({
      id: `match-${matchId}@${host}`,
      start: kickoff,
      end: new Date(Number(match.date) + MATCH_LENGTH_MS),
      stamp: new Date(now),
      lastModified: new Date(Number(match.updated_at)),
      summary: `${local}${score}${visiting}`,
      description: [match.competition_name, ...leagues.map((row) => betText(row, locale))].join('\n'),
      status: match.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
    const deadline = Math.min(...leagues.map((row) => Number(row.deadline)));
    event.createAlarm({
      type: ICalAlarmType.display, trigger: new Date(deadline - ALARM_BEFORE_DEADLINE_MINUTES * 60_000),
      description: translate(locale, 'calendar.bet_deadline', { minutes: ALARM_BEFORE_DEADLINE_MINUTES }),
    });
  }
  return calendar.toString();
}
