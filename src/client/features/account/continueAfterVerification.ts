import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useJoinByInvitation } from '../../api/invitationJoin';
import { useSession } from '../../api/session';
import { isAppPath, parseJoinPath } from '../../../shared/domain/appPaths';

/**
 * Where a verification link continues once the address is confirmed: its `next`, a path of this app only (a link
 * anyone may forge never sends elsewhere). An invitation's page is accepted right away, the emailed invitation
 * being addressed to the address just confirmed, and the newcomer lands on the league's bets page; any other path
 * is simply opened. A visitor (the link opened in another browser) signs in first and comes back to `next`.
 * Answers the refusal when joining fails, and whether it is still working.
 */
export function useContinueAfterVerification(next: string | null, verified: boolean): {
  refusal: string | null; continuing: boolean; signInPath: string | null;
} {
  const session = useSession();
  const navigate = useNavigate();
  const { joinAndBet } = useJoinByInvitation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const started = useRef(false);
  const onward = isAppPath(next) ? next : null;
  const ready = verified && onward !== null && session.known && session.signedIn && session.user.email_verified === true;

  useEffect(() => {
    if (!ready || started.current || !onward) return;
    started.current = true;
    const invitation = parseJoinPath(onward);
    if (!invitation) {
      navigate(onward, { replace: true });
      return;
    }
    void joinAndBet(invitation.leagueId, invitation.token, '').then((refused) => {
      if (refused) setRefusal(refused);
    });
  }, [ready, onward, joinAndBet, navigate]);

  return {
    refusal,
    continuing: ready && refusal === null,
    signInPath: onward ? `/users/sign_in?redirect=${encodeURIComponent(onward)}` : null,
  };
}
