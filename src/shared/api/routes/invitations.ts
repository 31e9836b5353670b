import Type from 'typebox';
import { route } from '../route';
import { Id, IdParams, Message, Nullable, Strict, Timestamp } from '../schemas';

/** Longest personal note an inviter may add to an invitation email. */
export const INVITATION_NOTE_MAX_LENGTH = 500;

const InvitationStatus = Type.Union([
  Type.Literal('pending'), Type.Literal('accepted'), Type.Literal('dismissed'), Type.Literal('deleted'),
]);

/** An invitation as the league's members see it (no token: only the invitee gets that, by email). */
export const Invitation = Type.Object({
  id: Id,
  league_id: Id,
  email: Type.String(),
  status: InvitationStatus,
  inviter_name: Nullable(Type.String()),
  created_at: Timestamp,
});

/** An invitation addressed to the caller, with the token that joins the league. */
const ReceivedInvitation = Type.Object({
  id: Id,
  league: Type.Object({ id: Id, name: Type.String() }),
  token: Type.String(),
  inviter_name: Nullable(Type.String()),
  created_at: Timestamp,
});

const UserMessage = Type.Object({
  id: Id,
  kind: Type.String(),
  league_id: Nullable(Id),
  /** Kind-specific data; an invitation carries league_name, inviter_name and token. */
  payload: Type.Record(Type.String(), Type.Unknown()),
  read_at: Nullable(Timestamp),
  created_at: Timestamp,
});

export const invitationRoutes = {
  invitationCreate: route({
    method: 'POST', path: '/invitations', prefixed: true, access: 'user', process: 'invitation_create',
    errors: [403, 404, 409, 429],
    summary: 'Invite someone to a league by email (owner, or any member when allow_invite), with an optional personal note; at most 20 an hour per person (429)',
    // Checked as an address once trimmed (pasted addresses often carry spaces).
    body: Strict({
      league_id: Id,
      email: Type.String({ minLength: 1, maxLength: 254, format: 'email' }),
      /** The inviter's own words, added to the email (escaped in its HTML part). */
      message: Type.Optional(Nullable(Type.String({ maxLength: INVITATION_NOTE_MAX_LENGTH }))),
    }),
    response: Type.Object({ message: Type.String(), invitation: Invitation }),
  }),
  invitationsOfLeague: route({
    method: 'GET', path: '/invitations/league/:id', prefixed: true, access: 'user',
    errors: [403],
    summary: "A league's pending invitations: every one for its owner, the caller's own for any other member (or a global admin)", params: IdParams, response: Type.Array(Invitation),
  }),
  invitationsMine: route({
    method: 'GET', path: '/invitations/mine', prefixed: true, access: 'user',
    summary: "Pending invitations addressed to the caller's address (none until it is verified)", response: Type.Array(ReceivedInvitation),
  }),
  invitationDelete: route({
    method: 'DELETE', path: '/invitations/:id', prefixed: true, access: 'user', process: 'invitation_delete',
    errors: [403],
    summary: 'Withdraw a pending invitation (its inviter or the league owner)', params: IdParams, response: Message,
  }),
  invitationDismiss: route({
    method: 'POST', path: '/invitations/dismiss/:id', prefixed: true, access: 'user', process: 'invitation_dismiss',
    errors: [403],
    summary: 'Turn down an invitation (the owner of the verified address it was sent to)', params: IdParams, response: Message,
  }),
  messagesIndex: route({
    method: 'GET', path: '/messages/index', prefixed: true, access: 'user',
    summary: "The caller's messages, newest first", response: Type.Array(UserMessage),
  }),
} as const;
