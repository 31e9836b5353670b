import type { Match } from '../../../shared/api/entities';
import type { MatchdayInfo } from '../../../shared/api/routes/reference';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors/errors';
import { requireCompetition } from './competitionsService';
import * as repo from '../../domain/competitions/matchesRepository';
import { toMatch } from '../../domain/competitions/referenceMapping';

/** The home carousel looks back far enough to keep matches in play, and no further than a few screens ahead. */
const NEXT_MATCHES_LOOKBACK_MS = 3 * 3_600_000;
const NEXT_MATCHES_LIMIT = 30;

export async function showMatch(deps: AppDeps, id: number): Promise<Match> {
  const row = await repo.findMatch(deps.db, id);
  if (!row) throw notFound('errors.match_not_found');
  return toMatch(row);
}

export async function competitionMatches(deps: AppDeps, competitionId: number, matchday?: number): Promise<Match[]> {
  await requireCompetition(deps, competitionId);
  return (await repo.listMatches(deps.db, competitionId, matchday)).map(toMatch);
}

export async function nextMatches(deps: AppDeps, competitionId?: number): Promise<Match[]> {
  const rows = await repo.listNextMatches(deps.db, {
    from: deps.clock.now() - NEXT_MATCHES_LOOKBACK_MS, limit: NEXT_MATCHES_LIMIT, competitionId,
  });
  return rows.map(toMatch);
}

export async function matchdayInfo(deps: AppDeps, competitionId: number): Promise<MatchdayInfo> {
  await requireCompetition(deps, competitionId);
  const summary = await repo.matchdaySummary(deps.db, competitionId, deps.clock.now());
  const matchdays = summary.map((s) => s.matchday);
  const played = summary.filter((s) => s.started > 0).map((s) => s.matchday);
  const lastPlayed = played.length > 0 ? played[played.length - 1] : (matchdays[0] ?? 1);
  return {
    lastPlayedMatchday: Math.max(1, lastPlayed),
    nextMatchday: summary.find((s) => s.pending > 0)?.matchday ?? null,
    matchdays,
    matchdayRounds: summary.map((s) => ({ matchday: s.matchday, round_id: s.round_id })),
  };
}
