import type { Executor } from '../../platform/db/database';

/** In-app messages: what a registered user finds besides their email (invitations for now). */
export async function insertMessage(db: Executor, values: {
  user_id: number; kind: string; league_id: number | null; invitation_id: number | null; payload: object; now: number;
}): Promise<void> {
  const { now, payload, ...rest } = values;
  await db.insertInto('messages').values({ ...rest, payload: JSON.stringify(payload), created_at: now }).execute();
}

/** Newest first, each with the address its invitation (if any) was sent to. */
export async function messagesOf(db: Executor, userId: number, limit: number) {
  return db.selectFrom('messages as m').leftJoin('invitations as i', 'i.id', 'm.invitation_id')
    .select(['m.id', 'm.kind', 'm.league_id', 'm.payload', 'm.read_at', 'm.created_at', 'i.email as invitation_email'])
    .where('m.user_id', '=', userId).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
}

/** An invitation that is answered is no longer news. */
export async function markInvitationMessagesRead(db: Executor, invitationId: number, now: number): Promise<void> {
  await db.updateTable('messages').set({ read_at: now })
    .where('invitation_id', '=', invitationId).where('read_at', 'is', null).execute();
}

/** A withdrawn invitation leaves no message pointing at a dead link. */
export async function deleteInvitationMessages(db: Executor, invitationId: number): Promise<void> {
  await db.deleteFrom('messages').where('invitation_id', '=', invitationId).execute();
}

/** Joining a league answers every invitation message about it. */
export async function markLeagueInvitationsRead(db: Executor, userId: number, leagueId: number, now: number): Promise<void> {
  await db.updateTable('messages').set({ read_at: now })
    .where('user_id', '=', userId).where('league_id', '=', leagueId).where('kind', '=', 'invitation')
    .where('read_at', 'is', null).execute();
}
