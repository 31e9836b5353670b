import type { UserDataSection } from '../../domain/userData/userDataSection';
import { isoTime, withoutSecrets } from '../../domain/userData/userDataSection';

/**
 * Invitations the user sent and received (never their tokens), and the messages of their inbox without the secrets
 * they hold (an invitation message's join token). Forgetting removes the received ones
 * (by account or by address) and the inbox; a sent invitation stays for its invitee, without its inviter.
 */
export const invitationsUserData: UserDataSection = {
  name: 'invitations',
  async collect(db, userId) {
    const email = (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email ?? null;
    const base = () => db.selectFrom('invitations as i').innerJoin('leagues as l', 'l.id', 'i.league_id')
      .select(['i.league_id', 'l.name as league', 'i.email', 'i.status', 'i.created_at']);
    const sent = await base().where('i.inviter_id', '=', userId).orderBy('i.id').execute();
    const received = await base()
      .where((eb) => eb.or([eb('i.invitee_id', '=', userId), ...(email === null ? [] : [eb('i.email', '=', email)])]))
      .orderBy('i.id').execute();
    const messages = await db.selectFrom('messages').select(['kind', 'league_id', 'payload', 'read_at', 'created_at'])
      .where('user_id', '=', userId).orderBy('id').execute();
    const invitation = (r: (typeof sent)[number]) => ({
      league_id: Number(r.league_id), league: r.league, email: r.email, status: r.status, created_at: isoTime(r.created_at),
    });
    return {
      sent: sent.map(invitation),
      received: received.map(invitation),
      messages: messages.map((m) => ({
        kind: m.kind, league_id: m.league_id === null ? null : Number(m.league_id), content: withoutSecrets(parse(m.payload)),
        read_at: isoTime(m.read_at), created_at: isoTime(m.created_at),
      })),
    };
  },
  async forget(trx, userId) {
    const email = (await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email ?? null;
    await trx.deleteFrom('messages').where('user_id', '=', userId).execute();
    // Messages of others that point at an invitation about to go lose that link (their text stays).
    const received = trx.selectFrom('invitations').select('id')
      .where((eb) => eb.or([eb('invitee_id', '=', userId), ...(email === null ? [] : [eb('email', '=', email)])]));
    await trx.updateTable('messages').set({ invitation_id: null }).where('invitation_id', 'in', received).execute();
    await trx.deleteFrom('invitations')
      .where((eb) => eb.or([eb('invitee_id', '=', userId), ...(email === null ? [] : [eb('email', '=', email)])])).execute();
    await trx.updateTable('invitations').set({ inviter_id: null }).where('inviter_id', '=', userId).execute();
  },
};

function parse(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return null;
  }
}
