import { randomBytes } from 'node:crypto';
import type { Locale } from '../../../shared/api/route';
import type { Executor } from '../../db/database';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../http/context';
import { conflict, forbidden, invalidField, notFound } from '../../http/errors';
import { translate } from '../../i18n/messages';
import { loadLeagueAccess, requireMemberOrAdmin, requireWritable } from '../leagues/leagueAccess';
import { asInvitee } from '../leagues/membershipService';
import { isMemberByEmail } from '../leagues/membersRepository';
import {
  findInvitation, hasPendingInvitation, insertInvitation, pendingForInvitee, pendingOfLeague, setStatus,
} from './invitationsRepository';
import { deleteInvitationMessages, insertMessage, markInvitationMessagesRead, messagesOf } from './messagesRepository';

const iso = (ms: number) => new Date(ms).toISOString();
const MESSAGES_LIMIT = 100;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface InvitationView {
  id: number; league_id: number; email: string; status: 'pending' | 'accepted' | 'dismissed' | 'deleted';
  inviter_name: string | null; created_at: string;
}

/** The link of the invitation email; the client's join screen accepts it. */
export const joinLink = (appOrigin: string, leagueId: number, token: string) => `${appOrigin}/leagues/join/${leagueId}/${token}`;

/**
 * Invite by email (owner, or any member when the league allows it). A registered invitee also gets a message;
 * the email goes out in the invitee's language once the invitation is stored.
 */
export async function invite(deps: AppDeps, user: AuthUser, callerLocale: Locale, leagueId: number, rawEmail: string): Promise<InvitationView> {
  const now = deps.clock.now();
  const email = rawEmail.trim().toLowerCase();
  if (!EMAIL.test(email)) throw invalidField('email', 'validation.invalid');
  const token = randomBytes(18).toString('base64url');
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const access = await loadLeagueAccess(trx, leagueId, user);
    if (!access.isOwner && !(access.isMember && access.league.allow_invite === 1)) throw forbidden();
    requireWritable(access);
    if (await isMemberByEmail(trx, leagueId, email)) throw conflict('errors.user_already_in_league');
    if (await hasPendingInvitation(trx, leagueId, email)) throw conflict('errors.user_already_invited');
    const invitee = await trx.selectFrom('users').select(['id', 'locale'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email)).executeTakeFirst();
    const competition = await trx.selectFrom('competitions').select('name')
      .where('id', '=', access.league.competition_id).executeTakeFirstOrThrow();
    const id = await insertInvitation(trx, {
      league_id: leagueId, inviter_id: user.id, email, invitee_id: invitee?.id ?? null, token, now,
    });
    if (id === null) throw conflict('errors.user_already_invited');
    if (invitee) {
      await insertMessage(trx, {
        user_id: invitee.id, kind: 'invitation', league_id: leagueId, invitation_id: id, now,
        payload: { league_name: access.league.name, inviter_name: user.name, token },
      });
    }
    return { id, league: access.league, competitionName: competition.name, locale: (invitee?.locale ?? callerLocale) as Locale };
  });

  const vars = {
    inviter: user.name, league: outcome.league.name, competition: outcome.competitionName, email,
    link: joinLink(deps.config.appOrigin, leagueId, token),
  };
  try {
    await deps.mailer.send({
      to: email,
      subject: translate(outcome.locale, 'mail.invitation_subject', vars),
      text: translate(outcome.locale, 'mail.invitation_text', vars),
    });
  } catch (err) {
    // The invitation stands: a registered invitee finds it in their messages, and the inviter may resend later.
    deps.log.error({ err, invitationId: outcome.id }, 'invitation email failed');
  }
  return { id: outcome.id, league_id: leagueId, email, status: 'pending', inviter_name: user.name, created_at: iso(now) };
}

export async function invitationsOfLeague(deps: AppDeps, user: AuthUser, leagueId: number): Promise<InvitationView[]> {
  const access = await loadLeagueAccess(deps.db, leagueId, user);
  requireMemberOrAdmin(access, user);
  const rows = await pendingOfLeague(deps.db, leagueId);
  return rows.map((r) => ({ ...r, status: r.status as InvitationView['status'], created_at: iso(r.created_at) }));
}

export async function myInvitations(deps: AppDeps, user: AuthUser) {
  const rows = await pendingForInvitee(deps.db, asInvitee(user));
  return rows.map((r) => ({
    id: r.id, league: { id: r.league_id, name: r.league_name }, token: r.token, inviter_name: r.inviter_name, created_at: iso(r.created_at),
  }));
}

async function pendingInvitation(db: Executor, invitationId: number) {
  const invitation = await findInvitation(db, invitationId);
  if (!invitation || invitation.status !== 'pending') throw notFound('errors.invitation_not_found');
  return invitation;
}

/** Withdrawn by whoever sent it or by the league owner. */
export async function withdrawInvitation(deps: AppDeps, user: AuthUser, invitationId: number): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const invitation = await pendingInvitation(trx, invitationId);
    const owner = await trx.selectFrom('leagues').select('owner_id').where('id', '=', invitation.league_id).executeTakeFirst();
    if (invitation.inviter_id !== user.id && owner?.owner_id !== user.id) throw forbidden();
    await setStatus(trx, invitationId, 'deleted', now);
    await deleteInvitationMessages(trx, invitationId);
  });
}

/** Turned down by the person it is addressed to. */
export async function dismissInvitation(deps: AppDeps, user: AuthUser, invitationId: number): Promise<void> {
  const now = deps.clock.now();
  const me = asInvitee(user);
  await deps.db.transaction().execute(async (trx) => {
    const invitation = await pendingInvitation(trx, invitationId);
    if (invitation.invitee_id !== me.id && invitation.email !== me.email) throw forbidden();
    await setStatus(trx, invitationId, 'dismissed', now);
    await markInvitationMessagesRead(trx, invitationId, now);
  });
}

function parsePayload(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function userMessages(deps: AppDeps, user: AuthUser) {
  const rows = await messagesOf(deps.db, user.id, MESSAGES_LIMIT);
  return rows.map((r) => ({
    id: r.id, kind: r.kind, league_id: r.league_id, payload: parsePayload(r.payload),
    read_at: r.read_at === null ? null : iso(r.read_at), created_at: iso(r.created_at),
  }));
}
