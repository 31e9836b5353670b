import { authDb } from './authDb';
import { deleteToken, readToken, saveToken, tokenSubject } from './token';

/** The token is read straight from IndexedDB, so a visitor's first page does not need Dexie. */
describe('the stored token', () => {
  it('reads what Dexie wrote, and nothing once deleted', async () => {
    await saveToken('abc.def');
    expect(await readToken()).toBe('abc.def');
    await authDb.auth.put({ key: 'token', value: 'null' });
    expect(await readToken()).toBeNull();
    await saveToken('ghi');
    await deleteToken();
    expect(await readToken()).toBeNull();
  });

  it('answers null for a browser that never stored one, without creating the database', async () => {
    await authDb.delete();
    expect(await readToken()).toBeNull();
    expect((await indexedDB.databases()).map((db) => db.name)).not.toContain('porra');
    // Dexie creates it with its own schema when the first token is saved.
    await authDb.open();
    await saveToken('jkl');
    expect(await readToken()).toBe('jkl');
  });

  it('names the user of a JWT without the server (its subject), and nobody for anything else', () => {
    const jwt = (claims: object) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;
    expect(tokenSubject(jwt({ sub: '42', sid: 'a' }))).toBe(42);
    expect(tokenSubject(jwt({ sub: 42 }))).toBeNull();
    expect(tokenSubject(jwt({ sid: 'a' }))).toBeNull();
    expect(tokenSubject('token-1-abc')).toBeNull();
    expect(tokenSubject('a.!!!.b')).toBeNull();
    expect(tokenSubject(null)).toBeNull();
  });
});
