import { maxResultBetPoints } from '../../../shared/domain/scoring';
import { fakeApi } from './fakeApi';
import { handleSignedIn, leagueWorld, memberIds } from './leagueWorld';
import { fail, handle, ok } from './route';

const shown = (invitation: (typeof leagueWorld.invitations)[number]) => ({
  id: invitation.id, league_id: invitation.league_id, email: invitation.email, status: invitation.status,
  inviter_name: invitation.inviter_name, created_at: '2026-05-20T10:00:00.000Z',
});

/** Invitations and messages. */
export const invitationHandlers = [
  handle('invitationPreview', ({ query }) => {
    const invitation = leagueWorld.invitations.find((item) => item.token === query.get('token') && item.status === 'pending');
    const league = invitation && leagueWorld.leagues.find((item) => item.id === invitation.league_id);
    if (!invitation || !league) return fail(404, 'The invitation does not exist anymore');
    return ok({
      league: { id: league.id, name: league.name, competition_name: league.competition.name, members_count: memberIds(league.id).length },
      inviter_name: invitation.inviter_name, email: invitation.email,
      has_account: fakeApi.users.some((user) => user.email === invitation.email),
      rules: {
        bets_system: league.bets_system, best_bet_points: maxResultBetPoints(league), winner_points: league.scoring.tendency,
        joker_count: league.jokers.count, bet_deadline_minutes: league.bet_deadline_minutes,
      },
    });
  }),
  handleSignedIn('invitationCreate', ({ body }, user) => {
    if (!memberIds(body.league_id).includes(user.id)) return fail(403, 'You do not have permission to do that');
    if (leagueWorld.invitations.some((item) => item.league_id === body.league_id && item.email === body.email && item.status === 'pending')) {
      return fail(409, 'The user has already been invited');
    }
    const invitation = {
      id: leagueWorld.nextId++, league_id: body.league_id, email: body.email, token: `tok-${leagueWorld.nextId}`, status: 'pending' as const,
      inviter_name: user.name, inviter_id: user.id, message: body.message ?? null,
    };
    leagueWorld.invitations.push(invitation);
    return ok({ message: 'Invitation sent', invitation: shown(invitation) });
  }),
  // As the server: the owner reads every pending invitation, anyone else those they sent.
  handleSignedIn('invitationsOfLeague', ({ params }, user) => {
    const owner = leagueWorld.leagues.find((league) => league.id === Number(params.id))?.owner_id === user.id;
    return ok(leagueWorld.invitations
      .filter((item) => item.league_id === Number(params.id) && item.status === 'pending' && (owner || item.inviter_id === user.id))
      .map(shown));
  }),
  handleSignedIn('invitationsMine', (_call, user) => ok(leagueWorld.invitations
    .filter((item) => item.email === user.email && item.status === 'pending')
    .map((item) => ({
      id: item.id, league: { id: item.league_id, name: leagueWorld.leagues.find((league) => league.id === item.league_id)?.name ?? '' },
      token: item.token, inviter_name: item.inviter_name, created_at: '2026-05-20T10:00:00.000Z',
    })))),
  handleSignedIn('invitationDelete', ({ params }) => {
    const invitation = leagueWorld.invitations.find((item) => item.id === Number(params.id));
    if (!invitation) return fail(404, 'The invitation does not exist anymore');
    invitation.status = 'deleted';
    return ok({ message: 'Invitation deleted' });
  }),
  handleSignedIn('invitationDismiss', ({ params }) => {
    const invitation = leagueWorld.invitations.find((item) => item.id === Number(params.id));
    if (!invitation) return fail(404, 'The invitation does not exist anymore');
    invitation.status = 'dismissed';
    return ok({ message: 'Invitation dismissed' });
  }),
  handleSignedIn('messagesIndex', (_call, user) => ok(leagueWorld.invitations
    .filter((item) => item.email === user.email)
    .map((item) => ({
      id: item.id, kind: 'invitation', league_id: item.league_id,
      payload: { league_name: leagueWorld.leagues.find((league) => league.id === item.league_id)?.name, inviter_name: item.inviter_name, token: item.token },
      read_at: null, created_at: '2026-05-20T10:00:00.000Z',
    })))),
];
