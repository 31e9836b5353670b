import type { PickPointsInfo, RoundBet, RoundRulePicks, TeamPickCount } from '../../../shared/api/routes/roundBets';
import { ROUND } from '../../../shared/domain/rounds';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../http/context';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { Translate } from '../../i18n/messages';
import { eligibleTeamIdsOf } from './eligibility';
import {
  iso, isRuleActive, loadPickContext, pickState, readTarget, requireActiveRule, type PickContext,
} from './pickContext';
import { findPickRule, findRuleOfRound, listPickRules, type PickRuleRow } from './pickContextRepository';
import { writePick } from './pickWrite';
import {
  findRoundBet, listRoundBets, teamPickCounts,
  type RoundBetRow,
} from './roundBetsRepository';

/** A pick as the viewer may see it: the team stays hidden from others until the deadline. */
function toRoundBet(ctx: PickContext, rule: PickRuleRow, row: RoundBetRow): RoundBet {
  const state = pickState(ctx, rule, row.user_id, row.mode);
  const visible = row.user_id === ctx.viewer.id || state.allow_show_bets;
  return {
    id: row.id, league_id: row.league_id, league_rule_id: row.league_rule_id, round_id: row.round_id,
    team_id: visible ? row.team_id : null, user_id: row.user_id, user_name: row.user_name, mode: row.mode,
    allow_show_bets: state.allow_show_bets, allow_edit_bets: state.allow_edit_bets, points: visible ? row.points : null,
  };
}

function rulePicks(ctx: PickContext, rule: PickRuleRow, userId: number, mode: number, rows: RoundBetRow[]): RoundRulePicks {
  const state = pickState(ctx, rule, userId, mode);
  const bets = rows.filter((r) => r.league_rule_id === rule.id).map((r) => toRoundBet(ctx, rule, r));
  return {
    league_rule: rule, user_id: userId, mode, picks_made: bets.length,
    allow_edit_bets: state.allow_edit_bets, allow_show_bets: state.allow_show_bets, deadline: iso(state.deadline), bets,
  };
}

/** The league's rule for a round, when round picks are played in this league. */
async function activeRuleOfRound(deps: AppDeps, ctx: PickContext, roundId: number): Promise<PickRuleRow | undefined> {
  const rule = await findRuleOfRound(deps.db, ctx.league.competition_id, roundId);
  return rule && isRuleActive(ctx, rule, 'round') ? rule : undefined;
}

export async function roundBetsOfRound(deps: AppDeps, viewer: AuthUser, leagueId: number, roundId: number): Promise<RoundBet[]> {
  const ctx = await loadPickContext(deps, deps.db, leagueId, viewer);
  const rule = await activeRuleOfRound(deps, ctx, roundId);
  if (!rule) return [];
  const rows = await listRoundBets(deps.db, { leagueId, ruleIds: [rule.id], mode: 0 });
  return rows.map((r) => toRoundBet(ctx, rule, r));
}

export async function roundBetsIndex(
  deps: AppDeps, viewer: AuthUser, leagueId: number, query: { user_id?: number; mode?: number },
): Promise<RoundRulePicks[]> {
  const ctx = await loadPickContext(deps, deps.db, leagueId, viewer);
  const mode = query.mode ?? 0;
  const userId = readTarget(ctx, query.user_id, mode);
  const rules = (await listPickRules(deps.db, ctx.league.competition_id)).filter((r) => isRuleActive(ctx, r, 'round'));
  const rows = await listRoundBets(deps.db, { leagueId, ruleIds: rules.map((r) => r.id), mode, userId });
  return rules.map((rule) => rulePicks(ctx, rule, userId, mode, rows));
}

export async function teamsNextRoundByUser(deps: AppDeps, viewer: AuthUser, leagueId: number, roundId: number): Promise<TeamPickCount[]> {
  const ctx = await loadPickContext(deps, deps.db, leagueId, viewer);
  const rule = await activeRuleOfRound(deps, ctx, roundId);
  // The chart shares out picks only once they are visible to everyone.
  if (!rule || !pickState(ctx, rule, ctx.viewer.id, 0).allow_show_bets) return [];
  return teamPickCounts(deps.db, leagueId, rule.id);
}

export async function elegibleTeamIds(deps: AppDeps, viewer: AuthUser, leagueId: number, ruleId: number): Promise<number[]> {
  const ctx = await loadPickContext(deps, deps.db, leagueId, viewer);
  const rule = await requireActiveRule(deps.db, ctx, ruleId, 'round');
  return eligibleTeamIdsOf(deps.db, ctx.league.competition_id, rule.round_id);
}

type WriteBody = { league_id: number; league_rule_id: number; team_id: number; user_id: number; mode?: number };

async function writeRoundPick(deps: AppDeps, viewer: AuthUser, body: WriteBody, action: 'fill' | 'clear'): Promise<RoundRulePicks> {
  const { ctx, rule, key } = await writePick(
    deps, viewer, { ...body, itemId: body.team_id }, 'round', action,
    async (c, r, teamId) => {
      const eligible = await eligibleTeamIdsOf(deps.db, c.league.competition_id, r.round_id);
      if (!eligible.includes(teamId)) throw badRequest('errors.team_not_eligible');
    },
  );
  const rows = await listRoundBets(deps.db, { leagueId: key.leagueId, ruleIds: [rule.id], mode: key.mode, userId: key.userId });
  return rulePicks(ctx, rule, key.userId, key.mode, rows);
}

export const fillRoundBet = (deps: AppDeps, viewer: AuthUser, body: WriteBody) => writeRoundPick(deps, viewer, body, 'fill');
export const clearRoundBet = (deps: AppDeps, viewer: AuthUser, body: WriteBody) => writeRoundPick(deps, viewer, body, 'clear');

const LEGEND_KEY = {
  [ROUND.CHAMPION]: 'points.pick_champion',
  [ROUND.LEAGUE_CHAMPION]: 'points.pick_league_champion',
  [ROUND.EUROPEAN_PLACES]: 'points.pick_european_places',
  [ROUND.RELEGATION]: 'points.pick_relegation',
} as const;

/** One legend row: the rule's condition, the points it gave (0 until decided) out of points_per_hit. */
export async function roundPointsInfo(deps: AppDeps, viewer: AuthUser, betId: number, t: Translate): Promise<PickPointsInfo> {
  const row = await findRoundBet(deps.db, betId);
  if (!row) throw notFound('errors.bet_not_found');
  const ctx = await loadPickContext(deps, deps.db, row.league_id, viewer);
  const rule = await findPickRule(deps.db, row.league_rule_id);
  if (!rule) throw notFound('errors.bet_not_found');
  const bet = toRoundBet(ctx, rule, row);
  if (row.mode === 1 && row.user_id !== viewer.id) throw notFound('errors.bet_not_found');
  if (bet.team_id === null) throw forbidden('errors.bets_hidden');
  const key = LEGEND_KEY[rule.round_id as keyof typeof LEGEND_KEY] ?? 'points.pick_round';
  const description = t(key, { team: row.team_name, count: rule.picks });
  return {
    max_points: rule.points_per_hit,
    legend: [{ description, points: row.points ?? 0, max_points: rule.points_per_hit }],
  };
}
