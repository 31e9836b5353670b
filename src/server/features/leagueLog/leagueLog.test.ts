import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { runCli } from '../../cli/runCli';
import { verifyLogCommand } from '../../cli/verifyLogCommand';
import { ManualClock } from '../../testing/manualClock';
import { migrate, openDatabase } from '../../platform/db/database';
import { createCup } from '../../testing/competitionFixture';
import { describeEachDb, testConfig, type TestApp } from '../../testing/harness';
import { createLeague, finishMatch } from '../resultBets/testing/betsTestFixture';
import { recomputeAfterResults } from '../../domain/rescoring/recompute';
import { canonicalJson, entryHash, GENESIS_HASH } from '../../domain/leagueLog/canonical';
import { appendLeagueLog } from '../../domain/leagueLog/leagueLogService';
import { verifyLeagueLogs } from '../../domain/leagueLog/verifyLog';
import { api, dropLogGuards, HOUR, setupLeagueLog } from './testing/leagueLogKit';
import { withMatchCompetitions } from '../../testing/betCompetitions';

const setup = setupLeagueLog;

const lateEntry = (t: TestApp, token: string, betId: number, goals: [number, number], locale = 'en') =>
  api(t, 'POST', '/result_bets/late_entry', token, { result_bet_id: betId, local_goals: goals[0], visiting_goals: goals[1], reason: 'Paper bet' }, locale);

describeEachDb('late entry and the league log', (ctx) => {
  it('the owner enters a bet after its deadline only: scored, marked for everyone, logged; members read the log', async () => {
    const t = ctx();
    const s = await setup(t);
    const open = await lateEntry(t, s.owner.token, s.betId, [2, 1], 'es');
    expect(open.statusCode).toBe(409);
    expect(open.data.error).toBe('La apuesta sigue abierta: la puede introducir su participante');
    // The league's rules allow late entries after the result (set before the first kickoff, logged).
    const rules = await api(t, 'PUT', `/leagues/${s.leagueId}`, s.owner.token, { league: { late_entry_after_result: true } });
    expect(rules.data.league ?? rules.data).toMatchObject({ late_entry_after_result: true });

    t.clock.set(s.start + 3 * HOUR);
    await finishMatch(t.deps.db, s.matchId, 2, 1);
    await recomputeAfterResults(t.deps.db, s.cup.competitionId, [s.matchId]);
    expect((await lateEntry(t, s.ana.token, s.betId, [2, 1])).statusCode).toBe(403);
    expect((await lateEntry(t, s.owner.token, 99999999, [2, 1])).statusCode).toBe(404);
    const saved = await lateEntry(t, s.owner.token, s.betId, [2, 1]);
    expect(saved.statusCode).toBe(200);
    expect(saved.data).toMatchObject({ late_entry: true, local_goals: 2, visiting_goals: 1 });
    expect(saved.data.points).toBeGreaterThan(0);

    const seen = await api(t, 'GET', `/result_bets/index/${s.leagueId}?match_id=${s.matchId}`, s.bob.token);
    expect(seen.data.find((b: any) => b.id === s.betId)).toMatchObject({ late_entry: true, local_goals: 2 });
    const table = await api(t, 'GET', `/leagues/users_league_table/${s.leagueId}`, s.bob.token);
    expect(table.data.users[0]).toMatchObject({ user_name: 'Ana', points: saved.data.points, exact_hits: 1, tendency_hits: 1 });

    const log = await api(t, 'GET', `/leagues/log/${s.leagueId}`, s.bob.token);
    expect(log.statusCode).toBe(200);
    expect(log.data.entries).toEqual([expect.objectContaining({
      seq: 2, actor_id: s.owner.id, actor_name: 'Olga', action: 'result_bet.late_entry',
      details: {
        result_bet_id: s.betId, match_id: s.matchId, user_id: s.ana.id, reason: 'Paper bet', after_result: true,
        before: { local_goals: null, visiting_goals: null }, after: { local_goals: 2, visiting_goals: 1 },
      },
    }), expect.objectContaining({
      seq: 1, action: 'league.settings', prev_hash: GENESIS_HASH,
      details: { before: { late_entry_after_result: false }, after: { late_entry_after_result: true } },
    })]);
    expect((await api(t, 'GET', `/leagues/log/${s.leagueId}`, s.outsider.token)).statusCode).toBe(403);

    // A global admin's correction of the bet is logged too, chained after the late entry.
    const corrected = await api(t, 'POST', '/result_bets/update_result_bet', s.admin.token, { result_bet_id: s.betId, local_goals: 0, visiting_goals: 0 });
    expect(corrected.statusCode).toBe(200);
    const after = (await api(t, 'GET', `/leagues/log/${s.leagueId}`, s.ana.token)).data.entries;
    expect(after[0]).toMatchObject({
      seq: 3, action: 'result_bet.admin_correction', actor_id: s.admin.id, prev_hash: after[1].hash,
      details: { result_bet_id: s.betId, before: { local_goals: 2, visiting_goals: 1 }, after: { local_goals: 0, visiting_goals: 0 } },
    });
  });

  it('refuses an owner\'s own bet, and any late entry once the match has a result unless the league allows it', async () => {
    const t = ctx();
    const s = await setup(t);
    const { id: ownBetId } = await t.deps.db.insertInto('result_bets')
      .values(await withMatchCompetitions(t.deps.db, { league_id: s.leagueId, user_id: s.owner.id, match_id: s.matchId, local_goals: null, visiting_goals: null, updated_at: 0 }))
      .returning('id').executeTakeFirstOrThrow();
    const betGoals = async (betId: number) => t.deps.db.selectFrom('result_bets').select(['local_goals', 'late_entry'])
      .where('id', '=', betId).executeTakeFirstOrThrow();

    // Past the deadline, before any score: a rival's bet may be entered, never the owner's own.
    t.clock.set(s.start - 60_000);
    const own = await lateEntry(t, s.owner.token, Number(ownBetId), [1, 0], 'es');
    expect(own.statusCode).toBe(403);
    expect(own.data.error).toBe('El propietario de la liga no puede introducir tarde su propia apuesta');
    expect(await betGoals(Number(ownBetId))).toEqual({ local_goals: null, late_entry: 0 });
    expect((await lateEntry(t, s.owner.token, s.betId, [1, 1])).statusCode).toBe(200);

    // Once the match has a score, in play or final, the league's default rules refuse every late entry.
    t.clock.set(s.start + HOUR);
    await t.deps.db.updateTable('matches').set({ local_goals: 2, visiting_goals: 0, started: 1, status: 'in_play' })
      .where('id', '=', s.matchId).execute();
    const inPlay = await lateEntry(t, s.owner.token, s.betId, [2, 0], 'es');
    expect(inPlay.statusCode).toBe(409);
    expect(inPlay.data.error).toBe('Este partido ya tiene resultado: las reglas de la liga no permiten apuestas tardías después');
    t.clock.set(s.start + 3 * HOUR);
    await finishMatch(t.deps.db, s.matchId, 2, 0);
    await recomputeAfterResults(t.deps.db, s.cup.competitionId, [s.matchId]);
    const final = await lateEntry(t, s.owner.token, s.betId, [2, 0]);
    expect(final.statusCode).toBe(409);
    expect(final.data.error).toBe("This match already has a result: the league's rules do not allow late entries after it");
    expect((await lateEntry(t, s.owner.token, Number(ownBetId), [2, 0])).statusCode).toBe(403);
    expect(await betGoals(s.betId)).toEqual({ local_goals: 1, late_entry: 1 });
    expect(await betGoals(Number(ownBetId))).toEqual({ local_goals: null, late_entry: 0 });
    // Only the entry made before the score is in the league's log.
    const log = (await api(t, 'GET', `/leagues/log/${s.leagueId}`, s.ana.token)).data.entries;
    expect(log.map((e: any) => [e.action, e.details.after_result])).toEqual([['result_bet.late_entry', false]]);
    // The rule is part of the league's settings: frozen once the competition has started, like the scoring.
    const change = await api(t, 'PUT', `/leagues/${s.leagueId}`, s.owner.token, { league: { late_entry_after_result: true } });
    expect(change.statusCode).toBe(403);
  });

  it('a logged bet stays hidden from other members until its deadline, like the bet itself', async () => {
    const t = ctx();
    const s = await setup(t);
    // A global admin corrects Ana's bet while it is still open: the log records it at once.
    expect((await api(t, 'POST', '/result_bets/update_result_bet', s.admin.token, { result_bet_id: s.betId, local_goals: 3, visiting_goals: 0 })).statusCode).toBe(200);
    const entryFor = async (token: string) => (await api(t, 'GET', `/leagues/log/${s.leagueId}`, token)).data.entries[0];
    const hidden = { result_bet_id: s.betId, match_id: s.matchId, user_id: s.ana.id, before: null, after: null, hidden: true };
    expect((await entryFor(s.bob.token)).details).toEqual(hidden);
    expect((await entryFor(s.owner.token)).details).toEqual(hidden);
    const full = { result_bet_id: s.betId, match_id: s.matchId, user_id: s.ana.id, before: { local_goals: null, visiting_goals: null }, after: { local_goals: 3, visiting_goals: 0 } };
    expect((await entryFor(s.ana.token)).details).toEqual(full);
    // The hash covers the full entry, whoever reads it.
    expect((await entryFor(s.bob.token)).hash).toBe((await entryFor(s.ana.token)).hash);
    t.clock.set(s.start - 5 * 60_000);
    expect((await entryFor(s.bob.token)).details).toEqual(full);
  });

  it('settings changes, removals, bonus resolutions and admin result corrections chain up; verify-log finds any edit', async () => {
    const t = ctx();
    const s = await setup(t);
    expect((await api(t, 'PUT', `/leagues/${s.leagueId}`, s.owner.token, { league: { tie_breaks: ['exact_hits', 'matchday_wins'] } })).statusCode).toBe(200);
    // A name change moves no points: not logged.
    await api(t, 'PUT', `/leagues/${s.leagueId}`, s.owner.token, { league: { name: 'Renamed league' } });
    expect((await api(t, 'DELETE', `/leagues/remove_user/${s.leagueId}/${s.bob.id}`, s.owner.token)).statusCode).toBe(200);
    const question = await api(t, 'POST', '/bonus_questions', s.owner.token, {
      league_id: s.leagueId, question: { text: 'Goals?', kind: 'number', points: 2, deadline: new Date(s.start).toISOString() },
    });
    await api(t, 'POST', '/bonus_questions/answer', s.ana.token, { question_id: question.data.question.id, answer: { number: 4 } });
    t.clock.set(s.start + 3 * HOUR);
    await api(t, 'POST', '/bonus_questions/resolve', s.owner.token, { question_id: question.data.question.id, correct: [{ number: 4 }] });
    const edit = await api(t, 'PUT', `/matches/${s.matchId}`, s.admin.token, { match: { local_goals: 1, visiting_goals: 0, status: 'finished' } });
    expect(edit.statusCode).toBe(200);

    const log = (await api(t, 'GET', `/leagues/log/${s.leagueId}`, s.ana.token)).data.entries;
    expect(log.map((e: any) => [e.seq, e.action])).toEqual([
      [4, 'match.result_corrected'], [3, 'bonus.resolved'], [2, 'member.removed'], [1, 'league.settings'],
    ]);
    expect(log[3].details).toEqual({ before: { tie_breaks: [] }, after: { tie_breaks: ['exact_hits', 'matchday_wins'] } });
    expect(log[1].details).toMatchObject({ after: [{ number: 4 }], points: [{ user_id: s.ana.id, before: null, after: 2 }] });
    expect(log[0].details).toMatchObject({ match_id: s.matchId, before: { local_goals: null, finished: 0 }, after: { local_goals: 1, visiting_goals: 0, finished: 1 } });
    // Each entry's hash is HMAC-SHA256(log key, previous hash + canonical entry): not the plain sha256.
    for (const entry of log) {
      const content = {
        league_id: s.leagueId, seq: entry.seq, actor_id: entry.actor_id, action: entry.action, details: entry.details,
        created_at: Date.parse(entry.created_at),
      };
      expect(entry).toMatchObject({ keyed: true, hash: entryHash(entry.prev_hash, content, 2, t.deps.logKey) });
      expect(entry.hash).not.toBe(entryHash(entry.prev_hash, content, 1, t.deps.logKey));
    }
    expect(log.slice(0, 3).map((e: any) => e.prev_hash)).toEqual(log.slice(1).map((e: any) => e.hash));
    expect(await verifyLeagueLogs(t.deps.db, t.deps.logKey)).toMatchObject({ entries: 4, breaks: [] });

    // An edited entry breaks its own hash; a removed one breaks the sequence (once the append-only triggers are gone).
    await dropLogGuards(t.deps.db, t.deps.dialect);
    await t.deps.db.updateTable('league_log').set({ details: canonicalJson({ user_id: s.ana.id }) }).where('league_id', '=', s.leagueId)
      .where('seq', '=', 2).execute();
    expect((await verifyLeagueLogs(t.deps.db, t.deps.logKey)).breaks).toEqual([{ league_id: s.leagueId, seq: 2, reason: 'hash' }]);
    const lines: string[] = [];
    const run = verifyLogCommand.run({ db: t.deps.db, config: t.deps.config, values: {}, out: (l: string) => lines.push(l) } as never);
    await expect(run).rejects.toThrow('1 of 1 league logs are broken');
    expect(lines).toEqual([`League ${s.leagueId}: the chain breaks at entry 2 (hash: an entry was changed)`]);
    await t.deps.db.deleteFrom('league_log').where('league_id', '=', s.leagueId).where('seq', '=', 2).execute();
    expect((await verifyLeagueLogs(t.deps.db, t.deps.logKey)).breaks).toEqual([{ league_id: s.leagueId, seq: 3, reason: 'sequence' }]);
  });

  it('concurrent appends to one league never fork the chain', async () => {
    const t = ctx();
    const s = await setup(t);
    const now = t.clock.now();
    await Promise.all(Array.from({ length: 12 }, (_, i) => t.deps.db.transaction().execute(async (trx) => {
      // Some work in the transaction first, so the appends really overlap on PostgreSQL.
      await sql`SELECT 1`.execute(trx);
      await appendLeagueLog(trx, { now, key: t.deps.logKey }, [{ leagueId: s.leagueId, actorId: s.owner.id, action: 'league.settings', details: { i } }]);
    })));
    const rows = await t.deps.db.selectFrom('league_log').select(['seq']).where('league_id', '=', s.leagueId).orderBy('seq').execute();
    expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await verifyLeagueLogs(t.deps.db, t.deps.logKey)).toMatchObject({ entries: 12, leagues: 1, breaks: [] });
  });
});

describe('npm run porra -- verify-log', () => {
  it('exits 0 on intact chains holding every --expect head, 1 naming the league on a break or a lost head', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'porra-log-'));
    const env = { DATABASE_URL: `sqlite:${join(dir, 'porra.sqlite')}`, LOG_HMAC_KEY: testConfig().logHmacKey! };
    const key = Buffer.from(env.LOG_HMAC_KEY);
    try {
      const handle = openDatabase(env.DATABASE_URL);
      await migrate(handle);
      const clock = new ManualClock(Date.parse('2026-06-01T12:00:00Z'));
      const { id: userId } = await handle.db.insertInto('users').values({ name: 'O', email: 'o@example.com', password_hash: 'x', created_at: 0, updated_at: 0 })
        .returning('id').executeTakeFirstOrThrow();
      const cup = await createCup(handle.db, { start: clock.now() + HOUR });
      const leagueId = await createLeague(handle.db, { competitionId: cup.competitionId, ownerId: userId });
      await handle.db.transaction().execute((trx) => appendLeagueLog(trx, { now: clock.now(), key }, [
        { leagueId, actorId: userId, action: 'league.settings', details: { a: 1 } },
        { leagueId, actorId: userId, action: 'member.left', details: { user_id: userId } },
      ]));
      const head = await handle.db.selectFrom('league_log').select('hash').where('seq', '=', 2).executeTakeFirstOrThrow();
      const run = async (args: string[] = [], runEnv: Record<string, string> = env) => {
        const out: string[] = [];
        const code = await runCli(['verify-log', ...args], [verifyLogCommand], { out: (l) => out.push(l), err: (l) => out.push(l) }, runEnv, clock);
        return { code, out: out.join('\n') };
      };
      expect(await run()).toEqual({ code: 0, out: '2 entries in 1 league logs and 0 archived: every chain is intact.' });
      expect(await run(['--expect', `${leagueId}:2:${head.hash}`])).toEqual({
        code: 0, out: '2 entries in 1 league logs and 0 archived: every chain is intact. 1 published head is still in place.',
      });
      expect((await run(['--expect', `${leagueId}:2`])).code).toBe(2);
      // Without the key nothing can be checked, and verify-log never makes one up.
      const keyless = await run([], { DATABASE_URL: env.DATABASE_URL, LOG_HMAC_KEY_FILE: join(dir, 'missing.key') });
      expect(keyless).toMatchObject({ code: 1, out: expect.stringContaining('No log key: set LOG_HMAC_KEY') });

      await dropLogGuards(handle.db, 'sqlite');
      await handle.db.updateTable('league_log').set({ actor_id: null }).where('seq', '=', 1).execute();
      await handle.close();
      const broken = await run();
      expect(broken.code).toBe(1);
      expect(broken.out).toMatch(new RegExp(`League ${leagueId}: the chain breaks at entry 1 \\(hash: an entry was changed\\)`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
