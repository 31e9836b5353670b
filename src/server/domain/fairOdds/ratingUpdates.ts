import { eloChange, K_BY_IMPORTANCE } from '../../../shared/domain/fairOdds/elo';
import { importanceOfCompetition } from '../../../shared/domain/fairOdds/importance';
import type { Executor } from '../../platform/db/database';
import * as repo from './ratingsRepository';
import { SNAPSHOT_ENDS, teamSeed } from './teamSeeds';

/**
 * Ratings move as Porra records results, by the Elo formula (shared/domain/fairOdds/elo.ts): the score after
 * extra time (a shoot-out counts as a draw), the competition's weight class, home advantage for clubs (national
 * teams' tournaments are taken as played on neutral ground). Only matches after the shipped snapshot's date move
 * ratings (the snapshot already holds the ones before), and never those of replayed or demo competitions (their
 * results are replays, not news).
 *
 * Idempotent: each match keeps the result its moves were made for (match_ratings) and the ratings before it; the
 * same result again moves nothing, a corrected result moves by the difference (from the same ratings before), a
 * result taken back takes its moves back. Moves are appended to the journal, never changed, so the ratings at
 * any past moment stay what they were (the chances sealed at a deadline are read from them).
 */
export async function updateMatchRatings(db: Executor, competitionId: number, matchIds: number[] | null, now: number): Promise<void> {
  const competition = await repo.competitionForRatings(db, competitionId);
  if (!competition || competition.replay === 1 || competition.provider === 'demo') return;
  const k = K_BY_IMPORTANCE[importanceOfCompetition(competition.name)];
  const matches = await repo.matchesForRatings(db, competitionId, matchIds);
  if (matches.length === 0) return;
  const applied = await repo.matchRatings(db, matches.map((m) => m.id));
  for (const match of matches) {
    const before = applied.get(match.id);
    const wanted = resultForRatings(match);
    if (!wanted) {
      if (before) {
        await repo.appendMoves(db, [
          { team_id: before.local_team_id, match_id: match.id, delta: -before.delta },
          { team_id: before.visiting_team_id, match_id: match.id, delta: before.delta },
        ], now);
        await repo.deleteMatchRating(db, match.id);
      }
      continue;
    }
    const sameTeams = before && before.local_team_id === wanted.local_team_id && before.visiting_team_id === wanted.visiting_team_id;
    if (sameTeams && before.local_goals === wanted.local_goals && before.visiting_goals === wanted.visiting_goals) continue;
    const moves: { team_id: number; match_id: number; delta: number }[] = [];
    if (before && !sameTeams) {
      moves.push({ team_id: before.local_team_id, match_id: match.id, delta: -before.delta }, { team_id: before.visiting_team_id, match_id: match.id, delta: before.delta });
    }
    const [local, visiting] = [teamSeed(match.local_name ?? ''), teamSeed(match.visiting_name ?? '')];
    let ratingsBefore: { local_before: number; visiting_before: number };
    if (sameTeams) ratingsBefore = { local_before: before.local_before, visiting_before: before.visiting_before };
    else {
      const soFar = await repo.movesSoFar(db, [wanted.local_team_id, wanted.visiting_team_id]);
      ratingsBefore = {
        local_before: local.rating + (soFar.get(wanted.local_team_id) ?? 0), visiting_before: visiting.rating + (soFar.get(wanted.visiting_team_id) ?? 0),
      };
    }
    const delta = Math.round(100 * eloChange({
      local: ratingsBefore.local_before / 100, visiting: ratingsBefore.visiting_before / 100, neutral: local.national && visiting.national, k,
      localGoals: wanted.local_goals, visitingGoals: wanted.visiting_goals,
    }));
    const net = delta - (sameTeams ? before.delta : 0);
    moves.push({ team_id: wanted.local_team_id, match_id: match.id, delta: net }, { team_id: wanted.visiting_team_id, match_id: match.id, delta: -net });
    await repo.appendMoves(db, moves, now);
    await repo.saveMatchRating(db, match.id, { ...wanted, ...ratingsBefore, delta }, now);
  }
}

/** The result a finished match after the snapshot moves ratings with: its score after extra time; null for none. */
function resultForRatings(m: repo.MatchForRatings) {
  if (m.finished !== 1 || m.local_goals === null || m.visiting_goals === null || m.local_team_id === null || m.visiting_team_id === null) return null;
  if (m.date < SNAPSHOT_ENDS) return null;
  return {
    local_team_id: m.local_team_id, visiting_team_id: m.visiting_team_id,
    local_goals: m.local_goals + (m.local_goals_extra_time ?? 0), visiting_goals: m.visiting_goals + (m.visiting_goals_extra_time ?? 0),
  };
}
