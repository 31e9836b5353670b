import type { PersonBet, PersonRulePicks } from '../../../shared/api/routes/personBets';
import type { PickPointsInfo } from '../../../shared/api/routes/picksCommon';
import { PERSON_POINTS } from '../../../shared/domain/scoring';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { notFound } from '../../platform/errors/errors';
import type { Translate } from '../../platform/i18n/messages';
import { loadPickContext, requireActiveRule } from '../../domain/picks/pickContext';
import { loadShownPick, pickIndex, toPickBet, writeAndShowPick, type PickKindView } from './pickViews';
import { findPersonBet, listPersonBets, personExists, personGoals, type PersonBetRow } from './personBetsRepository';

const personView: PickKindView<PersonBetRow, PersonBet> = {
  kind: 'person',
  list: listPersonBets,
  find: findPersonBet,
  toBet: (ctx, rule, row) => toPickBet(ctx, rule, row, (visible) => ({
    person_id: visible ? row.person_id : null, person: visible ? { id: row.person_id, name: row.person_name } : null,
  })),
};

export const personBetsIndex = (
  deps: AppDeps, viewer: AuthUser, leagueId: number, query: { user_id?: number; mode?: number },
): Promise<PersonRulePicks[]> => pickIndex(deps, viewer, leagueId, query, personView);

export async function personBetsOfRule(deps: AppDeps, viewer: AuthUser, leagueId: number, ruleId: number): Promise<PersonBet[]> {
  const ctx = await loadPickContext(deps, deps.db, leagueId, viewer);
  const rule = await requireActiveRule(deps.db, ctx, ruleId, 'person');
  const rows = await listPersonBets(deps.db, { leagueId, ruleIds: [rule.id], mode: 0 });
  return rows.map((r) => personView.toBet(ctx, rule, r));
}

type WriteBody = { league_id: number; league_rule_id: number; person_id: number; user_id: number; mode?: number };

function writePersonPick(deps: AppDeps, viewer: AuthUser, body: WriteBody, action: 'fill' | 'clear'): Promise<PersonRulePicks> {
  return writeAndShowPick(deps, viewer, { ...body, itemId: body.person_id }, action, personView, async (_c, _r, personId) => {
    if (!(await personExists(deps.db, personId))) throw notFound('errors.person_not_found');
  });
}

export const fillPersonBet = (deps: AppDeps, viewer: AuthUser, body: WriteBody) => writePersonPick(deps, viewer, body, 'fill');
export const clearPersonBet = (deps: AppDeps, viewer: AuthUser, body: WriteBody) => writePersonPick(deps, viewer, body, 'clear');

/** Two legend rows: goals so far, and the top-scorer bonus (given once the competition is finished). */
export async function personPointsInfo(deps: AppDeps, viewer: AuthUser, betId: number, t: Translate): Promise<PickPointsInfo> {
  const { row, ctx } = await loadShownPick(deps, viewer, betId, personView);
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
