import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { firstBetPath, useJoinByInvitation } from '../../api/invitationJoin';
import { useSession } from '../../api/session';
import { isAppPath, parseJoinPath } from '../../../shared/domain/appPaths';

/** Tries of the join while a server may still read the address as unconfirmed, and the wait between them. */
const UNCONFIRMED_RETRIES = 3;
const UNCONFIRMED_RETRY_MS = 3_000;

/**
 * Where a verification link continues once the address is confirmed: its `next`, a path of this app only (a link
 * anyone may forge never sends elsewhere). An invitation's page is accepted right away, the emailed invitation
 * being addressed to the address just confirmed, and the newcomer lands on the league's bets page; any other path
 * is simply opened; one who is already a member (a second click on the link) goes to the league's bets page. A
 * visitor (the link opened in another browser) signs in first and comes back to `next`.
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
  // Not waiting for the session to read the address as confirmed: the verification's answer says it is.
  const ready = verified && onward !== null && session.known && session.signedIn;

  useEffect(() => {
    if (!ready || started.current || !onward) return;
    started.current = true;
    const invitation = parseJoinPath(onward);
    if (!invitation) {
      navigate(onward, { replace: true });
      return;
    }
    void (async () => {
      for (let attempt = 1; ; attempt += 1) {
        const refused = await joinAndBet(invitation.leagueId, invitation.token);
        // Another server process may still hold the session as unconfirmed for a few seconds (its session cache).
        if (refused?.status === 403 && attempt < UNCONFIRMED_RETRIES) {
          await new Promise((done) => setTimeout(done, UNCONFIRMED_RETRY_MS));
          continue;
        }
        // Already in the league (a second click on the link, after the first joined): continue to it all the same.
        if (refused?.status === 409) navigate(firstBetPath(invitation.leagueId), { replace: true });
        else if (refused) setRefusal(refused.message);
        return;
      }
    })();
  }, [ready, onward, joinAndBet, navigate]);

  return {
    refusal,
    continuing: ready && refusal === null,
    signInPath: onward ? `/users/sign_in?redirect=${encodeURIComponent(onward)}` : null,
  };
}
