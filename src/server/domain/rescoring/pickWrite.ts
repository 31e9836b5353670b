import type { Executor } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { badRequest, notFound } from '../../platform/errors/errors';
import { refreshLeagueStandings } from './recompute';
import {
  assertMayWriteFor, assertWritable, loadPickContext, requireActiveRule, type PickContext, type PickKind,
} from '../picks/pickContext';
import { insertAudit, lockLeagueMember, type PickKey, type PickRuleRow } from '../picks/pickContextRepository';
import { lockStandings } from '../standings/standingsRefresh';
import { recomputePickPoints } from '../picks/pickScoring';
import { countPicks, deletePick, findPick, insertPick, setPickByBot, type PickTable } from '../picks/picksRepository';
import { byBotFlag, refuseForbiddenBot } from '../leagues/botRules';

/** Where each kind of pick lives (round_bets by team, person_bets by person) and its name in the audit log. */
const PICK_STORE: Record<PickKind, { table: PickTable; entity: string }> = {
  round: { table: 'round_bets', entity: 'round_bet' },
  person: { table: 'person_bets', entity: 'person_bet' },
};

export interface PickWriteInput { league_id: number; league_rule_id: number; user_id: number; mode?: number; itemId: number }

interface PickWriteResult { ctx: PickContext; rule: PickRuleRow; key: PickKey }

/**
 * Every writer of a member's picks in a league (a pick write, copy_bets) takes this lock first in its transaction,
 * then counts or replaces them: concurrent writers run one after the other, so none passes the pick limits (a row
 * lock on the membership on PostgreSQL; SQLite runs one transaction at a time). False when not a member.
 */
export function lockMemberPicks(trx: Executor, deps: AppDeps, leagueId: number, userId: number): Promise<boolean> {
  return lockLeagueMember(trx, deps.dialect, leagueId, userId);
}

/**
 * Fill (idempotent) or clear one pick. Checks, in order: league (404), caller (403), rule (404/400), league
 * state and deadline (400), the picked item (`checkItem`), then — under a lock on the member's row so
 * concurrent fills cannot pass the limit — the number of picks (400).
 */
export async function writePick(
  deps: AppDeps,
  viewer: AuthUser,
  input: PickWriteInput,
  kind: PickKind,
  action: 'fill' | 'clear',
  checkItem: (ctx: PickContext, rule: PickRuleRow, itemId: number) => Promise<void>,
): Promise<PickWriteResult> {
  const { table, entity } = PICK_STORE[kind];
  const ctx = await loadPickContext(deps, deps.db, input.league_id, viewer);
  assertMayWriteFor(ctx, input.user_id);
  await refuseForbiddenBot(deps.db, input.league_id, viewer);
  const rule = await requireActiveRule(deps.db, ctx, input.league_rule_id, kind);
  const key: PickKey = { leagueId: input.league_id, userId: input.user_id, ruleId: rule.id, mode: input.mode ?? 0 };
  assertWritable(ctx, rule, key.mode);
  if (action === 'fill') await checkItem(ctx, rule, input.itemId);

  const changed = await deps.db.transaction().execute(async (trx) => {
    if (!(await lockMemberPicks(trx, deps, key.leagueId, key.userId))) throw notFound('errors.user_not_found');
    const existing = await findPick(trx, table, key, input.itemId);
    let entityId: number | null = null;
    if (action === 'fill' && existing === undefined) {
      if ((await countPicks(trx, table, key)) >= rule.picks) throw badRequest('errors.too_many_picks');
      entityId = await insertPick(trx, table, key, input.itemId, ctx.now, byBotFlag(viewer));
    } else if (action === 'fill' && existing !== undefined) {
      await setPickByBot(trx, table, existing, byBotFlag(viewer));
    } else if (action === 'clear' && existing !== undefined) {
      await deletePick(trx, table, existing);
      entityId = existing;
    }
    if (entityId === null) return false;
    if (key.userId !== viewer.id) {
      await insertAudit(trx, {
        actor_id: viewer.id, action: `${action}_${entity}`, entity, entity_id: entityId,
        details: { ...input, mode: key.mode }, now: ctx.now,
      });
    }
    return true;
  });
  // An admin may write after the round is decided: score the league's picks and standings at once. Done after
  // the pick's transaction so the member-row lock is never held while every member's standing is rewritten.
  if (changed && viewer.is_admin && key.mode === 0) {
    await deps.db.transaction().execute(async (trx) => {
      // The standings first, as a result job's batch holds them before it rescores the league's picks.
      await lockStandings(trx, { competitionId: ctx.league.competition_id, leagueId: key.leagueId });
      await recomputePickPoints(trx, ctx.league.competition_id, key.leagueId);
      await refreshLeagueStandings(trx, key.leagueId);
    });
  }
  return { ctx, rule, key };
}
