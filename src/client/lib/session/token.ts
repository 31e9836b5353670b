/**
 * The bearer token, for the base query. Reading it (every visit, every call) uses IndexedDB directly: a visitor's
 * first page then needs no Dexie at all (about 30 KB compressed). Dexie (db/authDb.ts, the owner of the schema) is
 * loaded when the token is written or deleted, which only happens after the first page.
 */
const loadAuthDb = () => import(/* webpackChunkName: "auth-db" */ './authDb');

/** Dexie's database and store names (authDb.ts): the row is `{ key: 'token', value }`. */
const DB_NAME = 'porra';
const STORE = 'auth';
const TOKEN_KEY = 'token';

/** The stored token read without Dexie; a database that does not exist yet is not created here. */
function readTokenDirectly(): Promise<string | null> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(DB_NAME);
    } catch {
      resolve(null);
      return;
    }
    // No database yet: abort the creation so Dexie later creates it with its own schema and version.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
    request.onsuccess = () => {
      const db = request.result;
      try {
        if (!db.objectStoreNames.contains(STORE)) {
          db.close();
          resolve(null);
          return;
        }
        const get = db.transaction(STORE, 'readonly').objectStore(STORE).get(TOKEN_KEY);
        get.onsuccess = () => {
          const row = get.result as { value?: unknown } | undefined;
          db.close();
          resolve(row && typeof row.value === 'string' && row.value && row.value !== 'null' ? row.value : null);
        };
        get.onerror = () => {
          db.close();
          resolve(null);
        };
      } catch {
        db.close();
        resolve(null);
      }
    };
  });
}

export const readToken = (): Promise<string | null> => readTokenDirectly();
export const saveToken = async (token: string): Promise<void> => (await loadAuthDb()).saveToken(token);
export const deleteToken = async (): Promise<void> => (await loadAuthDb()).deleteToken();

/**
 * The user a stored token names (its JWT subject), read without the server: offline at start-up the session read
 * fails, yet a bet saved then must still be known as this player's. Not verified (only the server can); a token
 * that is not a JWT names nobody.
 */
export function tokenSubject(token: string | null): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    const id = Number(claims.sub);
    return typeof claims.sub === 'string' && Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
