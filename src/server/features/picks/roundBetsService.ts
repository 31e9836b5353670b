import type { PickPointsInfo } from '../../../shared/api/routes/picksCommon';
import type { RoundBet, RoundRulePicks, TeamPickCount } from '../../../shared/api/routes/roundBets';
import { localTeamName } from '../../../shared/domain/localNames';
import { ROUND } from '../../../shared/domain/rounds';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { badRequest } from '../../platform/errors/errors';
import type { Translate } from '../../platform/i18n/messages';
import { eligibleTeamIdsOf } from './eligibility';
import { isRuleActive, loadPickContext, pickState, requireActiveRule, type PickContext } from '../../domain/picks/pickContext';
import { findRuleOfRound, type PickRuleRow } from '../../domain/picks/pickContextRepository';
import { loadShownPick, pickIndex, toPickBet, writeAndShowPick, type PickKindView } from './pickViews';
import { findRoundBet, listRoundBets, teamPickCounts, type RoundBetRow } from './roundBetsRepository';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/domain/locales';

const roundView: PickKindView<RoundBetRow, RoundBet> = {
  kind: 'round',
  list: listRoundBets,
  find: findRoundBet,
  toBet: (ctx, rule, row) => toPickBet(ctx, rule, row, (visible) => ({
    round_id: row.round_id, team_id: visible ? row.team_id : null,
  })),
};

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
  return rows.map((r) => roundView.toBet(ctx, rule, r));
}

export const roundBetsIndex = (
  deps: AppDeps, viewer: AuthUser, leagueId: number, query: { user_id?: number; mode?: number },
): Promise<RoundRulePicks[]> => pickIndex(deps, viewer, leagueId, query, roundView);

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

function writeRoundPick(deps: AppDeps, viewer: AuthUser, body: WriteBody, action: 'fill' | 'clear'): Promise<RoundRulePicks> {
  return writeAndShowPick(deps, viewer, { ...body, itemId: body.team_id }, action, roundView, async (c, r, teamId) => {
    const eligible = await eligibleTeamIdsOf(deps.db, c.league.competition_id, r.round_id);
    if (!eligible.includes(teamId)) throw badRequest('errors.team_not_eligible');
  });
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
export async function roundPointsInfo(deps: AppDeps, viewer: AuthUser, betId: number, t: Translate, locale: Locale = DEFAULT_LOCALE): Promise<PickPointsInfo> {
  const { row, rule } = await loadShownPick(deps, viewer, betId, roundView);
  const key = LEGEND_KEY[rule.round_id as keyof typeof LEGEND_KEY] ?? 'points.pick_round';
  const description = t(key, { team: localTeamName(row.team_name, locale), count: rule.picks });
  return {
    max_points: rule.points_per_hit,
    legend: [{ description, points: row.points ?? 0, max_points: rule.points_per_hit }],
  };
}
