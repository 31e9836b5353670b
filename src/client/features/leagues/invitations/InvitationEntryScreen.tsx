import { skipToken } from '@reduxjs/toolkit/query/react';
import { Navigate, useParams } from 'react-router';
import { api } from '../../../api/api';
import { useSession } from '../../../api/session';
import { joinPath } from '../../../../shared/domain/appPaths';
import { InvitationAwaitingVerification, InvitationLanding } from './InvitationLanding';
import JoinLeagueScreen from './JoinLeagueScreen';

const invitationPreview = api.endpoints.invitationPreview;

/**
 * /leagues/join/{leagueId}/{token}, the page of invitation and share links. A visitor holding an invitation sees
 * the league and signs up right there; a newcomer who has not confirmed the address yet is told to open the
 * emailed link; a verified member accepts (JoinLeagueScreen). A link that is no invitation (a league's share link,
 * a used invitation) asks a visitor to sign in first, as every signed-in-only page does.
 */
export default function InvitationEntryScreen() {
  const session = useSession();
  const params = useParams();
  const leagueId = Number(params.leagueId);
  const token = params.invitationToken ?? '';
  const verified = session.signedIn && session.user.email_verified === true;
  const preview = invitationPreview.useQuery(session.known && !verified && token ? { query: { token } } : skipToken);
  if (!session.known) return null;
  if (verified) return <JoinLeagueScreen />;
  if (preview.isLoading) return null;
  const invitation = preview.data?.league.id === leagueId && !preview.isError ? preview.data : undefined;
  const path = joinPath(leagueId, token);
  if (!invitation) {
    return session.signedIn ? <JoinLeagueScreen /> : <Navigate to={`/users/sign_in?redirect=${encodeURIComponent(path)}`} replace />;
  }
  return session.signedIn
    ? <InvitationAwaitingVerification preview={invitation} email={session.user.email ?? invitation.email} />
    : <InvitationLanding preview={invitation} path={path} />;
}
