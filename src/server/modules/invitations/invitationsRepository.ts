import { sql } from 'kysely';
import type { Executor } from '../../db/database';

export type InvitationStatus = 'pending' | 'accepted' | 'dismissed' | 'deleted';

/** The caller as an invitee: invitations name them by account, or by email before they had one. */
export interface Invitee { id: number; email: string }

const INVITATION_COLUMNS = [
  'i.id', 'i.league_id', 'i.inviter_id', 'i.email', 'i.invitee_id', 'i.token', 'i.status', 'i.created_at',
] as const;

export async function insertInvitation(db: Executor, values: {
  league_id: number; inviter_id: number; email: string; invitee_id: number | null; token: string; now: number;
}): Promise<number | null> {
  const { now, ...rest } = values;
  // The partial unique index (one pending invitation per league and address) settles concurrent invitations.
  const row = await db.insertInto('invitations').values({ ...rest, status: 'pending', created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['league_id', 'email']).where(sql.ref('status'), '=', sql.lit('pending')).doNothing())
    .returning('id').executeTakeFirst();
  return row?.id ?? null;
}

export async function findInvitation(db: Executor, invitationId: number) {
  return db.selectFrom('invitations as i').select(INVITATION_COLUMNS).where('i.id', '=', invitationId).executeTakeFirst();
}

export async function findPendingByToken(db: Executor, token: string) {
  return db.selectFrom('invitations as i').select(INVITATION_COLUMNS)
    .where('i.token', '=', token).where('i.status', '=', 'pending').executeTakeFirst();
}

export async function hasPendingInvitation(db: Executor, leagueId: number, email: string): Promise<boolean> {
  const row = await db.selectFrom('invitations').select('id')
    .where('league_id', '=', leagueId).where('email', '=', email).where('status', '=', 'pending').executeTakeFirst();
  return row !== undefined;
}

/** A pending invitation to this league addressed to this person, if any. */
export async function findPendingFor(db: Executor, leagueId: number, invitee: Invitee) {
  return db.selectFrom('invitations as i').select(INVITATION_COLUMNS)
    .where('i.league_id', '=', leagueId).where('i.status', '=', 'pending')
    .where((eb) => eb.or([eb('i.invitee_id', '=', invitee.id), eb('i.email', '=', invitee.email)]))
    .orderBy('i.id').executeTakeFirst();
}

export async function setStatus(db: Executor, invitationId: number, status: InvitationStatus, now: number): Promise<void> {
  await db.updateTable('invitations').set({ status, updated_at: now }).where('id', '=', invitationId).execute();
}

/** Joining settles every pending invitation of that person to that league. */
export async function acceptPendingFor(db: Executor, leagueId: number, invitee: Invitee, now: number): Promise<void> {
  await db.updateTable('invitations').set({ status: 'accepted', invitee_id: invitee.id, updated_at: now })
    .where('league_id', '=', leagueId).where('status', '=', 'pending')
    .where((eb) => eb.or([eb('invitee_id', '=', invitee.id), eb('email', '=', invitee.email)]))
    .execute();
}

export async function acceptInvitation(db: Executor, invitationId: number, inviteeId: number, now: number): Promise<void> {
  await db.updateTable('invitations').set({ status: 'accepted', invitee_id: inviteeId, updated_at: now })
    .where('id', '=', invitationId).execute();
}

export async function pendingOfLeague(db: Executor, leagueId: number) {
  return db.selectFrom('invitations as i')
    .leftJoin('users as u', 'u.id', 'i.inviter_id')
    .select(['i.id', 'i.league_id', 'i.email', 'i.status', 'i.created_at', 'u.name as inviter_name'])
    .where('i.league_id', '=', leagueId).where('i.status', '=', 'pending')
    .orderBy('i.created_at', 'desc').orderBy('i.id', 'desc')
    .execute();
}

/** Pending invitations to this person in leagues still running that they have not joined yet. */
export async function pendingForInvitee(db: Executor, invitee: Invitee) {
  return db.selectFrom('invitations as i')
    .innerJoin('leagues as l', 'l.id', 'i.league_id')
    .innerJoin('competitions as c', 'c.id', 'l.competition_id')
    .leftJoin('users as u', 'u.id', 'i.inviter_id')
    .select(['i.id', 'i.token', 'i.created_at', 'l.id as league_id', 'l.name as league_name', 'u.name as inviter_name'])
    .where('i.status', '=', 'pending')
    .where('c.finished', '=', 0)
    .where((eb) => eb.or([eb('i.invitee_id', '=', invitee.id), eb('i.email', '=', invitee.email)]))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('league_members as m')
      .whereRef('m.league_id', '=', 'i.league_id').where('m.user_id', '=', invitee.id).select('m.user_id'))))
    .orderBy('i.created_at', 'desc').orderBy('i.id', 'desc')
    .execute();
}
