import { randomBytes } from 'node:crypto';
import type { Executor } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { conflict, forbidden, invalidField, notFound, retryLater } from '../../platform/errors/errors';
import { loadLeagueAccess, requireMemberOrAdmin, requireWritable } from '../../domain/leagues/leagueAccess';
import { isBannedByEmail } from '../../domain/leagues/bansRepository';
import { isMemberByEmail } from '../../domain/leagues/membersRepository';
import { asInvitee, requireVerifiedEmail } from '../../domain/leagues/invitationClaims';
import { invitationEmail } from './invitationEmail';
import {
  countSentSince, findInvitation, hasPendingInvitation, insertInvitation, lockInviter, pendingForEmail, pendingOfLeague, setStatus,
} from '../../domain/leagues/invitationsRepository';
import { deleteInvitationMessages, insertMessage, markInvitationMessagesRead, messagesOf } from '../../domain/leagues/messagesRepository';
import { LOCALES, type Locale } from '../../../shared/domain/locales';

const iso = (ms: number) => new Date(ms).toISOString();
const MESSAGES_LIMIT = 100;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOUR_MS = 3_600_000;
/** Invitations one person may send per hour, across all their leagues, so nobody can use Porra to mail strangers in bulk. */
export const INVITATIONS_PER_HOUR = 20;

interface InvitationView {
  id: number; league_id: number; email: string; status: 'pending' | 'accepted' | 'dismissed' | 'deleted';
  inviter_name: string | null; created_at: string;
}

/** The link of the invitation email; the client's join screen accepts it. */
const joinLink = (appOrigin: string, leagueId: number, token: string) => `${appOrigin}/leagues/join/${leagueId}/${token}`;

/**
 * Invite by email (owner, or any member when the league allows it), with an optional personal note. A registered
 * invitee also gets a message; the email goes out in the invitee's language once the invitation is stored.
 * Each person sends at most INVITATIONS_PER_HOUR invitations an hour (429). Only the owner may invite back
 * someone they removed.
 */
export async function invite(
  deps: AppDeps, user: AuthUser, callerLocale: Locale, leagueId: number, rawEmail: string, rawNote?: string | null,
): Promise<InvitationView> {
  const now = deps.clock.now();
  const email = rawEmail.trim().toLowerCase();
  if (!EMAIL.test(email)) throw invalidField('email', 'validation.invalid');
  const note = rawNote?.trim() || null;
  const token = randomBytes(18).toString('base64url');
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const access = await loadLeagueAccess(trx, leagueId, user);
    if (!access.isOwner && !(access.isMember && access.league.allow_invite === 1)) throw forbidden();
    requireWritable(access);
    await lockInviter(trx, deps.dialect, user.id);
    if (await countSentSince(trx, user.id, now - HOUR_MS) >= INVITATIONS_PER_HOUR) {
      throw retryLater(429, 'errors.too_many_invitations', await secondsUntilNextSlot(trx, user.id, now));
    }
    if (await isMemberByEmail(trx, leagueId, email)) throw conflict('errors.user_already_in_league');
    if (!access.isOwner && await isBannedByEmail(trx, leagueId, email)) throw conflict('errors.only_owner_invites_removed');
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
    // The invitee's language when their account has one; else both, the inviter's first.
    const locales: [Locale, ...Locale[]] = invitee?.locale ? [invitee.locale as Locale] : [callerLocale, ...LOCALES.filter((l) => l !== callerLocale)];
    return { id, league: access.league, competitionName: competition.name, locales };
  });

  const mail = invitationEmail(outcome.locales, email, {
    inviter: user.name, league: outcome.league.name, competition: outcome.competitionName, email, note,
    link: joinLink(deps.config.appOrigin, leagueId, token),
  });
  try {
    await deps.mailer.send({ ...mail, kind: 'invitation' });
  } catch (err) {
    // The invitation stands: a registered invitee finds it in their messages, and the inviter may resend later.
    deps.log.error({ err, invitationId: outcome.id }, 'invitation email failed');
  }
  return { id: outcome.id, league_id: leagueId, email, status: 'pending', inviter_name: user.name, created_at: iso(now) };
}

/** When the oldest invitation of the last hour leaves the window. */
async function secondsUntilNextSlot(db: Executor, inviterId: number, now: number): Promise<number> {
  const row = await db.selectFrom('invitations').select((eb) => eb.fn.min<number>('created_at').as('oldest'))
    .where('inviter_id', '=', inviterId).where('created_at', '>', now - HOUR_MS).executeTakeFirst();
  const oldest = row?.oldest === null || row?.oldest === undefined ? now : Number(row.oldest);
  return (oldest + HOUR_MS - now) / 1000;
}

/**
 * A league's pending invitations as the caller may act on them: the owner manages every one; anyone else (a member
 * who invited, a global admin) sees only those they sent, so nobody reads another person's invitee's address.
 */
export async function invitationsOfLeague(deps: AppDeps, user: AuthUser, leagueId: number): Promise<InvitationView[]> {
  const access = await loadLeagueAccess(deps.db, leagueId, user);
  requireMemberOrAdmin(access, user);
  const rows = await pendingOfLeague(deps.db, leagueId, access.isOwner ? undefined : user.id);
  return rows.map((r) => ({ ...r, status: r.status as InvitationView['status'], created_at: iso(r.created_at) }));
}

/** Invitations addressed to the caller's address, only once it is verified (anyone may type any address). */
export async function myInvitations(deps: AppDeps, user: AuthUser) {
  if (!user.email_verified) return [];
  const rows = await pendingForEmail(deps.db, asInvitee(user));
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

/** Turned down by the person it is addressed to: the owner of its (verified) address. */
export async function dismissInvitation(deps: AppDeps, user: AuthUser, invitationId: number): Promise<void> {
  const now = deps.clock.now();
  const me = asInvitee(user);
  await deps.db.transaction().execute(async (trx) => {
    const invitation = await pendingInvitation(trx, invitationId);
    if (invitation.email !== me.email) throw forbidden();
    requireVerifiedEmail(user);
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

/**
 * The caller's messages. An invitation message shows its join token only while the caller's verified address
 * is the one invited: the message was addressed to the account that had that address when it was sent.
 */
export async function userMessages(deps: AppDeps, user: AuthUser) {
  const rows = await messagesOf(deps.db, user.id, MESSAGES_LIMIT);
  const me = asInvitee(user);
  return rows.map((r) => {
    const payload = parsePayload(r.payload);
    if (r.kind === 'invitation' && !(user.email_verified && r.invitation_email === me.email)) delete payload.token;
    return {
      id: r.id, kind: r.kind, league_id: r.league_id, payload,
      read_at: r.read_at === null ? null : iso(r.read_at), created_at: iso(r.created_at),
    };
  });
}
