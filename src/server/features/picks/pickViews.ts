import type { Executor } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { forbidden, notFound } from '../../platform/errors/errors';
import {
  iso, isRuleActive, loadPickContext, pickState, readTarget, type PickContext, type PickKind, type PickState,
} from '../../domain/picks/pickContext';
import { findPickRule, listPickRules, type PickRuleRow } from '../../domain/picks/pickContextRepository';
import { writePick, type PickWriteInput } from '../../domain/rescoring/pickWrite';
import { botMarkShown } from '../../domain/leagues/botRules';

/** The columns a round pick row and a person pick row share. */
export interface PickRowBase {
  id: number; league_id: number; league_rule_id: number; user_id: number; user_name: string; mode: number; points: number | null;
  /** Saved with a personal API token. */
  by_bot: number;
}

export interface PickListFilter { leagueId: number; ruleIds: number[]; mode: number; userId?: number }

/** How one kind of pick (round or person) is read and shown; the rules around it are the same for both. */
export interface PickKindView<R extends PickRowBase, B> {
  kind: PickKind;
  list(db: Executor, filter: PickListFilter): Promise<R[]>;
  find(db: Executor, id: number): Promise<R | undefined>;
  toBet(ctx: PickContext, rule: PickRuleRow, row: R): B;
}

/** The viewer sees their own picks, and other members' once the rule's deadline has passed. */
const isShown = (ctx: PickContext, row: PickRowBase, state: PickState): boolean =>
  row.user_id === ctx.viewer.id || state.allow_show_bets;

/**
 * A pick as the viewer may see it: what was picked and its points stay hidden from other members until the
 * rule's deadline. `item` gives the kind's own fields, told whether they may be shown.
 */
export function toPickBet<I extends object>(
  ctx: PickContext, rule: PickRuleRow, row: PickRowBase, item: (visible: boolean) => I,
) {
  const state = pickState(ctx, rule, row.user_id, row.mode);
  const visible = isShown(ctx, row, state);
  return {
    id: row.id, league_id: row.league_id, league_rule_id: row.league_rule_id,
    user_id: row.user_id, user_name: row.user_name, mode: row.mode,
    allow_show_bets: state.allow_show_bets, allow_edit_bets: state.allow_edit_bets, points: visible ? row.points : null,
    bot: row.mode === 0 && botMarkShown({ by_bot: row.by_bot, bots: ctx.league.bots }, state.allow_show_bets),
    ...item(visible),
  };
}

/** One member's picks of one rule: how many are made, whether the viewer may still change them, the deadline. */
function rulePicks<R extends PickRowBase, B>(
  view: PickKindView<R, B>, ctx: PickContext, rule: PickRuleRow, userId: number, mode: number, rows: R[],
) {
  const state = pickState(ctx, rule, userId, mode);
  const bets = rows.filter((r) => r.league_rule_id === rule.id).map((r) => view.toBet(ctx, rule, r));
  return {
    league_rule: rule, user_id: userId, mode, picks_made: bets.length,
    allow_edit_bets: state.allow_edit_bets, allow_show_bets: state.allow_show_bets, deadline: iso(state.deadline), bets,
  };
}

/** A member's picks (default: the caller's) for every rule of this kind played in the league. */
export async function pickIndex<R extends PickRowBase, B>(
  deps: AppDeps, viewer: AuthUser, leagueId: number, query: { user_id?: number; mode?: number }, view: PickKindView<R, B>,
) {
  const ctx = await loadPickContext(deps, deps.db, leagueId, viewer);
  const mode = query.mode ?? 0;
  const userId = readTarget(ctx, query.user_id, mode);
  const rules = (await listPickRules(deps.db, ctx.league.competition_id)).filter((r) => isRuleActive(ctx, r, view.kind));
  const rows = await view.list(deps.db, { leagueId, ruleIds: rules.map((r) => r.id), mode, userId });
  return rules.map((rule) => rulePicks(view, ctx, rule, userId, mode, rows));
}

/**
 * Fills or clears one pick (see `writePick`) and answers the member's picks of that rule. A simulation (mode 1)
 * is written by its owner only, global admins included: the answer would show someone else's simulation.
 */
export async function writeAndShowPick<R extends PickRowBase, B>(
  deps: AppDeps, viewer: AuthUser, input: PickWriteInput, action: 'fill' | 'clear', view: PickKindView<R, B>,
  checkItem: Parameters<typeof writePick>[5],
) {
  if (input.mode === 1 && input.user_id !== viewer.id) throw forbidden();
  const { ctx, rule, key } = await writePick(deps, viewer, input, view.kind, action, checkItem);
  const rows = await view.list(deps.db, { leagueId: key.leagueId, ruleIds: [rule.id], mode: key.mode, userId: key.userId });
  return rulePicks(view, ctx, rule, key.userId, key.mode, rows);
}

/**
 * The pick a points-info call names, with its league and rule: 404 when it does not exist or is another
 * member's simulation, 403 while it is hidden from the caller.
 */
export async function loadShownPick<R extends PickRowBase, B>(deps: AppDeps, viewer: AuthUser, betId: number, view: PickKindView<R, B>) {
  const row = await view.find(deps.db, betId);
  if (!row) throw notFound('errors.bet_not_found');
  const ctx = await loadPickContext(deps, deps.db, row.league_id, viewer);
  const rule = await findPickRule(deps.db, row.league_rule_id);
  if (!rule) throw notFound('errors.bet_not_found');
  if (row.mode === 1 && row.user_id !== viewer.id) throw notFound('errors.bet_not_found');
  if (!isShown(ctx, row, pickState(ctx, rule, row.user_id, row.mode))) throw forbidden('errors.bets_hidden');
  return { row, ctx, rule };
}
