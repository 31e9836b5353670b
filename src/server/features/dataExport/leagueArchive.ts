import type { Static } from 'typebox';
import type { LeagueArchive } from '../../../shared/api/routes/dataExport';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { notFound } from '../../platform/errors/errors';
import { loadLeagueAccess, requireOwner } from '../../domain/leagues/leagueAccess';
import { archiveSignature } from '../../domain/leagueLog/archiveSignature';
import { goalsSeal, SEALED_SCHEME } from '../../domain/leagueLog/canonical';
import { fullLeagueLog, matchDeadlines } from '../../domain/leagueLog/leagueLogRepository';
import { redactLogDetails, withheldHashes, type LogDetails } from '../../domain/leagueLog/logRedaction';
import * as repo from './dataExportRepository';
import { takeExportSlot } from './exportSlot';

/** League columns that are not settings (identity, bookkeeping) or that are secrets (the join link's token). */
const NOT_SETTINGS = new Set(['id', 'name', 'name_normalized', 'owner_id', 'competition_id', 'competition', 'share_token', 'created_at',
  'updated_at', 'table_version', 'picks_shown_kickoff']);

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/**
 * The league's whole history for its owner: settings, members and every log entry as stored, with its hash, so
 * `porra verify-log --file` can recompute the chain, and the whole file signed with the log key. A bet still hidden
 * from the owner stays hidden here as on the log page: its entry is marked withheld and carries the keyed seal of its
 * goals instead (scheme 3), so the rest of it is still recomputed; an older entry's is only linked.
 */
export async function leagueArchive(deps: AppDeps, user: AuthUser, leagueId: number): Promise<Static<typeof LeagueArchive>> {
  requireOwner(await loadLeagueAccess(deps.db, leagueId, user));
  // A whole league read at once: one league export at a time per process (503 otherwise).
  const release = takeExportSlot(deps);
  try {
    return await archiveOf(deps, user, leagueId);
  } finally {
    release();
  }
}

async function archiveOf(deps: AppDeps, user: AuthUser, leagueId: number): Promise<Static<typeof LeagueArchive>> {
  const league = await repo.archivedLeague(deps.db, leagueId);
  if (!league) throw notFound('errors.league_not_found');
  const [members, rows] = await Promise.all([repo.leagueMembers(deps.db, leagueId), fullLeagueLog(deps.db, leagueId)]);
  const parsed = rows.map((row) => ({ row, details: JSON.parse(row.details) as LogDetails }));
  const matchIds = [...new Set(parsed.map((p) => p.details.match_id).filter((id): id is number => typeof id === 'number'))];
  const deadlines = await matchDeadlines(deps.db, leagueId, matchIds);
  const now = deps.clock.now();
  const shown = parsed.map(({ row, details }) => ({ row, stored: details, details: redactLogDetails(details, user.id, deadlines, now) }));
  const withheld = withheldHashes(shown.map(({ row, details }) => ({ seq: Number(row.seq), hidden: details.hidden === true, scheme: Number(row.scheme) })));
  const settings = Object.fromEntries(Object.entries(league).filter(([key]) => !NOT_SETTINGS.has(key)));
  const archive = {
    format: 'porra-league-archive' as const,
    version: 2 as const,
    exported_at: iso(now),
    league: {
      id: Number(league.id), name: league.name, competition: league.competition, owner_id: Number(league.owner_id),
      created_at: iso(league.created_at), settings,
    },
    members: members.map((m) => ({ user_id: Number(m.user_id), name: m.name, department: m.department, joined_at: iso(m.joined_at) })),
    log: shown.map(({ row, stored, details }) => ({
      seq: Number(row.seq), actor_id: row.actor_id === null ? null : Number(row.actor_id), action: row.action, details,
      created_at: Number(row.created_at),
      prev_hash: withheld.has(Number(row.seq) - 1) ? null : row.prev_hash, hash: withheld.has(Number(row.seq)) ? null : row.hash,
      scheme: Number(row.scheme) as 1 | 2 | 3, withheld: details.hidden === true,
      goals_seal: details.hidden === true && Number(row.scheme) === SEALED_SCHEME ? goalsSeal(stored, deps.logKey) : null,
    })),
  };
  // Signed as it is sent: through JSON once, as the reader parses it back.
  const sent = JSON.parse(JSON.stringify(archive)) as typeof archive;
  return { ...sent, signature: archiveSignature(sent, deps.logKey) };
}
