import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../cli/runCli';
import { verifyLogCommand } from '../../cli/verifyLogCommand';
import { appendLeagueLog } from '../../domain/leagueLog/leagueLogService';
import { call, describeEachDb, testConfig, type TestApp } from '../../testing/harness';
import { setupLeagueLog } from '../leagueLog/testing/leagueLogKit';

const archiveOf = (t: TestApp, leagueId: number, token: string) =>
  call(t.app, { method: 'GET', url: `/api/v1/en/leagues/archive/${leagueId}`, token });

/** Runs `porra verify-log --file` on an archive with the test app's log key. */
async function verifyFile(archive: unknown): Promise<{ code: number; out: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'porra-archive-'));
  try {
    const file = join(dir, 'archive.json');
    writeFileSync(file, typeof archive === 'string' ? archive : JSON.stringify(archive));
    const env = { DATABASE_URL: `sqlite:${join(dir, 'porra.sqlite')}`, LOG_HMAC_KEY: testConfig().logHmacKey! };
    const out: string[] = [];
    const code = await runCli(['verify-log', '--file', file], [verifyLogCommand], { out: (l) => out.push(l), err: (l) => out.push(l) }, env);
    return { code, out: out.join('\n') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describeEachDb('league archive', (ctx) => {
  it('gives the owner settings, members and the whole log with hashes, which verify-log --file finds intact', async () => {
    const t = ctx();
    const s = await setupLeagueLog(t);
    await t.deps.db.transaction().execute((trx) => appendLeagueLog(trx, { now: t.clock.now(), key: t.deps.logKey }, [
      { leagueId: s.leagueId, actorId: s.owner.id, action: 'league.settings', details: { before: { joker_count: 0 }, after: { joker_count: 2 } } },
      { leagueId: s.leagueId, actorId: s.owner.id, action: 'member.removed', details: { user_id: s.bob.id, name: 'Bob Müller' } },
    ]));
    const res = await archiveOf(t, s.leagueId, s.owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+ archive \d{4}-\d\d-\d\d\.json"/);
    const archive = res.data;
    expect(archive).toMatchObject({
      format: 'porra-league-archive', version: 2, signature: expect.stringMatching(/^[0-9a-f]{64}$/),
      league: { id: s.leagueId, owner_id: s.owner.id, settings: expect.objectContaining({ bets_system: 'exact', bet_deadline_minutes: 5 }) },
      members: [{ user_id: s.owner.id, name: 'Olga' }, { user_id: s.ana.id, name: 'Ana' }, { user_id: s.bob.id, name: 'Bob' }],
    });
    expect(archive.league.settings).not.toHaveProperty('share_token');
    expect(archive.log.map((e: any) => [e.seq, e.action, e.withheld, e.scheme])).toEqual([[1, 'league.settings', false, 3], [2, 'member.removed', false, 3]]);
    expect(archive.log[1].prev_hash).toBe(archive.log[0].hash);

    expect(await verifyFile(archive)).toEqual({ code: 0, out: [
      `Archive of league ${s.leagueId}, exported ${archive.exported_at}: the signature matches the log key, so the league, its settings, its members and its log are exactly as the server exported them.`,
      'Log: 2 entries, the chain is intact: 2 recomputed in full.',
      'Not verified: the members and settings against the log (the signature vouches for them; the chain does not cover them).',
    ].join('\n') });

    const breaksAt = async (tampered: unknown, text: string) => {
      const result = await verifyFile(tampered);
      expect(result.code).toBe(1);
      expect(result.out).toContain(text);
    };
    const changed = structuredClone(archive);
    changed.log[1].details.name = 'Someone else';
    await breaksAt(changed, `Archive of league ${s.leagueId}: the chain breaks at entry 2 (hash: an entry was changed)`);
    await breaksAt(changed, 'the signature does not match');
    const removed = structuredClone(archive);
    removed.log.shift();
    await breaksAt(removed, 'the chain breaks at entry 2 (sequence: an entry was removed or inserted)');
    const relinked = structuredClone(archive);
    relinked.log[1].prev_hash = 'f'.repeat(64);
    await breaksAt(relinked, 'the chain breaks at entry 2 (link: an entry was removed or inserted)');
    const otherLeague = structuredClone(archive);
    otherLeague.league.id = s.leagueId + 1;
    await breaksAt(otherLeague, 'the chain breaks at entry 1 (hash: an entry was changed)');
    await breaksAt('{"format": "something else"}', 'is not a Porra league archive');
    await breaksAt('not json', 'is not JSON');
  });

  it('refuses an archive edited where no chain reaches: members, settings, a forged withheld flag, a withheld bet changed', async () => {
    const t = ctx();
    const s = await setupLeagueLog(t);
    // An admin's correction of Ana's bet before its deadline: its goals are hidden from the owner, who archives it.
    await t.deps.db.transaction().execute((trx) => appendLeagueLog(trx, { now: t.clock.now(), key: t.deps.logKey }, [
      { leagueId: s.leagueId, actorId: s.admin.id, action: 'result_bet.admin_correction', details: {
        result_bet_id: s.betId, match_id: s.matchId, user_id: s.ana.id, before: { local_goals: 1, visiting_goals: 0 }, after: { local_goals: 2, visiting_goals: 0 },
      } },
      { leagueId: s.leagueId, actorId: s.owner.id, action: 'member.removed', details: { user_id: s.bob.id, name: 'Bob' } },
    ]));
    const archive = (await archiveOf(t, s.leagueId, s.owner.token)).data;
    expect(archive.log[0]).toMatchObject({
      withheld: true, scheme: 3, goals_seal: expect.stringMatching(/^[0-9a-f]{64}$/), details: { before: null, after: null, hidden: true },
    });
    expect(JSON.stringify(archive)).not.toContain('"local_goals":2');
    const intact = await verifyFile(archive);
    expect(intact.code).toBe(0);
    expect(intact.out).toContain('Log: 2 entries, the chain is intact: 1 recomputed in full; 1 withheld bet recomputed with its goals sealed.');
    expect(intact.out).toContain('Not verified: the goals of withheld bets (sealed until the bets are shown); the members and settings');

    const tampered = (edit: (copy: any) => void) => {
      const copy = structuredClone(archive);
      edit(copy);
      return copy;
    };
    const refused = async (copy: unknown, ...texts: string[]) => {
      const result = await verifyFile(copy);
      expect(result.code).toBe(1);
      for (const text of texts) expect(result.out).toContain(text);
      expect(result.out).not.toContain('exactly as the server exported them');
    };
    await refused(tampered((a) => { a.members[1].name = 'Mallory'; }), 'the signature does not match', 'Log: 2 entries, the chain is intact');
    await refused(tampered((a) => { a.league.settings.bet_deadline_minutes = 60; }), 'the signature does not match');
    // The removal marked withheld, as if it were a hidden bet: only a bet's goals may be withheld.
    await refused(tampered((a) => { Object.assign(a.log[1], { withheld: true }); Object.assign(a.log[1].details, { before: null, after: null, hidden: true }); }),
      'the chain breaks at entry 2 (withheld: an entry is marked withheld but only a bet\'s goals may be)');
    // Everything of a withheld bet but its goals is still recomputed: whose bet it was, and when.
    await refused(tampered((a) => { a.log[0].details.user_id = s.bob.id; }), 'the chain breaks at entry 1 (hash: an entry was changed)');
    await refused(tampered((a) => { a.log[0].goals_seal = 'a'.repeat(64); }), 'the chain breaks at entry 1 (hash: an entry was changed)');
    // A signature recomputed without the key, and an archive stripped of it, vouch for nothing.
    await refused(tampered((a) => { a.signature = 'b'.repeat(64); }), 'the signature does not match');
    await refused(tampered((a) => { delete a.signature; }), 'carries no signature');
  });

  it('only the owner gets it: members and admins 403, an unknown league 404', async () => {
    const t = ctx();
    const s = await setupLeagueLog(t);
    expect((await archiveOf(t, s.leagueId, s.ana.token)).statusCode).toBe(403);
    expect((await archiveOf(t, s.leagueId, s.admin.token)).statusCode).toBe(403);
    expect((await archiveOf(t, s.leagueId, s.outsider.token)).statusCode).toBe(403);
    expect((await archiveOf(t, 999_999, s.owner.token)).statusCode).toBe(404);
  });
});
