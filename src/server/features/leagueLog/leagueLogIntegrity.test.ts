import { canonicalJson, entryHash, SEALED_SCHEME, type HashScheme } from '../../domain/leagueLog/canonical';
import { appendLeagueLog, keyLegacyLogs } from '../../domain/leagueLog/leagueLogService';
import { verifyLeagueLogs } from '../../domain/leagueLog/verifyLog';
import { describeEachDb, type TestApp } from '../../testing/harness';
import { api, dropLogGuards, insertUnkeyedEntries, readLog, setupLeagueLog } from './testing/leagueLogKit';

/** Every score from 0-0 to 120-120 an attacker would try against a hidden entry's hash. */
function recoverScore(entry: any, leagueId: number, visibleDetails: Record<string, unknown>, scheme: HashScheme, key: Uint8Array) {
  for (let local = 0; local <= 120; local += 1) {
    for (let visiting = 0; visiting <= 120; visiting += 1) {
      const details = { ...visibleDetails, after: { local_goals: local, visiting_goals: visiting } };
      const content = { league_id: leagueId, seq: entry.seq, actor_id: entry.actor_id, action: entry.action, details, created_at: Date.parse(entry.created_at) };
      if (entryHash(entry.prev_hash, content, scheme, key) === entry.hash) return [local, visiting];
    }
  }
  return null;
}

// The driver's error class may come from another test file's module registry (one native module per process):
// matched by message, not by class.
const REFUSED = { message: expect.stringMatching(/append-only/) };

const logRows = (t: TestApp, table: 'league_log' | 'league_log_archive', leagueId: number) => t.deps.db.selectFrom(table)
  .select(['league_id', 'seq', 'actor_id', 'action', 'details', 'created_at', 'prev_hash', 'hash', 'scheme'])
  .where('league_id', '=', leagueId).orderBy('seq').execute();

describeEachDb('league log integrity', (ctx) => {
  it("a hidden bet cannot be recovered from its entry's hash by trying every score", async () => {
    const t = ctx();
    const s = await setupLeagueLog(t);
    await api(t, 'POST', '/result_bets/update_result_bet', s.admin.token, { result_bet_id: s.betId, local_goals: 7, visiting_goals: 3 });
    const [seen] = await readLog(t, s.leagueId, s.bob.token);
    expect(seen.details).toMatchObject({ before: null, after: null, hidden: true });
    const { hidden, ...guessable } = seen.details;
    expect(hidden).toBe(true);
    const shape = { ...guessable, before: { local_goals: null, visiting_goals: null } };
    expect(recoverScore(seen, s.leagueId, shape, 1, new Uint8Array())).toBeNull();
    // The same search with the server's key finds it: the guesses are right, only the key is missing.
    expect(recoverScore(seen, s.leagueId, shape, SEALED_SCHEME, t.deps.logKey)).toEqual([7, 3]);
  });

  it('an unkeyed entry written before the log was keyed withholds its hash while its bet is hidden', async () => {
    const t = ctx();
    const s = await setupLeagueLog(t);
    const details = {
      result_bet_id: s.betId, match_id: s.matchId, user_id: s.ana.id,
      before: { local_goals: null, visiting_goals: null }, after: { local_goals: 2, visiting_goals: 2 },
    };
    await insertUnkeyedEntries(t.deps.db, s.leagueId, [{ actorId: s.admin.id, action: 'result_bet.admin_correction', details, createdAt: t.clock.now() }]);
    expect(await keyLegacyLogs(t.deps.db, { now: t.clock.now(), key: t.deps.logKey })).toBe(1);
    const [sealed, unkeyed] = await readLog(t, s.leagueId, s.bob.token);
    expect(unkeyed).toMatchObject({ seq: 1, keyed: false, hash: null, details: { hidden: true } });
    expect(sealed).toMatchObject({ seq: 2, action: 'log.keyed', keyed: true, prev_hash: null, details: { unkeyed_entries: 1 } });
    const [, own] = await readLog(t, s.leagueId, s.ana.token);
    expect(own.hash).toMatch(/^[0-9a-f]{64}$/);
    t.clock.set(s.start);
    const [shownSeal, shown] = await readLog(t, s.leagueId, s.bob.token);
    expect([shown.hash, shownSeal.prev_hash]).toEqual([own.hash, own.hash]);
  });

  it('the database refuses to change or delete log entries', async () => {
    const t = ctx();
    const s = await setupLeagueLog(t);
    await t.deps.db.transaction().execute((trx) => appendLeagueLog(trx, { now: t.clock.now(), key: t.deps.logKey }, [
      { leagueId: s.leagueId, actorId: s.owner.id, action: 'league.settings', details: { a: 1 } },
    ]));
    const before = await logRows(t, 'league_log', s.leagueId);
    await expect(t.deps.db.updateTable('league_log').set({ details: canonicalJson({ a: 2 }) }).execute()).rejects.toMatchObject(REFUSED);
    await expect(t.deps.db.deleteFrom('league_log').where('league_id', '=', s.leagueId).execute()).rejects.toMatchObject(REFUSED);
    expect(await logRows(t, 'league_log', s.leagueId)).toEqual(before);
  });

  it("deleting a league archives its log, which stays append-only and verifiable", async () => {
    const t = ctx();
    const s = await setupLeagueLog(t);
    expect((await api(t, 'DELETE', `/leagues/remove_user/${s.leagueId}/${s.bob.id}`, s.owner.token)).statusCode).toBe(200);
    const before = await logRows(t, 'league_log', s.leagueId);
    expect(before).toHaveLength(1);
    expect((await api(t, 'DELETE', `/leagues/${s.leagueId}`, s.owner.token)).statusCode).toBe(200);
    expect(await logRows(t, 'league_log', s.leagueId)).toEqual([]);
    expect(await logRows(t, 'league_log_archive', s.leagueId)).toEqual(before);
    expect(await verifyLeagueLogs(t.deps.db, t.deps.logKey)).toMatchObject({ leagues: 0, archivedLeagues: 1, breaks: [] });
    await expect(t.deps.db.deleteFrom('league_log_archive').execute()).rejects.toMatchObject(REFUSED);
    await expect(t.deps.db.updateTable('league_log_archive').set({ actor_id: null }).execute()).rejects.toMatchObject(REFUSED);
  });

  it('a cut-short or rewritten chain fails against a published head; rewriting without the key always fails', async () => {
    const t = ctx();
    const s = await setupLeagueLog(t);
    const stamp = { now: t.clock.now(), key: t.deps.logKey };
    await t.deps.db.transaction().execute((trx) => appendLeagueLog(trx, stamp, [1, 2, 3].map((i) => (
      { leagueId: s.leagueId, actorId: s.owner.id, action: 'league.settings' as const, details: { i } }))));
    const [head] = await readLog(t, s.leagueId, s.ana.token);
    const anchor = { leagueId: s.leagueId, seq: head.seq, hash: head.hash };
    expect((await verifyLeagueLogs(t.deps.db, t.deps.logKey, [anchor])).breaks).toEqual([]);

    // Someone who can write the database drops the newest entry: the chain alone still verifies, the head does not.
    await dropLogGuards(t.deps.db, t.deps.dialect);
    await t.deps.db.deleteFrom('league_log').where('league_id', '=', s.leagueId).where('seq', '=', 3).execute();
    expect((await verifyLeagueLogs(t.deps.db, t.deps.logKey)).breaks).toEqual([]);
    expect((await verifyLeagueLogs(t.deps.db, t.deps.logKey, [anchor])).breaks).toEqual([{ league_id: s.leagueId, seq: 3, reason: 'truncated' }]);

    // Rewriting entry 2 and re-chaining after it needs the key: sha256 or a guessed key are both caught.
    const rewrite = async (scheme: 1 | 2, key: Uint8Array) => {
      const rows = await logRows(t, 'league_log', s.leagueId);
      await t.deps.db.deleteFrom('league_log').where('league_id', '=', s.leagueId).where('seq', '>=', 2).execute();
      let prev = rows[0].hash;
      for (const row of rows.slice(1)) {
        const details = Number(row.seq) === 2 ? { i: 20 } : JSON.parse(row.details);
        const content = {
          league_id: s.leagueId, seq: Number(row.seq), actor_id: row.actor_id === null ? null : Number(row.actor_id), action: row.action, details,
          created_at: Number(row.created_at),
        };
        const hash = entryHash(prev, content, scheme, key);
        await t.deps.db.insertInto('league_log').values({ ...content, details: canonicalJson(details), prev_hash: prev, hash, scheme }).execute();
        prev = hash;
      }
    };
    await rewrite(1, new Uint8Array());
    expect((await verifyLeagueLogs(t.deps.db, t.deps.logKey)).breaks).toEqual([{ league_id: s.leagueId, seq: 2, reason: 'unkeyed' }]);
    await rewrite(2, Buffer.from('a guessed key of thirty-two chars'));
    expect((await verifyLeagueLogs(t.deps.db, t.deps.logKey)).breaks).toEqual([{ league_id: s.leagueId, seq: 2, reason: 'hash' }]);
  });
});
