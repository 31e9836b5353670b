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
