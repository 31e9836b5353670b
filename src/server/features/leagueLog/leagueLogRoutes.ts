import type { Static } from 'typebox';
import { leagueLogRoutes, type LeagueLogEntry } from '../../../shared/api/routes/leagueLog';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { loadLeagueAccess, requireMemberOrAdmin } from '../../domain/leagues/leagueAccess';
import { KEYED_SCHEME } from '../../domain/leagueLog/canonical';
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

/**
 * Unkeyed (sha256) entries can be tested against every possible score, so while an unkeyed entry's bet is hidden its
 * hash is withheld, and with it the next entry's prev_hash, which is the same value. Keyed hashes reveal nothing.
 */
function withheldHashes(entries: { seq: number; hidden: boolean; scheme: number }[]): Set<number> {
  return new Set(entries.filter((e) => e.hidden && e.scheme !== KEYED_SCHEME).map((e) => e.seq));
}

export async function readLeagueLog(deps: AppDeps, user: AuthUser, leagueId: number): Promise<Static<typeof LeagueLogEntry>[]> {
  requireMemberOrAdmin(await loadLeagueAccess(deps.db, leagueId, user), user);
  const rows = await repo.listLeagueLog(deps.db, leagueId, LOG_LIMIT);
  const parsed = rows.map((row) => ({ row, details: JSON.parse(row.details) as Details }));
  const matchIds = [...new Set(parsed.map((p) => p.details.match_id).filter((id): id is number => typeof id === 'number'))];
  const deadlines = await repo.matchDeadlines(deps.db, leagueId, matchIds);
  const now = deps.clock.now();
  const shown = parsed.map(({ row, details }) => ({ row, details: redact(details, user.id, deadlines, now) }));
  const withheld = withheldHashes(shown.map(({ row, details }) => ({ seq: Number(row.seq), hidden: details.hidden === true, scheme: Number(row.scheme) })));
  return shown.map(({ row, details }) => ({
    seq: Number(row.seq), actor_id: row.actor_id === null ? null : Number(row.actor_id), actor_name: row.actor_name ?? null,
    action: row.action, details, created_at: new Date(Number(row.created_at)).toISOString(),
    prev_hash: withheld.has(Number(row.seq) - 1) ? null : row.prev_hash, hash: withheld.has(Number(row.seq)) ? null : row.hash,
    keyed: Number(row.scheme) === KEYED_SCHEME,
  }));
}

export function leagueLogHandlers(deps: AppDeps): RouteHandlers<typeof leagueLogRoutes> {
  return {
    leagueLog: async ({ user, params }) => ({ entries: await readLeagueLog(deps, user, params.id) }),
  };
}
