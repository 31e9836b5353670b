import type { Static } from 'typebox';
import type { TitleRace } from '../../../shared/api/routes/titleRace';
import { raceBounds } from '../../../shared/domain/titleRace/bounds';
import { fitGoalRates } from '../../../shared/domain/titleRace/goalModel';
import { SIMULATED_FINISHES, simulateRace } from '../../../shared/domain/titleRace/simulation';
import { appStateSlot } from '../../platform/appState';
import type { Executor } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { requireLeagueAccess } from '../../domain/leagues/leagueAccess';
import { leaguePickKickoffsOf } from '../../domain/picks/pickAnchors';
import { loadLeagueScoring } from '../../domain/scoring/leagueScoring';
import { raceInputs } from './raceInputs';
import * as repo from './titleRaceRepository';

type Race = Static<typeof TitleRace>;

/**
 * A league's race is the same for every reader: it is kept per league in the app's state while the league's table
 * version and its bets are unchanged and no deadline has passed since (a deadline changes what members may still
 * do). Two readers asking at once share one computation.
 */
const CACHED_LEAGUES = 200;
interface Entry { version: string; validUntil: number; race: Promise<Race> }
const RACES = appStateSlot(() => new Map<number, Entry>());

/** FNV-1a of the data version: the simulation's seed, so a version always gives the same chances. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** The race computed from the database now: bounds from every member's maximum, chances from the simulation. */
export async function computeTitleRace(db: Executor, leagueId: number, now: number): Promise<{ race: Race; validUntil: number; version: string }> {
  const league = await repo.findRaceLeague(db, leagueId);
  const [scoring, members, matches, bets, picks, personMatches, questions, kickoffs, finished] = await Promise.all([
    loadLeagueScoring(db, leagueId), repo.listRaceMembers(db, leagueId), repo.listMatchesLeft(db, leagueId),
    repo.listRaceBets(db, leagueId), repo.listPickState(db, leagueId, league.competition_id),
    repo.listPersonMatchesLeft(db, leagueId, league.competition_id), repo.listOpenQuestions(db, leagueId),
    leaguePickKickoffsOf(db, leagueId), repo.listFinishedScores(db, league.competition_id),
  ]);
  const inputs = raceInputs({ now, ...scoring, league, members, matches, bets, picks, personMatches, questions, kickoffs });
  const bounds = raceBounds(members.map((m, i) => ({ user_id: m.user_id, points: m.points, max_points: inputs.maxPoints[i] })));
  const rates = fitGoalRates(finished);
  const version = `${league.table_version}:${league.bets_version ?? ''}`;
  const chance = simulateRace({
    rules: scoring.rules, rates, points: members.map((m) => m.points), contenders: bounds.map((b) => b.can_win),
    matches: inputs.simulated, seed: seedOf(`${leagueId}:${version}`),
  });
  const rows = members.map((m, i) => ({ ...bounds[i], user_name: m.user_name, chance: chance[i] }))
    .sort((a, b) => b.points - a.points || b.max_points - a.max_points || a.user_id - b.user_id);
  return {
    race: {
      members: rows, simulations: SIMULATED_FINISHES, matches_left: matches.length,
      model: { home_goals: rates.home, away_goals: rates.away, finished_matches: rates.matches },
    },
    validUntil: inputs.validUntil,
    version,
  };
}

export async function titleRace(deps: AppDeps, user: AuthUser, leagueId: number): Promise<Race> {
  const { db } = deps;
  await requireLeagueAccess(db, leagueId, user);
  const { table_version: tableVersion, bets_version: betsVersion } = await repo.findRaceLeague(db, leagueId);
  const version = `${tableVersion}:${betsVersion ?? ''}`;
  const now = deps.clock.now();
  const races = deps.state.get(RACES);
  const hit = races.get(leagueId);
  if (hit && hit.version === version && now < hit.validUntil) return hit.race;
  const entry: Entry = { version, validUntil: Infinity, race: Promise.resolve(null as unknown as Race) };
  entry.race = computeTitleRace(db, leagueId, now).then((computed) => {
    // What was read may be newer than the version checked above: keep it only under the version it was built from.
    entry.version = computed.version;
    entry.validUntil = computed.validUntil;
    return computed.race;
  });
  races.delete(leagueId);
  if (races.size >= CACHED_LEAGUES) races.delete(races.keys().next().value!);
  races.set(leagueId, entry);
  entry.race.catch(() => { if (races.get(leagueId) === entry) races.delete(leagueId); });
  return entry.race;
}
