import type { Static } from 'typebox';
import { leagueLogRoutes, type LeagueLogEntry } from '../../../shared/api/routes/leagueLog';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { loadLeagueAccess, requireMemberOrAdmin } from '../../domain/leagues/leagueAccess';
import * as repo from '../../domain/leagueLog/leagueLogRepository';

/** The newest entries a reader gets (the CLI verifies the whole chain). */
const LOG_LIMIT = 500;

type Details = Record<string, unknown>;

/**
 * Bet goals in an entry stay hidden from other members until the bet is shown (its deadline), like the bet itself.
 * A late entry happens after the deadline, so in practice this only guards a deadline that moved.
 */
function redact(details: Details, viewerId: number, deadlines: Map<number, number>, now: number): Details {
  const matchId = typeof details.match_id === 'number' ? details.match_id : null;
  // Only bet entries carry bet goals (a result correction's scores are public).
  if (matchId === null || !('result_bet_id' in details) || details.user_id === viewerId) return details;
  const deadline = deadlines.get(matchId);
  if (deadline === undefined || now >= deadline) return details;
  return { ...details, before: null, after: null, hidden: true };
}

export async function readLeagueLog(deps: AppDeps, user: AuthUser, leagueId: number): Promise<Static<typeof LeagueLogEntry>[]> {
  requireMemberOrAdmin(await loadLeagueAccess(deps.db, leagueId, user), user);
  const rows = await repo.listLeagueLog(deps.db, leagueId, LOG_LIMIT);
  const parsed = rows.map((row) => ({ row, details: JSON.parse(row.details) as Details }));
  const matchIds = [...new Set(parsed.map((p) => p.details.match_id).filter((id): id is number => typeof id === 'number'))];
  const deadlines = await repo.matchDeadlines(deps.db, leagueId, matchIds);
  const now = deps.clock.now();
  return parsed.map(({ row, details }) => ({
    seq: Number(row.seq), actor_id: row.actor_id === null ? null : Number(row.actor_id), actor_name: row.actor_name ?? null,
    action: row.action, details: redact(details, user.id, deadlines, now), created_at: new Date(Number(row.created_at)).toISOString(),
    prev_hash: row.prev_hash, hash: row.hash,
  }));
}

export function leagueLogHandlers(deps: AppDeps): RouteHandlers<typeof leagueLogRoutes> {
  return {
    leagueLog: async ({ user, params }) => ({ entries: await readLeagueLog(deps, user, params.id) }),
  };
}
