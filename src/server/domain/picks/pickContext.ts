import { isBeforeDeadline, pickDeadline, type CompetitionKickoffs } from '../../../shared/domain/deadlines';
import { ROUND } from '../../../shared/domain/rounds';
import type { Executor } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { badRequest, forbidden, notFound } from '../../platform/errors/errors';
import { leaguePickKickoffs } from './pickAnchors';
import { findPickLeague, findPickRule, isLeagueMember, type PickLeagueRow, type PickRuleRow } from './pickContextRepository';

/** The facts every pick call decides with: the league, its competition's kickoffs and the server's clock. */
export interface PickContext {
  league: PickLeagueRow;
  finished: boolean;
  kickoffs: CompetitionKickoffs;
  now: number;
  viewer: AuthUser;
  viewerIsMember: boolean;
}

export type PickKind = 'round' | 'person';

export const pickKindOf = (rule: Pick<PickRuleRow, 'round_id'>): PickKind => (rule.round_id === ROUND.TOP_SCORER ? 'person' : 'round');

/** Loads the league for a pick call; only its members and global admins get further (404, then 403). */
export async function loadPickContext(deps: AppDeps, db: Executor, leagueId: number, viewer: AuthUser): Promise<PickContext> {
  const league = await findPickLeague(db, leagueId);
  if (!league) throw notFound('errors.league_not_found');
  const viewerIsMember = await isLeagueMember(db, leagueId, viewer.id);
  if (!viewerIsMember && !viewer.is_admin) throw forbidden();
  const kickoffs = await leaguePickKickoffs(db, league);
  return {
    league,
    finished: league.competition_finished === 1,
    kickoffs,
    now: deps.clock.now(),
    viewer,
    viewerIsMember,
  };
}

export const isRuleActive = (ctx: PickContext, rule: PickRuleRow, kind: PickKind): boolean =>
  rule.competition_id === ctx.league.competition_id
  && pickKindOf(rule) === kind
  && (kind === 'person' ? ctx.league.person_bets_enabled === 1 : ctx.league.round_bets_enabled === 1);

/** The rule a write or read names: it must exist (404) and be played in this league (400). */
export async function requireActiveRule(db: Executor, ctx: PickContext, ruleId: number, kind: PickKind): Promise<PickRuleRow> {
  const rule = await findPickRule(db, ruleId);
  if (!rule) throw notFound('errors.league_rule_not_found');
  if (!isRuleActive(ctx, rule, kind)) throw badRequest('errors.pick_rule_inactive');
  return rule;
}

export const ruleDeadline = (ctx: PickContext, rule: Pick<PickRuleRow, 'round_id'>): number | null => pickDeadline(rule.round_id, ctx.kickoffs);

export interface PickState { deadline: number | null; allow_show_bets: boolean; allow_edit_bets: boolean }

/**
 * Who sees and who edits one member's picks of a rule: others see them once the deadline has passed; the owner edits
 * real picks before the deadline, simulated ones (mode 1) at any time, and nothing once the league is finished.
 */
export function pickState(ctx: PickContext, rule: Pick<PickRuleRow, 'round_id'>, ownerId: number, mode: number): PickState {
  const deadline = ruleDeadline(ctx, rule);
  const open = mode === 1 || isBeforeDeadline(ctx.now, deadline);
  return {
    deadline,
    allow_show_bets: deadline !== null && ctx.now >= deadline,
    allow_edit_bets: ownerId === ctx.viewer.id && !ctx.finished && open,
  };
}

/** Whose picks a read is about: the caller by default; a simulation (mode 1) is private to its owner. */
export function readTarget(ctx: PickContext, userId: number | undefined, mode: number): number {
  const target = userId ?? ctx.viewer.id;
  if (mode === 1 && target !== ctx.viewer.id) throw forbidden();
  return target;
}

/** A member writes their own picks; a global admin may write anyone's. */
export function assertMayWriteFor(ctx: PickContext, userId: number): void {
  if (userId !== ctx.viewer.id && !ctx.viewer.is_admin) throw forbidden();
}

/** Checks a real or simulated write against the league's state; global admins correct at any time. */
export function assertWritable(ctx: PickContext, rule: PickRuleRow, mode: number): void {
  if (ctx.viewer.is_admin) return;
  if (ctx.finished) throw badRequest('errors.league_finished');
  if (mode === 0 && !isBeforeDeadline(ctx.now, ruleDeadline(ctx, rule))) throw badRequest('errors.deadline_passed');
}

export const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
