import { api } from './api';

export interface SessionUser {
  id: number | null; name: string | null; is_admin: boolean; email?: string; email_verified?: boolean; email_reminders?: boolean;
  ranking_hidden?: boolean;
}

const VISITOR: SessionUser = { id: -1, name: null, is_admin: false };

/** Signed in when the id is set and is not the visitor's -1. */
const isSignedIn = (user: SessionUser | undefined): boolean => !!user && user.id !== null && user.id !== -1;

export const currentUserEndpoint = api.endpoints.currentUser;

/** The current user, read once at start-up and after every sign-in / sign-out. */
export function useSession() {
  const { data, isLoading, isFetching, isUninitialized } = currentUserEndpoint.useQuery();
  const user = data ?? VISITOR;
  return {
    user,
    signedIn: isSignedIn(user),
    isAdmin: isSignedIn(user) && user.is_admin === true,
    /** Whether we know yet who is asking (the first read has answered). */
    known: !isUninitialized && !isLoading && !(isFetching && data === undefined),
  };
}
