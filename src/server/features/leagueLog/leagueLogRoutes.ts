import type { Static } from 'typebox';
import { leagueLogRoutes, type LeagueLogEntry } from '../../../shared/api/routes/leagueLog';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { loadLeagueAccess, requireMemberOrAdmin } from '../../domain/leagues/leagueAccess';
import { isKeyed } from '../../domain/leagueLog/canonical';
import { redactLogDetails, withheldHashes, type LogDetails } from '../../domain/leagueLog/logRedaction';
import * as repo from '../../domain/leagueLog/leagueLogRepository';

/** The newest entries a reader gets (the CLI verifies the whole chain). */
const LOG_LIMIT = 500;

type Details = LogDetails;

async function readLeagueLog(deps: AppDeps, user: AuthUser, leagueId: number): Promise<Static<typeof LeagueLogEntry>[]> {
  requireMemberOrAdmin(await loadLeagueAccess(deps.db, leagueId, user), user);
  const rows = await repo.listLeagueLog(deps.db, leagueId, LOG_LIMIT);
  const parsed = rows.map((row) => ({ row, details: JSON.parse(row.details) as Details }));
  const matchIds = [...new Set(parsed.map((p) => p.details.match_id).filter((id): id is number => typeof id === 'number'))];
  const deadlines = await repo.matchDeadlines(deps.db, leagueId, matchIds);
  const now = deps.clock.now();
  const shown = parsed.map(({ row, details }) => ({ row, details: redactLogDetails(details, user.id, deadlines, now) }));
  const withheld = withheldHashes(shown.map(({ row, details }) => ({ seq: Number(row.seq), hidden: details.hidden === true, scheme: Number(row.scheme) })));
  return shown.map(({ row, details }) => ({
    seq: Number(row.seq), actor_id: row.actor_id === null ? null : Number(row.actor_id), actor_name: row.actor_name ?? null,
    action: row.action, details, created_at: new Date(Number(row.created_at)).toISOString(),
    prev_hash: withheld.has(Number(row.seq) - 1) ? null : row.prev_hash, hash: withheld.has(Number(row.seq)) ? null : row.hash,
    keyed: isKeyed(Number(row.scheme)),
  }));
}

export function leagueLogHandlers(deps: AppDeps): RouteHandlers<typeof leagueLogRoutes> {
  return {
    leagueLog: async ({ user, params }) => ({ entries: await readLeagueLog(deps, user, params.id) }),
  };
}
