import type { PersonBet, PersonRulePicks } from '../../../shared/api/routes/personBets';
import type { PickPointsInfo } from '../../../shared/api/routes/roundBets';
import { PERSON_POINTS } from '../../../shared/domain/scoring';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import type { Translate } from '../../i18n/messages';
import { iso, isRuleActive, loadPickContext, pickState, readTarget, requireActiveRule, type PickContext } from './pickContext';
import { findPickRule, listPickRules, type PickRuleRow } from './pickContextRepository';
import { writePick } from './pickWrite';
import {
  findPersonBet, listPersonBets, personExists,
  personGoals, type PersonBetRow,
} from './personBetsRepository';

/** A pick as the viewer may see it: the person stays hidden from others until the deadline. */
function toPersonBet(ctx: PickContext, rule: PickRuleRow, row: PersonBetRow): PersonBet {
  const state = pickState(ctx, rule, row.user_id, row.mode);
  const visible = row.user_id === ctx.viewer.id || state.allow_show_bets;
  return {
    id: row.id, league_id: row.league_id, league_rule_id: row.league_rule_id,
    person_id: visible ? row.person_id : null, person: visible ? { id: row.person_id, name: row.person_name } : null,
    user_id: row.user_id, user_name: row.user_name, mode: row.mode,
    allow_show_bets: state.allow_show_bets, allow_edit_bets: state.allow_edit_bets, points: visible ? row.points : null,
  };
}

function rulePicks(ctx: PickContext, rule: PickRuleRow, userId: number, mode: number, rows: PersonBetRow[]): PersonRulePicks {
  const state = pickState(ctx, rule, userId, mode);
  const bets = rows.filter((r) => r.league_rule_id === rule.id).map((r) => toPersonBet(ctx, rule, r));
  return {
    league_rule: rule, user_id: userId, mode, picks_made: bets.length,
    allow_edit_bets: state.allow_edit_bets, allow_show_bets: state.allow_show_bets, deadline: iso(state.deadline), bets,
  };
}

export async function personBetsIndex(
  deps: AppDeps, viewer: AuthUser, leagueId: number, query: { user_id?: number; mode?: number },
): Promise<PersonRulePicks[]> {
  const ctx = await loadPickContext(deps, deps.db, leagueId, viewer);
  const mode = query.mode ?? 0;
  const userId = readTarget(ctx, query.user_id, mode);
  const rules = (await listPickRules(deps.db, ctx.league.competition_id)).filter((r) => isRuleActive(ctx, r, 'person'));
  const rows = await listPersonBets(deps.db, { leagueId, ruleIds: rules.map((r) => r.id), mode, userId });
  return rules.map((rule) => rulePicks(ctx, rule, userId, mode, rows));
}

export async function personBetsOfRule(deps: AppDeps, viewer: AuthUser, leagueId: number, ruleId: number): Promise<PersonBet[]> {
  const ctx = await loadPickContext(deps, deps.db, leagueId, viewer);
  const rule = await requireActiveRule(deps.db, ctx, ruleId, 'person');
  const rows = await listPersonBets(deps.db, { leagueId, ruleIds: [rule.id], mode: 0 });
  return rows.map((r) => toPersonBet(ctx, rule, r));
}

type WriteBody = { league_id: number; league_rule_id: number; person_id: number; user_id: number; mode?: number };

async function writePersonPick(deps: AppDeps, viewer: AuthUser, body: WriteBody, action: 'fill' | 'clear'): Promise<PersonRulePicks> {
  const { ctx, rule, key } = await writePick(
    deps, viewer, { ...body, itemId: body.person_id }, 'person', action,
    async (_c, _r, personId) => {
      if (!(await personExists(deps.db, personId))) throw notFound('errors.person_not_found');
    },
  );
  const rows = await listPersonBets(deps.db, { leagueId: key.leagueId, ruleIds: [rule.id], mode: key.mode, userId: key.userId });
  return rulePicks(ctx, rule, key.userId, key.mode, rows);
}

export const fillPersonBet = (deps: AppDeps, viewer: AuthUser, body: WriteBody) => writePersonPick(deps, viewer, body, 'fill');
export const clearPersonBet = (deps: AppDeps, viewer: AuthUser, body: WriteBody) => writePersonPick(deps, viewer, body, 'clear');

/** Two legend rows: goals so far, and the top-scorer bonus (given once the competition is finished). */
export async function personPointsInfo(deps: AppDeps, viewer: AuthUser, betId: number, t: Translate): Promise<PickPointsInfo> {
  const row = await findPersonBet(deps.db, betId);
  if (!row) throw notFound('errors.bet_not_found');
  const ctx = await loadPickContext(deps, deps.db, row.league_id, viewer);
  const rule = await findPickRule(deps.db, row.league_rule_id);
  if (!rule) throw notFound('errors.bet_not_found');
  if (row.mode === 1 && row.user_id !== viewer.id) throw notFound('errors.bet_not_found');
  if (toPersonBet(ctx, rule, row).person_id === null) throw forbidden('errors.bets_hidden');
  const goalPoints = row.points === null ? 0 : (await personGoals(deps.db, ctx.league.competition_id, row.person_id)) * PERSON_POINTS.per_goal;
  const bonus = row.points === null ? 0 : Math.max(0, row.points - goalPoints);
  return {
    max_points: goalPoints + PERSON_POINTS.top_scorer_bonus,
    legend: [
      { description: t('points.pick_person_goals', { person: row.person_name }), points: goalPoints, max_points: goalPoints },
      { description: t('points.pick_top_scorer', { person: row.person_name }), points: bonus, max_points: PERSON_POINTS.top_scorer_bonus },
    ],
  };
}
