import { BET_LOCK_MS, type CompetitionKickoffs } from '../../../shared/domain/deadlines';
import type { Executor } from '../../platform/db/database';
import { findPickLeague, roundKickoffs, setPicksShownKickoff, type PickLeagueRow } from './pickContextRepository';

type AnchorLeague = Pick<PickLeagueRow, 'competition_id' | 'competition_type' | 'start_matchday' | 'picks_shown_kickoff'>;

/**
 * The kickoffs a league's pick deadlines anchor on: each round's first kickoff, and the first
 * counted kickoff (a cup's first match; a league competition's first match from start_matchday on). Picks once
 * shown stay closed: shown matches keep their kickoff (roundKickoffs), and a league's pinned first
 * counted kickoff (`picks_shown_kickoff`) caps the one its current start_matchday gives.
 */
export async function leaguePickKickoffs(db: Executor, league: AnchorLeague): Promise<CompetitionKickoffs> {
  const rounds = await roundKickoffs(db, league.competition_id, league.start_matchday);
  // A league competition counts from the league's start_matchday; a cup from its first match.
  const counted = rounds.map((r) => (league.competition_type === 'league' ? r.first_counted : r.first_kickoff))
    .filter((d): d is number => d !== null);
  if (league.picks_shown_kickoff !== null) counted.push(league.picks_shown_kickoff);
  return {
    firstKickoffByRound: Object.fromEntries(rounds.map((r) => [r.round_id, r.first_kickoff])),
    firstCountedKickoff: counted.length ? Math.min(...counted) : null,
  };
}

/**
 * Call in the transaction that changes a league's start_matchday, before the change: when the picks anchored on
 * the first counted kickoff have already been shown, that kickoff is pinned, so a later start never reopens them.
 * Only league competitions count from start_matchday (and there every pick rule anchors on that kickoff).
 */
export async function keepShownPicksClosed(db: Executor, leagueId: number, now: number): Promise<void> {
  const league = await findPickLeague(db, leagueId);
  if (!league || league.competition_type !== 'league' || league.picks_shown_kickoff !== null) return;
  const { firstCountedKickoff } = await leaguePickKickoffs(db, league);
  if (firstCountedKickoff !== null && firstCountedKickoff - BET_LOCK_MS <= now) {
    await setPicksShownKickoff(db, leagueId, firstCountedKickoff);
  }
}

/** leaguePickKickoffs of a league by id (null when it does not exist). */
export async function leaguePickKickoffsOf(db: Executor, leagueId: number): Promise<CompetitionKickoffs | null> {
  const league = await findPickLeague(db, leagueId);
  return league ? leaguePickKickoffs(db, league) : null;
}
