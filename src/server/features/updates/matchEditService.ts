import type { Static } from 'typebox';
import type { MatchEdit } from '../../../shared/api/routes/updates';
import type { AppDeps } from '../../platform/deps';
import { invalidField, notFound } from '../../platform/errors/errors';
import { findMatch } from '../../domain/competitions/matchesRepository';
import { toMatch } from '../../domain/competitions/referenceMapping';
import { logMatchCorrection } from '../../domain/leagueLog/leagueLogService';
import { applyResults, holdCompetitionResults } from '../../domain/resultJobs/applyResults';
import { kickResultJobs } from '../../domain/resultJobs/resultJobWorker';
import { keepShownBetsClosed } from '../../domain/scoring/shownBets';
import { publishMatchChanges } from '../../domain/live/livePublisher';
import { auditMatchEdit, matchForEdit, teamsOfCompetition, updateMatchFields, type MatchChanges } from './matchEditRepository';

/** started/finished follow the status an admin sets. */
const FLAGS_BY_STATUS: Record<string, { started: 0 | 1; finished: 0 | 1 }> = {
  scheduled: { started: 0, finished: 0 },
  postponed: { started: 0, finished: 0 },
  cancelled: { started: 0, finished: 0 },
  in_play: { started: 1, finished: 0 },
  finished: { started: 1, finished: 1 },
};

/**
 * An admin's hand correction of a match (manual provider, or fixing a provider's mistake). It returns once the match
 * is written; the league tables follow in the background (a result job, started at once).
 */
export async function editMatch(deps: AppDeps, adminId: number, matchId: number, edit: Static<typeof MatchEdit>) {
  const current = await matchForEdit(deps.db, matchId);
  if (!current) throw notFound('errors.match_not_found');
  const { status, date, ...rest } = edit;
  const changes: MatchChanges = { ...rest };
  if (date !== undefined) changes.date = Date.parse(date);
  if (status !== undefined) Object.assign(changes, { status }, FLAGS_BY_STATUS[status]);

  const teams = (['local_team_id', 'visiting_team_id'] as const).filter((f) => typeof edit[f] === 'number');
  const known = await teamsOfCompetition(deps.db, current.competition_id, teams.map((f) => edit[f] as number));
  for (const field of teams) if (!known.has(edit[field] as number)) throw invalidField(`match.${field}`, 'validation.inclusion');
  const local = edit.local_team_id === undefined ? current.local_team_id : edit.local_team_id;
  const visiting = edit.visiting_team_id === undefined ? current.visiting_team_id : edit.visiting_team_id;
  if (local !== null && local === visiting) throw invalidField('match.visiting_team_id', 'validation.invalid');

  // A finished match without its 90-minute score could not be scored.
  const finished = changes.finished ?? current.finished;
  if (finished === 1) {
    for (const field of ['local_goals', 'visiting_goals'] as const) {
      const value = edit[field] === undefined ? current[field] : edit[field];
      if (value === null) throw invalidField(`match.${field}`, 'validation.blank');
    }
  }

  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await holdCompetitionResults(trx, [current.competition_id]);
    // Bets already shown stay closed even when the kickoff moves later.
    if (changes.date !== undefined) await keepShownBetsClosed(trx, current.competition_id, now);
    await updateMatchFields(trx, matchId, changes, now);
    await auditMatchEdit(trx, adminId, matchId, changes, now);
    await applyResults(trx, { competitionId: current.competition_id, matchIds: [matchId], trigger: 'manual', startedBy: adminId, now });
    // Last: the leagues' logs record the result correction (their lock is always the last taken).
    await logMatchCorrection(trx, { now, key: deps.logKey }, { matchId, actorId: adminId, before: current, after: changes });
    // Live streams hear of it when (and only if) this commits.
    await publishMatchChanges(deps, trx, current.competition_id, [matchId]);
  });
  kickResultJobs(deps);
  return toMatch((await findMatch(deps.db, matchId))!);
}
