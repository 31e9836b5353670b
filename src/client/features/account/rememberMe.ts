import { deleteToken } from '../../lib/session/token';

/**
 * "Remember me" off: the token is kept only for this browser session. The mark in localStorage says so; the one in
 * sessionStorage says the session is still the same one (sessionStorage dies with the browser session).
 */
const FORGET_KEY = 'porra.forget';
const SESSION_KEY = 'porra.session';

export function rememberSession(remember: boolean): void {
  try {
    if (remember) {
      localStorage.removeItem(FORGET_KEY);
    } else {
      localStorage.setItem(FORGET_KEY, '1');
      sessionStorage.setItem(SESSION_KEY, '1');
    }
  } catch {
    // Storage disabled: nothing to remember either way.
  }
}

/** At start-up: forgets a token that was not to be remembered once its browser session has ended. */
export async function forgetEndedSession(): Promise<void> {
  try {
    if (localStorage.getItem(FORGET_KEY) && !sessionStorage.getItem(SESSION_KEY)) {
      localStorage.removeItem(FORGET_KEY);
      await deleteToken();
    }
  } catch {
    // Storage disabled.
  }
}
