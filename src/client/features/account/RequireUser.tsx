import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from './session';

/** Signed-in-only screens: visitors go to sign-in and come back after it. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { signedIn, known } = useSession();
  const location = useLocation();
  if (!known) return null;
  if (!signedIn) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/users/sign_in?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return <>{children}</>;
}
