import { useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../api/session';

/**
 * Signed-in-only screens: visitors go to sign-in and come back after it. A session that ends while the screen is
 * open (sign-out, account deleted) goes home instead, as for a sign-out.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const { signedIn, known } = useSession();
  const location = useLocation();
  const wasSignedIn = useRef(false);
  if (!known) return null;
  if (signedIn) {
    wasSignedIn.current = true;
    return <>{children}</>;
  }
  if (wasSignedIn.current) return <Navigate to="/" replace />;
  const back = `${location.pathname}${location.search}`;
  return <Navigate to={`/users/sign_in?redirect=${encodeURIComponent(back)}`} replace />;
}
