/**
 * The bearer token, for the base query. Dexie (about 30 KB gzip) is loaded on first use rather than with the first
 * page's script: the page renders while it arrives, and the first API call awaits it.
 */
const loadAuthDb = () => import(/* webpackChunkName: "auth-db" */ './authDb');

export const readToken = async (): Promise<string | null> => (await loadAuthDb()).readToken();
export const saveToken = async (token: string): Promise<void> => (await loadAuthDb()).saveToken(token);
export const deleteToken = async (): Promise<void> => (await loadAuthDb()).deleteToken();
