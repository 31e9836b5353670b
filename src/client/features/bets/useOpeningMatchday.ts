import { useEffect, useState } from 'react';
import type { MatchdayInfo } from '../../../shared/api/routes/reference';

/**
 * The matchday the bets page opens on when the address names none: the earliest one of the league that still takes
 * bets. It starts from the competition's first matchday with a match not started (never before the league's first
 * matchday) and, when the caller's own bets there turn out all closed (a deadline before the kickoffs:
 * `closedMatchday` names such a matchday once its bets are loaded), moves on one matchday at a time until one
 * takes bets or none is left. With no match left to start: the last matchday played.
 */
export function useOpeningMatchday(info: MatchdayInfo | undefined, startMatchday: number | undefined, closedMatchday: number | undefined): number | undefined {
  const matchdays = (info?.matchdays ?? []).filter((value) => startMatchday === undefined || value >= startMatchday);
  const next = info?.nextMatchday ?? null;
  const first = next === null ? undefined : matchdays.find((value) => value >= next);
  const [skipped, setSkipped] = useState<number | undefined>(undefined);
  const candidate = (skipped !== undefined && first !== undefined && skipped > first ? skipped : first) ?? info?.lastPlayedMatchday;
  const later = candidate === undefined ? undefined : matchdays.find((value) => value > candidate);
  useEffect(() => {
    if (first !== undefined && closedMatchday === candidate && later !== undefined) setSkipped(later);
  }, [first, closedMatchday, candidate, later]);
  return candidate;
}
