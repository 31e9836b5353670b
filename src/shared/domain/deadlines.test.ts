import {
  BET_LOCK_MS, DEFAULT_BET_DEADLINE_MINUTES, competitionKickoffs, defaultLockBy, isBeforeDeadline, personPickDeadline, pickDeadline, resultBetDeadline,
} from './deadlines';
import { ROUND } from './rounds';

const DAY = 86_400_000;
const start = Date.UTC(2026, 5, 11, 18);

describe('result bet deadlines', () => {
  it('by default cups lock 5 minutes before the kickoff, league competitions 5 minutes before the matchday first kickoff', () => {
    const rules = (isLeague: boolean) => ({ bet_deadline_minutes: DEFAULT_BET_DEADLINE_MINUTES, lock_by: defaultLockBy({ is_league: isLeague }) });
    expect(resultBetDeadline({ date: start + DAY }, rules(false), start)).toBe(start + DAY - BET_LOCK_MS);
    expect(resultBetDeadline({ date: start + DAY }, rules(true), start)).toBe(start - BET_LOCK_MS);
  });
  it('counts the league minutes back from the match or from its matchday', () => {
    expect(resultBetDeadline({ date: start + DAY }, { bet_deadline_minutes: 0, lock_by: 'match' }, start)).toBe(start + DAY);
    expect(resultBetDeadline({ date: start + DAY }, { bet_deadline_minutes: 1440, lock_by: 'match' }, start)).toBe(start);
    expect(resultBetDeadline({ date: start + DAY }, { bet_deadline_minutes: 60, lock_by: 'matchday' }, start)).toBe(start - 3_600_000);
  });
  it('a shown match keeps the earlier of the kickoffs it had then and its current ones', () => {
    const later = { date: start + DAY, shown_kickoff: start, shown_matchday_kickoff: start - DAY };
    expect(resultBetDeadline(later, { bet_deadline_minutes: 0, lock_by: 'match' }, start + DAY)).toBe(start);
    expect(resultBetDeadline(later, { bet_deadline_minutes: 0, lock_by: 'matchday' }, start + DAY)).toBe(start - DAY);
    const earlierNow = { date: start - 2 * DAY, shown_kickoff: start, shown_matchday_kickoff: start };
    expect(resultBetDeadline(earlierNow, { bet_deadline_minutes: 0, lock_by: 'match' }, start - 2 * DAY)).toBe(start - 2 * DAY);
  });
  it('a write one second before is allowed, at or after the deadline refused', () => {
    const deadline = start - BET_LOCK_MS;
    expect(isBeforeDeadline(deadline - 1000, deadline)).toBe(true);
    expect(isBeforeDeadline(deadline, deadline)).toBe(false);
    expect(isBeforeDeadline(deadline + 1000, deadline)).toBe(false);
    expect(isBeforeDeadline(0, null)).toBe(false);
  });
});

describe('pick deadlines', () => {
  const matches = [
    { round_id: ROUND.GROUP_STAGE, matchday: 1, date: start },
    { round_id: ROUND.GROUP_STAGE, matchday: 3, date: start + 10 * DAY },
    { round_id: ROUND.ROUND_OF_16, matchday: 4, date: start + 15 * DAY },
    { round_id: ROUND.QUARTER_FINALS, matchday: 5, date: start + 20 * DAY },
    { round_id: ROUND.SEMI_FINALS, matchday: 6, date: start + 25 * DAY },
    { round_id: ROUND.FINAL, matchday: 7, date: start + 30 * DAY },
  ];
  const kickoffs = competitionKickoffs(matches, { is_league: false });
  it('round R locks before the round before R; the first knockout round before the group stage', () => {
    expect(pickDeadline(ROUND.ROUND_OF_16, kickoffs)).toBe(start - BET_LOCK_MS);
    expect(pickDeadline(ROUND.QUARTER_FINALS, kickoffs)).toBe(start + 15 * DAY - BET_LOCK_MS);
    expect(pickDeadline(ROUND.FINAL, kickoffs)).toBe(start + 25 * DAY - BET_LOCK_MS);
  });
  it('champion locks before the final; top scorer and person picks before the first kickoff', () => {
    expect(pickDeadline(ROUND.CHAMPION, kickoffs)).toBe(start + 30 * DAY - BET_LOCK_MS);
    expect(pickDeadline(ROUND.TOP_SCORER, kickoffs)).toBe(start - BET_LOCK_MS);
    expect(personPickDeadline(kickoffs)).toBe(start - BET_LOCK_MS);
  });
  it('league competitions: season picks lock before the first counted matchday', () => {
    const season = competitionKickoffs(
      [1, 2, 3].map((matchday) => ({ round_id: ROUND.REGULAR_SEASON, matchday, date: start + matchday * 7 * DAY })),
      { is_league: true, start_matchday: 2 },
    );
    expect(pickDeadline(ROUND.LEAGUE_CHAMPION, season)).toBe(start + 14 * DAY - BET_LOCK_MS);
    expect(pickDeadline(ROUND.RELEGATION, season)).toBe(start + 14 * DAY - BET_LOCK_MS);
    expect(personPickDeadline(season)).toBe(start + 14 * DAY - BET_LOCK_MS);
  });
  it('no matches: no deadline', () => {
    expect(pickDeadline(ROUND.SEMI_FINALS, competitionKickoffs([], { is_league: false }))).toBeNull();
  });
});
