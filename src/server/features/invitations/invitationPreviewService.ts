import type { Static } from 'typebox';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors/errors';
import type { InvitationPreview } from '../../../shared/api/routes/invitationPreview';
import { effectivePoints, maxResultBetPoints } from '../../../shared/domain/scoring';
import { findPreviewByToken } from './invitationPreviewRepository';
import { scoringFromColumns } from '../../domain/scoring/leagueScoring';

/**
 * What an invitation link shows to whoever holds it, signed in or not. The token is the secret: an unknown one, or
 * one whose invitation was accepted, dismissed or withdrawn, or whose competition has finished, is one 404, so
 * guessing learns nothing.
 */
export async function invitationPreview(deps: AppDeps, token: string): Promise<Static<typeof InvitationPreview>> {
  const row = await findPreviewByToken(deps.db, token);
  if (!row) throw notFound('errors.invitation_not_found');
  const rules = { bets_system: row.bets_system, scoring: scoringFromColumns(row) };
  return {
    league: { id: row.league_id, name: row.league_name, competition_name: row.competition_name, members_count: Number(row.members_count ?? 0) },
    inviter_name: row.inviter_name,
    email: row.email,
    has_account: Boolean(Number(row.has_account)),
    rules: {
      bets_system: row.bets_system,
      best_bet_points: maxResultBetPoints(rules),
      winner_points: effectivePoints(rules).tendency,
      joker_count: row.joker_count, bet_deadline_minutes: row.bet_deadline_minutes,
    },
  };
}
