import Dexie, { type EntityTable } from 'dexie';

/** The browser's local database: version 1, one store `auth` holding the bearer token under one key. */
interface AuthRow { key: string; value: string }

const TOKEN_KEY = 'token';

class PorraDb extends Dexie {
  auth!: EntityTable<AuthRow, 'key'>;

  constructor() {
    super('porra');
    this.version(1).stores({ auth: 'key' });
  }
}

export const authDb = new PorraDb();

export async function saveToken(token: string): Promise<void> {
  await authDb.auth.put({ key: TOKEN_KEY, value: token });
}

/** The stored token, or null when none is stored or it is the string "null" (an old sign-out left it so). */
export async function readToken(): Promise<string | null> {
  try {
    const row = await authDb.auth.get(TOKEN_KEY);
    return row && row.value && row.value !== 'null' ? row.value : null;
  } catch {
    return null;
  }
}

export async function deleteToken(): Promise<void> {
  await authDb.auth.delete(TOKEN_KEY);
}
