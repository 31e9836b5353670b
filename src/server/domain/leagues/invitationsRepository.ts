import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database';

type InvitationStatus = 'pending' | 'accepted' | 'dismissed' | 'deleted';

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

/**
 * A pending invitation to this league addressed to this address, if any. Only an account whose address is
 * verified may claim by address (callers check that): an account id alone never claims, since it was matched
 * on an address the account may not own.
 */
export async function findPendingForEmail(db: Executor, leagueId: number, email: string) {
  return db.selectFrom('invitations as i').select(INVITATION_COLUMNS)
    .where('i.league_id', '=', leagueId).where('i.status', '=', 'pending').where('i.email', '=', email)
    .orderBy('i.id').executeTakeFirst();
}

export async function setStatus(db: Executor, invitationId: number, status: InvitationStatus, now: number): Promise<void> {
  await db.updateTable('invitations').set({ status, updated_at: now }).where('id', '=', invitationId).execute();
}

/** Joining with a verified address settles every pending invitation to that address for that league. */
export async function acceptPendingForEmail(db: Executor, leagueId: number, invitee: Invitee, now: number): Promise<void> {
  await db.updateTable('invitations').set({ status: 'accepted', invitee_id: invitee.id, updated_at: now })
    .where('league_id', '=', leagueId).where('status', '=', 'pending').where('email', '=', invitee.email)
    .execute();
}

export async function acceptInvitation(db: Executor, invitationId: number, inviteeId: number, now: number): Promise<void> {
  await db.updateTable('invitations').set({ status: 'accepted', invitee_id: inviteeId, updated_at: now })
    .where('id', '=', invitationId).execute();
}

/** A league's pending invitations, newest first; only those `inviterId` sent when given. */
export async function pendingOfLeague(db: Executor, leagueId: number, inviterId?: number) {
  let query = db.selectFrom('invitations as i')
    .leftJoin('users as u', 'u.id', 'i.inviter_id')
    .select(['i.id', 'i.league_id', 'i.email', 'i.status', 'i.created_at', 'u.name as inviter_name'])
    .where('i.league_id', '=', leagueId).where('i.status', '=', 'pending');
  if (inviterId !== undefined) query = query.where('i.inviter_id', '=', inviterId);
  return query.orderBy('i.created_at', 'desc').orderBy('i.id', 'desc').execute();
}

/** Pending invitations to this (verified) address in leagues still running that its account has not joined yet. */
export async function pendingForEmail(db: Executor, invitee: Invitee) {
  return db.selectFrom('invitations as i')
    .innerJoin('leagues as l', 'l.id', 'i.league_id')
    .innerJoin('competitions as c', 'c.id', 'l.competition_id')
    .leftJoin('users as u', 'u.id', 'i.inviter_id')
    .select(['i.id', 'i.token', 'i.created_at', 'l.id as league_id', 'l.name as league_name', 'u.name as inviter_name'])
    .where('i.status', '=', 'pending')
    .where('c.finished', '=', 0)
    .where('i.email', '=', invitee.email)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('league_members as m')
      .whereRef('m.league_id', '=', 'i.league_id').where('m.user_id', '=', invitee.id).select('m.user_id'))))
    .orderBy('i.created_at', 'desc').orderBy('i.id', 'desc')
    .execute();
}

/** How many invitations this person sent since `since` (withdrawn ones too: they were sent). */
export async function countSentSince(db: Executor, inviterId: number, since: number): Promise<number> {
  const row = await db.selectFrom('invitations').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('inviter_id', '=', inviterId).where('created_at', '>', since).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * PostgreSQL: holds the inviter's user row until the transaction ends, so two invitations from one person are
 * counted one after the other and the hourly cap stays exact. SQLite transactions are already serialised.
 */
export async function lockInviter(db: Executor, dialect: 'sqlite' | 'postgres', inviterId: number): Promise<void> {
  if (dialect === 'postgres') await db.selectFrom('users').select('id').where('id', '=', inviterId).forUpdate().execute();
}
