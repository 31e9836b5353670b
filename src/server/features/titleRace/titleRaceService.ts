import type { Static } from 'typebox';
import type { TitleRace } from '../../../shared/api/routes/titleRace';
import { raceBounds } from '../../../shared/domain/titleRace/bounds';
import { fitGoalRates } from '../../../shared/domain/titleRace/goalModel';
import { SIMULATED_FINISHES, raceSimulation, type RaceInput } from '../../../shared/domain/titleRace/simulation';
import { seedOf } from '../../../shared/domain/seededRandom';
import { appStateSlot } from '../../platform/appState';
import type { Executor } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { requireLeagueAccess } from '../../domain/leagues/leagueAccess';
import { leaguePickKickoffsOf } from '../../domain/picks/pickAnchors';
import { loadLeagueScoring } from '../../domain/scoring/leagueScoring';
import { leagueOdds } from '../../domain/fairOdds/leagueOdds';
import { raceInputs } from './raceInputs';
import * as repo from './titleRaceRepository';

type Race = Static<typeof TitleRace>;

/**
 * A league's race is the same for every reader. Its chances are kept per league in the app's state under the data
 * version they were simulated from (the league's table version and the deadlines passed). While a newer version's simulation
 * runs (in slices, so other requests are served meanwhile), readers get the bounds of the data now with the last
 * chances, held to those bounds: members out of the race get 0, a champion 1, the rest are scaled to sum to 1.
 * The whole answer is kept while its version holds and no deadline has passed (a deadline changes what members
 * may still do).
 */
const CACHED_LEAGUES = 200;
interface Chances { version: string; byUser: Map<number, number> }
interface Entry {
  version: string; tableVersion: number; validUntil: number; race: Race | null; chances: Chances | null; running: Promise<Chances> | null;
}
const RACES = appStateSlot(() => new Map<number, Entry>());

const nextTurn = () => new Promise<void>((resolve) => { setImmediate(resolve); });

/** Runs the simulation a slice at a time, letting the event loop serve other requests between slices. */
async function runSimulation(input: RaceInput): Promise<Float64Array> {
  const simulation = raceSimulation(input);
  for (;;) {
    const step = simulation.next();
    if (step.done) return step.value;
    await nextTurn();
  }
}

type RaceData = Awaited<ReturnType<typeof readRace>>;

/** The league's data now: members' bounds and what the simulation needs. */
export async function readRace(db: Executor, leagueId: number, now: number) {
  const league = await repo.findRaceLeague(db, leagueId);
  const [scoring, members, matches, bets, picks, personMatches, questions, kickoffs, finished, odds] = await Promise.all([
    loadLeagueScoring(db, leagueId), repo.listRaceMembers(db, leagueId), repo.listMatchesLeft(db, leagueId),
    repo.listRaceBets(db, leagueId), repo.listPickState(db, leagueId, league.competition_id),
    repo.listPersonMatchesLeft(db, leagueId, league.competition_id), repo.listOpenQuestions(db, leagueId),
    leaguePickKickoffsOf(db, leagueId), repo.listFinishedScores(db, league.competition_id),
    leagueOdds(db, leagueId, { unfinished: true }, now),
  ]);
  const inputs = raceInputs({
    now, ...scoring, league, members, matches, bets, picks, personMatches, questions, kickoffs, odds: new Map(odds.map((o) => [o.match_id, o])),
  });
  const bounds = raceBounds(members.map((m, i) => ({ user_id: m.user_id, points: m.points, max_points: inputs.maxPoints[i] })));
  // The bets it counts change only as deadlines pass, and the rest with the table's version.
  const version = `${league.table_version}:${inputs.validUntil}`;
  const simulation: RaceInput = {
    rules: scoring.rules, rates: fitGoalRates(finished), points: members.map((m) => m.points), contenders: bounds.map((b) => b.can_win),
    matches: inputs.simulated, seed: seedOf(`${leagueId}:${version}`),
  };
  return {
    version, tableVersion: league.table_version, validUntil: inputs.validUntil, members, bounds, matchesLeft: matches.length, simulation,
    ratedMatches: inputs.simulated.filter((m) => m.model).length, openMatches: inputs.simulated.filter((m) => m.open).length,
  };
}

async function simulate(data: RaceData): Promise<Chances> {
  const chance = await runSimulation(data.simulation);
  return { version: data.version, byUser: new Map(data.members.map((m, i) => [m.user_id, chance[i]])) };
}

/** Chances of another data version held to the bounds now. */
function heldTo(chances: Chances, bounds: RaceData['bounds']): Map<number, number> {
  const champion = bounds.find((b) => b.clinched);
  const raw = bounds.map((b) => (b.can_win ? chances.byUser.get(b.user_id) ?? 0 : 0));
  const sum = raw.reduce((a, b) => a + b, 0);
  const contenders = bounds.filter((b) => b.can_win).length;
  return new Map(bounds.map((b, i) => [b.user_id,
    champion ? Number(b === champion) : !b.can_win ? 0 : sum > 0 ? raw[i] / sum : 1 / contenders]));
}

function answer(data: RaceData, chances: Map<number, number>, current: boolean): Race {
  const members = data.bounds.map((b, i) => ({ ...b, user_name: data.members[i].user_name, chance: chances.get(b.user_id) ?? 0 }))
    .sort((a, b) => b.points - a.points || b.max_points - a.max_points || a.user_id - b.user_id);
  const { rates } = data.simulation;
  return {
    members, simulations: SIMULATED_FINISHES, matches_left: data.matchesLeft, chance_current: current,
    model: { home_goals: rates.home, away_goals: rates.away, finished_matches: rates.matches, rated_matches: data.ratedMatches, open_matches: data.openMatches },
  };
}

/** The race computed from the database now, chances included (the bench and the notices use it). */
export async function computeTitleRace(db: Executor, leagueId: number, now: number): Promise<{ race: Race; data: RaceData }> {
  const data = await readRace(db, leagueId, now);
  return { race: answer(data, (await simulate(data)).byUser, true), data };
}

export async function titleRace(deps: AppDeps, user: AuthUser, leagueId: number): Promise<Race> {
  const { db } = deps;
  await requireLeagueAccess(db, leagueId, user);
  const { table_version: tableVersion } = await repo.findRaceLeague(db, leagueId);
  const now = deps.clock.now();
  const races = deps.state.get(RACES);
  const entry = races.get(leagueId);
  if (entry?.race && entry.tableVersion === tableVersion && now < entry.validUntil) return entry.race;
  const data = await readRace(db, leagueId, now);
  const kept: Entry = entry ?? { version: data.version, tableVersion: data.tableVersion, validUntil: data.validUntil, race: null, chances: null, running: null };
  races.delete(leagueId);
  if (races.size >= CACHED_LEAGUES) races.delete(races.keys().next().value!);
  races.set(leagueId, kept);
  if (kept.chances?.version === data.version) {
    Object.assign(kept, { version: data.version, tableVersion: data.tableVersion, validUntil: data.validUntil, race: answer(data, kept.chances.byUser, true) });
    return kept.race!;
  }
  if (!kept.running) {
    kept.running = simulate(data).finally(() => { kept.running = null; });
    kept.running.then((chances) => { kept.chances = chances; }, (error: unknown) => deps.log.error({ err: error, leagueId }, 'title race simulation failed'));
  }
  // A first simulation is waited for; after that, readers get the last chances until the new ones are ready.
  const chances = kept.chances ?? await kept.running;
  if (chances.version === data.version) {
    Object.assign(kept, { version: data.version, tableVersion: data.tableVersion, validUntil: data.validUntil, race: answer(data, chances.byUser, true) });
    return kept.race!;
  }
  return answer(data, heldTo(chances, data.bounds), false);
}
