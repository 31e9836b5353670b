import { randomUUID } from 'node:crypto';
import type { Executor } from '../../../platform/db/database';
import { POINTS_SYSTEM_PRESETS, SCORING_PRESETS, type Scoring } from '../../../../shared/domain/scoring';
import type { LeaguesTable } from '../../../platform/db/schema';
import { replaceRoundMultipliers, scoringToColumns } from '../../../domain/scoring/leagueScoring';
import { rankLeagues } from '../../../domain/standings/rankLeagues';

/** Test helper: a league straight into the database, with members (no dependency on the leagues API). */
export async function createLeague(
  db: Executor,
  args: { competitionId: number; ownerId: number; members?: { id: number; department?: string | null }[]; name?: string }
    & Partial<Pick<LeaguesTable, 'bets_system' | 'points_system' | 'playoff_results_points' | 'round_bets_enabled'
      | 'person_bets_enabled' | 'start_matchday' | 'knockout_basis' | 'lock_by'>>
    & { joker_count?: number; joker_multiplier?: number; bet_deadline_minutes?: number }
    & { selectedTeamIds?: number[]; scoring?: Scoring; roundMultipliers?: { round_id: number; factor: number }[] },
): Promise<number> {
  const name = args.name ?? `League ${randomUUID().slice(0, 6)}`;
  const { id } = await db.insertInto('leagues').values({
    name, name_normalized: name.toLowerCase(), competition_id: args.competitionId, owner_id: args.ownerId,
    bets_system: args.bets_system ?? 'exact', points_system: args.points_system ?? 'winner_and_goals',
    playoff_results_points: args.playoff_results_points ?? 1, round_bets_enabled: args.round_bets_enabled ?? 1,
    person_bets_enabled: args.person_bets_enabled ?? 1, allow_invite: 0, allow_join: 0, editable_after_start: 0,
    start_matchday: args.start_matchday ?? 1, knockout_basis: args.knockout_basis ?? 'regular',
    share_token: randomUUID(), created_at: 0, updated_at: 0,
    // The old points_system stands for its preset unless a scoring is given.
    ...scoringToColumns(args.scoring ?? SCORING_PRESETS[POINTS_SYSTEM_PRESETS[args.points_system ?? 'winner_and_goals']]),
    joker_count: args.joker_count ?? 0, joker_multiplier: args.joker_multiplier ?? 2,
    bet_deadline_minutes: args.bet_deadline_minutes ?? 5, lock_by: args.lock_by ?? null,
  }).returning('id').executeTakeFirstOrThrow();
  if (args.roundMultipliers?.length) await replaceRoundMultipliers(db, id, args.roundMultipliers);
  const members = args.members ?? [{ id: args.ownerId }];
  await db.insertInto('league_members')
    .values(members.map((m, i) => ({ league_id: id, user_id: m.id, department: m.department ?? null, joined_at: i })))
    .execute();
  if (args.selectedTeamIds?.length) {
    await db.insertInto('league_teams').values(args.selectedTeamIds.map((team_id) => ({ league_id: id, team_id }))).execute();
  }
  await rankLeagues(db, { competitionId: args.competitionId, leagueId: id });
  return id;
}

/** Test helper: sets a match's final score. */
export async function finishMatch(
  db: Executor, matchId: number, local: number, visiting: number,
  extra: { local_goals_extra_time?: number; visiting_goals_extra_time?: number; local_penalties?: number; visiting_penalties?: number } = {},
): Promise<void> {
  await db.updateTable('matches').set({
    local_goals: local, visiting_goals: visiting, finished: 1, started: 1, status: 'finished', ...extra,
  }).where('id', '=', matchId).execute();
}
