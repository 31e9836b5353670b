import { MAX_GOALS, PERSON_POINTS, roundFactor, type BetWeights, type ScoringRules } from '../../../shared/domain/scoring';
import { pickDeadline, type CompetitionKickoffs } from '../../../shared/domain/deadlines';
import { openMatchesMax } from '../../../shared/domain/titleRace/bounds';
import { bestPlacedBetPoints, maxBetPoints } from '../../../shared/domain/titleRace/maxBetPoints';
import type { SimulatedMatch } from '../../../shared/domain/titleRace/simulation';
import { goalRates, oddsForBasis } from '../../../shared/domain/fairOdds/outcomeModel';
import type { LeagueMatchOdds } from '../../domain/fairOdds/leagueOdds';
import { OUTCOME_MODEL } from '../../domain/fairOdds/teamSeeds';
import type * as repo from './titleRaceRepository';

/**
 * From the league's rows to the race's inputs: each member's maximum and the matches the simulation draws.
 * - A match past its deadline and unfinished: the member's bet at best (exact), nothing without a bet.
 * - A match still open: the most a bet can earn there, a member's jokers left going to the open matches where
 *   they are worth most (a joker placed on an open bet can still move, so only jokers on closed bets are spent).
 * - A pick not yet scored: its rule's points per hit; unpicked places while the rule is still open count too.
 * - A top-scorer pick until the competition ends: MAX_GOALS goals a match in every match left to the player's team,
 *   plus the top scorer's bonus. While the rule is open its picks are hidden: every place counts at its most then
 *   (a pick on any team), made or not.
 * - A bonus question not yet resolved: its points, for members who answered it or still may.
 * A match whose teams the rating model knows is drawn from the model's chances; in a league scored by the odds, its
 * bets score by the chances sealed at the deadline (and their bound is the bet's own outcome at that chance).
 * A match still open is simulated with every contender's bet modeled (it counts at its most in max_points).
 */

type Rows<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
interface RaceRows {
  now: number;
  rules: ScoringRules;
  weights: BetWeights;
  league: Rows<typeof repo.findRaceLeague>;
  members: Rows<typeof repo.listRaceMembers>;
  matches: Rows<typeof repo.listMatchesLeft>;
  bets: Rows<typeof repo.listRaceBets>;
  picks: Rows<typeof repo.listPickState>;
  personMatches: Rows<typeof repo.listPersonMatchesLeft>;
  questions: Rows<typeof repo.listOpenQuestions>;
  kickoffs: CompetitionKickoffs | null;
  /** The model's chances of the unfinished matches with both teams known, by match id. */
  odds: Map<number, LeagueMatchOdds>;
}

interface RaceInputs {
  maxPoints: number[];
  simulated: SimulatedMatch[];
  /** The earliest deadline still to pass: what a member may still do changes then. */
  validUntil: number;
}

export function raceInputs(rows: RaceRows): RaceInputs {
  const { now, rules, weights, members } = rows;
  const index = new Map(members.map((m, i) => [m.user_id, i]));
  const max = members.map((m) => m.points);
  const jokers = weights.jokers.count > 0 ? weights.jokers : null;
  const matchById = new Map(rows.matches.map((m) => [m.id, m]));
  const factorOf = (roundId: number) => roundFactor(weights.round_multipliers, roundId);
  let validUntil = Infinity;
  const later = (deadline: number | null) => { if (deadline !== null && deadline > now) validUntil = Math.min(validUntil, deadline); };

  const spentJokers = members.map(() => 0);
  const simulated = new Map(rows.matches.map((m) => {
    const model = rows.odds.get(m.id);
    const chances = model ? oddsForBasis(model.odds, rules.knockout_basis, m.round_id) : null;
    // Nobody's bet on an open match is shown: every contender's is modeled, scored (odds scoring) by the chances
    // the deadline will seal, the model's now.
    const open = m.deadline > now ? { factor: factorOf(m.round_id), odds: chances } : null;
    return [m.id, {
      round_id: m.round_id, bets: [] as SimulatedMatch['bets'][number][], odds: model?.sealed ? chances : null, open,
      model: model ? { chances: model.odds, rates: goalRates(OUTCOME_MODEL, model.gap) } : null,
    }];
  }));
  for (const bet of rows.bets) {
    const member = index.get(bet.user_id);
    if (member === undefined) continue;
    if (bet.joker && bet.deadline <= now) spentJokers[member] += 1;
    const match = matchById.get(bet.match_id);
    if (bet.finished || !match || bet.local_goals === null || bet.visiting_goals === null) continue;
    // A bet counts once its deadline has passed: before, it is hidden from the others, and a chance that moved
    // with it would tell them about it. On an open match every contender's bet is modeled instead.
    if (match.deadline > now) continue;
    const weight = factorOf(match.round_id) * (bet.joker && jokers ? jokers.multiplier : 1);
    const placed = { member, local_goals: bet.local_goals, visiting_goals: bet.visiting_goals, weight };
    const race = simulated.get(match.id)!;
    race.bets.push(placed);
    max[member] += bestPlacedBetPoints(rules, placed, match.round_id, weight, race.odds);
  }
  const open = rows.matches.filter((m) => m.deadline > now);
  open.forEach((m) => later(m.deadline));
  const openBest = open.map((m) => maxBetPoints(rules, factorOf(m.round_id), 1));
  members.forEach((_, i) => {
    const left = jokers ? Math.max(0, jokers.count - spentJokers[i]) : 0;
    max[i] += openMatchesMax(openBest, left, jokers?.multiplier ?? 1);
  });

  addPicks(rows, index, max, later);
  for (const q of rows.questions.questions) {
    later(q.deadline);
    members.forEach((m, i) => { if (now < q.deadline || rows.questions.answered.has(`${q.id}:${m.user_id}`)) max[i] += q.points; });
  }
  return { maxPoints: max, simulated: [...simulated.values()], validUntil };
}

function addPicks(rows: RaceRows, index: Map<number, number>, max: number[], later: (deadline: number | null) => void): void {
  const { league, picks, now } = rows;
  const personOpen = league.person_bets_enabled === 1 && league.competition_finished !== 1;
  const personMax = (matches: number) => matches * MAX_GOALS * PERSON_POINTS.per_goal + PERSON_POINTS.top_scorer_bonus;
  let personPicksHidden = false;
  for (const rule of picks.rules) {
    if (rule.person ? !personOpen : league.round_bets_enabled !== 1) continue;
    const deadline = rows.kickoffs ? pickDeadline(rule.round_id, rows.kickoffs) : null;
    later(deadline);
    const stillOpen = deadline !== null && now < deadline;
    const picked = new Map(picks.picks.filter((p) => p.rule_id === rule.id).map((p) => [p.user_id, p]));
    if (rule.person && stillOpen) {
      // The picks are hidden until the rule's deadline: every place counts as a pick on any team, made or not, so
      // max_points tells nobody how many a member has made nor on whom.
      personPicksHidden = true;
      max.forEach((_, i) => { max[i] += rule.picks * personMax(Number(league.unfinished_matches ?? 0)); });
      continue;
    }
    rows.members.forEach((m, i) => {
      const own = picked.get(m.user_id);
      const free = stillOpen ? Math.max(0, rule.picks - (own?.picked ?? 0)) : 0;
      if (!rule.person) max[i] += rule.points_per_hit * ((own?.unscored ?? 0) + free);
    });
  }
  if (!personOpen || personPicksHidden) return;
  for (const p of rows.personMatches) {
    const i = index.get(p.user_id);
    if (i !== undefined) max[i] += personMax(p.matches);
  }
}
