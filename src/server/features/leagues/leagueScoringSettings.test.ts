import { ROUND } from '../../../shared/domain/rounds';
import { SCORING_PRESETS } from '../../../shared/domain/scoring';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { finishMatch } from '../resultBets/testing/betsTestFixture';
import { recomputeAfterResults } from '../../domain/rescoring/recompute';
import { CUP_START, api, createLeague, leagueWithMember, leagueWorld, type Person } from './testing/leagueTestKit';
import { betPoints, memberStanding } from '../../testing/standingsReads';

const HOUR = 3_600_000;

async function update(t: TestApp, who: Person, leagueId: number, league: Record<string, unknown>, locale: 'en' | 'es' = 'en') {
  return call(t.app, { method: 'PUT', url: api(`/leagues/${leagueId}`, locale), token: who.token, payload: { league } });
}

/** The member's real bet on the first group match (the matchday's bets are created when listed). */
async function firstBet(t: TestApp, who: Person, leagueId: number, matchId: number) {
  const res = await call(t.app, { method: 'GET', url: api(`/result_bets/index/${leagueId}?matchday=1`), token: who.token });
  return res.data.find((b: { match_id: number }) => b.match_id === matchId) as { id: number };
}

async function saveBet(t: TestApp, who: Person, betId: number, body: Record<string, unknown>, locale: 'en' | 'es' = 'en') {
  return call(t.app, {
    method: 'POST', url: api('/result_bets/update_result_bet', locale), token: who.token,
    payload: { result_bet_id: betId, local_goals: 2, visiting_goals: 1, ...body },
  });
}

describeEachDb('league scoring model, round weights, jokers and deadlines', (ctx) => {
  it('lists the scoring presets with translated names', async () => {
    const t = ctx();
    const en = await call(t.app, { method: 'GET', url: api('/scoring_presets') });
    expect(en.statusCode).toBe(200);
    expect(en.data.map((p: { key: string }) => p.key)).toEqual(['classic', 'winner', 'kicktipp', 'tendency_exact', 'quote', 'odds']);
    expect(en.data[0]).toEqual({ key: 'classic', name: 'Classic: winner and goals', scoring: SCORING_PRESETS.classic });
    expect(en.data[2].scoring).toEqual({ mode: 'highest', tendency: 2, goal_difference: 3, exact: 4, local_goals: 0, visiting_goals: 0, quote_max: 10 });
    expect(en.data[4]).toEqual({
      key: 'quote', name: 'Crowd quote: a right tendency earns more the fewer members saw it coming',
      scoring: { mode: 'quote', tendency: 2, goal_difference: 0, exact: 2, local_goals: 0, visiting_goals: 0, quote_max: 10 },
    });
    expect(en.data[5]).toEqual({
      key: 'odds', name: 'Fair odds: a right tendency earns more the less likely the rating model thought it',
      scoring: { mode: 'odds', tendency: 1, goal_difference: 1, exact: 2, local_goals: 0, visiting_goals: 0, quote_max: 10 },
    });
    const es = await call(t.app, { method: 'GET', url: api('/scoring_presets', 'es') });
    expect(es.data[1].name).toBe('Solo el ganador');
    expect(es.data[5].name).toBe('Cuotas justas: acertar la tendencia vale más cuanto menos probable la veía el modelo de ratings');
  });

  it('creates with defaults, maps points_system to its preset, keeps a custom scoring and validates', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const plain = await createLeague(t, w.owner, { name: 'Plain', competition_id: w.cup.competitionId });
    expect(plain).toMatchObject({
      scoring: SCORING_PRESETS.classic, points_system: 'winner_and_goals', round_multipliers: [], jokers: { count: 0, multiplier: 2 },
      bet_deadline_minutes: 5, lock_by: 'match', jokers_left: 0,
    });
    const winner = await createLeague(t, w.owner, { name: 'Old winner', competition_id: w.cup.competitionId, points_system: 'winner' });
    expect(winner).toMatchObject({ scoring: SCORING_PRESETS.winner, points_system: 'winner' });
    const custom = await createLeague(t, w.owner, {
      name: 'Custom', competition_id: w.cup.competitionId, scoring: SCORING_PRESETS.kicktipp,
      round_multipliers: [{ round_id: 7, factor: 2 }, { round_id: 1, factor: 1 }], jokers: { count: 3, multiplier: 2 },
      bet_deadline_minutes: 60, lock_by: 'matchday', knockout_basis: 'penalties',
    });
    expect(custom).toMatchObject({
      scoring: SCORING_PRESETS.kicktipp, round_multipliers: [{ round_id: 7, factor: 2 }], jokers: { count: 3, multiplier: 2 },
      bet_deadline_minutes: 60, lock_by: 'matchday', knockout_basis: 'penalties', jokers_left: 3,
    });
    for (const league of [
      { scoring: { ...SCORING_PRESETS.classic, exact: 21 } },
      { scoring: { ...SCORING_PRESETS.quote, quote_max: 0 } },
      { scoring: { ...SCORING_PRESETS.quote, quote_max: 51 } },
      { scoring: { ...SCORING_PRESETS.quote, tendency: 5, quote_max: 4 } },
      { round_multipliers: [{ round_id: 8, factor: 2 }] },
      { round_multipliers: [{ round_id: 7, factor: 6 }] },
      { round_multipliers: [{ round_id: 7, factor: 2 }, { round_id: 7, factor: 3 }] },
      { jokers: { count: 11, multiplier: 2 } },
      { bet_deadline_minutes: 1441 },
      { lock_by: 'week' },
    ]) {
      const res = await call(t.app, {
        method: 'POST', url: api('/leagues', 'es'), token: w.owner.token,
        payload: { league: { name: 'Bad', competition_id: w.cup.competitionId, ...league } },
      });
      expect({ league, status: res.statusCode }).toEqual({ league, status: 400 });
      expect(res.data.error).toBeTruthy();
    }
    const quote = await createLeague(t, w.owner, { name: 'Quote', competition_id: w.cup.competitionId, scoring: SCORING_PRESETS.quote });
    expect(quote).toMatchObject({ scoring: SCORING_PRESETS.quote, points_system: 'winner_and_goals' });
    // A client from before the quote sends no quote_max: the league is made, with the preset's ceiling.
    const { quote_max: _left, ...older } = SCORING_PRESETS.kicktipp;
    const fromOlderClient = await createLeague(t, w.owner, { name: 'Older client', competition_id: w.cup.competitionId, scoring: older });
    expect(fromOlderClient).toMatchObject({ scoring: { ...SCORING_PRESETS.kicktipp, quote_max: 10 } });
    const low = await call(t.app, {
      method: 'POST', url: api('/leagues'), token: w.owner.token,
      payload: { league: { name: 'Low', competition_id: w.cup.competitionId, scoring: { ...SCORING_PRESETS.quote, tendency: 5, quote_max: 4 } } },
    });
    expect(JSON.stringify(low.data.errors)).toContain('must be greater than or equal to 5');
  });

  it('a new scoring on a running league (editable_after_start) rescores its standings at once', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w, { editable_after_start: true });
    const matchId = w.cup.groupMatchIds[0];
    const bet = await firstBet(t, w.member, league.id, matchId);
    expect((await saveBet(t, w.member, bet.id, { local_goals: 3, visiting_goals: 2 })).statusCode).toBe(200);
    t.clock.set(CUP_START + 3 * HOUR);
    await finishMatch(t.deps.db, matchId, 2, 1);
    await recomputeAfterResults(t.deps.db, w.cup.competitionId, [matchId]);
    const points = async () => (await memberStanding(t.deps.db, league.id, w.member.id)).points;
    expect(await points()).toBe(2);
    const res = await update(t, w.owner, league.id, { scoring: SCORING_PRESETS.kicktipp });
    expect(res.statusCode).toBe(200);
    expect(res.data.league.scoring).toEqual(SCORING_PRESETS.kicktipp);
    expect(await points()).toBe(3);
    // points_system still works and stands for its preset.
    expect((await update(t, w.owner, league.id, { points_system: 'winner_and_goals' })).data.league.scoring).toEqual(SCORING_PRESETS.classic);
    expect(await points()).toBe(2);
  });

  it('jokers: at most count per member (409), hidden from others until the deadline, multiplied after the round factor', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w, { jokers: { count: 1, multiplier: 3 }, round_multipliers: [{ round_id: 1, factor: 2 }] });
    const [first, second] = w.cup.groupMatchIds;
    const bet = await firstBet(t, w.member, league.id, first);
    const other = await firstBet(t, w.member, league.id, second);
    const saved = await saveBet(t, w.member, bet.id, { joker: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.data.joker).toBe(true);
    const refused = await saveBet(t, w.member, other.id, { joker: true }, 'es');
    expect(refused.statusCode).toBe(409);
    expect(refused.data.error).toBe('No te quedan comodines en esta liga (como máximo 1)');
    expect((await t.deps.db.selectFrom('result_bets').select('joker').where('id', '=', other.id).executeTakeFirstOrThrow()).joker).toBe(0);
    const shown = await call(t.app, { method: 'GET', url: api(`/leagues/${league.id}`), token: w.member.token });
    expect(shown.data.jokers_left).toBe(0);
    // Others see the joker only once the bet is shown.
    const ownerView = async () => (await call(t.app, {
      method: 'GET', url: api(`/result_bets/index/${league.id}?match_id=${first}`), token: w.owner.token,
    })).data.find((b: { user_id: number }) => b.user_id === w.member.id);
    expect((await ownerView()).joker).toBe(false);
    t.clock.set(CUP_START - 4 * 60_000);
    expect((await ownerView()).joker).toBe(true);
    // The flag follows the deadline.
    expect((await saveBet(t, w.member, bet.id, { joker: false })).statusCode).toBe(400);
    t.clock.set(CUP_START + 3 * HOUR);
    await finishMatch(t.deps.db, first, 2, 1);
    await recomputeAfterResults(t.deps.db, w.cup.competitionId, [first]);
    expect(await betPoints(t.deps.db, bet.id)).toBe(5 * 2 * 3);
    // Fewer jokers than a member has played: refused.
    const fewer = await update(t, w.owner, league.id, { jokers: { count: 0, multiplier: 3 } });
    expect(fewer.statusCode).toBe(403); // the competition started and the league is not editable_after_start
  });

  it('lowering the joker count never depends on a hidden joker: open ones beyond it go back, shown ones refuse it', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w, { jokers: { count: 3, multiplier: 2 } });
    const [first, second] = w.cup.groupMatchIds;
    const early = await firstBet(t, w.member, league.id, first);
    const late = await firstBet(t, w.member, league.id, second);
    for (const bet of [early, late]) expect((await saveBet(t, w.member, bet.id, { joker: true })).statusCode).toBe(200);
    // Both jokers are on bets still hidden: the owner's change is taken as if nobody had played one.
    const lowered = await update(t, w.owner, league.id, { jokers: { count: 1, multiplier: 2 } });
    expect(lowered.statusCode).toBe(200);
    const jokers = await t.deps.db.selectFrom('result_bets').select(['id', 'joker']).where('id', 'in', [early.id, late.id]).orderBy('id').execute();
    // The later deadline's joker went back to the member; the bet itself stays.
    expect(jokers.map((b) => [b.id, b.joker])).toEqual([[early.id, 1], [late.id, 0]].sort((a, b) => a[0]! - b[0]!));
    expect((await call(t.app, { method: 'GET', url: api(`/leagues/${league.id}`), token: w.member.token })).data.jokers_left).toBe(0);
    // Once the joker's bet is shown, the count cannot go below it: refused, saying what everyone can see.
    t.clock.set(CUP_START - 4 * 60_000);
    const fewer = await update(t, w.owner, league.id, { jokers: { count: 0, multiplier: 2 } }, 'es');
    expect([fewer.statusCode, fewer.data.errors]).toEqual([400, { 'league.jokers': ['no puede ser menor que los comodines que un miembro ya ha jugado (1)'] }]);
  });

  it('concurrent joker flags never pass the count', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w, { jokers: { count: 1, multiplier: 2 } });
    // The member's four bets of matchday 1 (two matches per group), then four flags at once.
    const bets = (await call(t.app, { method: 'GET', url: api(`/result_bets/index/${league.id}?matchday=1`), token: w.member.token })).data as { id: number }[];
    expect(bets).toHaveLength(4);
    const answers = await Promise.all(bets.map((bet) => saveBet(t, w.member, bet.id, { joker: true })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const flagged = await t.deps.db.selectFrom('result_bets').select('id').where('league_id', '=', league.id)
      .where('user_id', '=', w.member.id).where('joker', '=', 1).execute();
    expect(flagged).toHaveLength(1);
  });

  it('a joker is checked against the count as it is when played, not as the bet was first read', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w, { jokers: { count: 2, multiplier: 2 } });
    const bet = await firstBet(t, w.member, league.id, w.cup.groupMatchIds[0]);
    const other = await firstBet(t, w.member, league.id, w.cup.groupMatchIds[1]);
    expect((await saveBet(t, w.member, bet.id, { joker: true })).statusCode).toBe(200);
    // The owner lowers the count to the one joker played, committed after the flag read the bet and before its
    // transaction starts.
    const db = t.deps.db;
    const transaction = db.transaction.bind(db);
    jest.spyOn(db, 'transaction').mockImplementationOnce(() => ({
      execute: async (work: Parameters<ReturnType<typeof transaction>['execute']>[0]) => {
        expect((await update(t, w.owner, league.id, { jokers: { count: 1, multiplier: 2 } })).statusCode).toBe(200);
        return transaction().execute(work);
      },
    }) as never);
    const refused = await saveBet(t, w.member, other.id, { joker: true }, 'es');
    expect(refused.statusCode).toBe(409);
    expect(refused.data.error).toBe('No te quedan comodines en esta liga (como máximo 1)');
    const flagged = await db.selectFrom('result_bets').select('id').where('league_id', '=', league.id).where('joker', '=', 1).execute();
    expect(flagged.map((row) => row.id)).toEqual([bet.id]);
  });

  it('a joker played while the owner lowers the count: never more jokers than the count', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w, { jokers: { count: 2, multiplier: 2 } });
    const bet = await firstBet(t, w.member, league.id, w.cup.groupMatchIds[0]);
    const other = await firstBet(t, w.member, league.id, w.cup.groupMatchIds[1]);
    await saveBet(t, w.member, bet.id, { joker: true });
    const [lowered, played] = await Promise.all([
      update(t, w.owner, league.id, { jokers: { count: 1, multiplier: 2 } }), saveBet(t, w.member, other.id, { joker: true }),
    ]);
    // Jokers on open bets never refuse a lower count: one played first is taken off again, one played after is refused.
    expect(lowered.statusCode).toBe(200);
    expect([200, 409]).toContain(played.statusCode);
    const { joker_count: count } = await t.deps.db.selectFrom('leagues').select('joker_count').where('id', '=', league.id).executeTakeFirstOrThrow();
    const flagged = await t.deps.db.selectFrom('result_bets').select('id').where('league_id', '=', league.id).where('joker', '=', 1).execute();
    expect(flagged.length).toBeLessThanOrEqual(count);
  });

  it('penalties basis: the shoot-out winner gets a goal, in the points and in the points legend', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w, { knockout_basis: 'penalties' });
    const final = w.cup.knockoutMatchIds[2];
    // The final within the fixture sessions' day.
    await t.deps.db.updateTable('matches').set({ date: CUP_START + HOUR }).where('id', '=', final).execute();
    const bets = await call(t.app, { method: 'GET', url: api(`/result_bets/index/${league.id}?matchday=5`), token: w.member.token });
    const bet = bets.data.find((b: { match_id: number }) => b.match_id === final) as { id: number };
    expect((await saveBet(t, w.member, bet.id, { local_goals: 2, visiting_goals: 1 })).statusCode).toBe(200);
    t.clock.set(CUP_START + 4 * HOUR);
    // 1-1 after extra time, 4-3 on penalties: compared as 2-1, an exact hit (classic: 2 + 1 + 1 + 1).
    await finishMatch(t.deps.db, final, 1, 1, { local_goals_extra_time: 0, visiting_goals_extra_time: 0, local_penalties: 4, visiting_penalties: 3 });
    await recomputeAfterResults(t.deps.db, w.cup.competitionId, [final]);
    const seen = await call(t.app, { method: 'GET', url: api(`/result_bets/index/${league.id}?match_id=${final}`), token: w.owner.token });
    expect(seen.data.find((b: { id: number }) => b.id === bet.id).points).toBe(5);
    const info = await call(t.app, { method: 'GET', url: api(`/result_bets/points_info/${bet.id}`), token: w.member.token });
    expect(info.data.legend.map((row: { points: number }) => row.points)).toEqual([2, 1, 1, 1]);
  });

  it('a league competition locks by matchday unless the league says match', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const now = t.clock.now();
    const { id: competitionId } = await t.deps.db.insertInto('competitions')
      .values({ name: 'Liga', competition_type: 'league', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    // Matchday 1: a match in 2 hours and one in 6.
    const matchIds: number[] = [];
    for (const hours of [2, 6]) {
      const { id } = await t.deps.db.insertInto('matches').values({
        competition_id: competitionId, round_id: ROUND.REGULAR_SEASON, matchday: 1, local_team_id: w.cup.teamIds[0],
        visiting_team_id: w.cup.teamIds[1], date: now + hours * HOUR, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      matchIds.push(id);
    }
    const byMatchday = await leagueWithMember(t, w, { competition_id: competitionId });
    const byMatch = await leagueWithMember(t, w, { competition_id: competitionId, lock_by: 'match' });
    expect([byMatchday.lock_by, byMatch.lock_by]).toEqual(['matchday', 'match']);
    // Three hours on, the first match has kicked off: the later one is closed with it only in the matchday league.
    t.clock.set(now + 3 * HOUR);
    for (const [league, status] of [[byMatchday, 400], [byMatch, 200]] as const) {
      const bet = await firstBet(t, w.member, league.id, matchIds[1]);
      expect({ lock_by: league.lock_by, status: (await saveBet(t, w.member, bet.id, {})).statusCode }).toEqual({ lock_by: league.lock_by, status });
    }
  });

  it('bet_deadline_minutes and lock_by set the deadline; a change may not reopen shown bets', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w, { bet_deadline_minutes: 60 });
    const bet = await firstBet(t, w.member, league.id, w.cup.groupMatchIds[0]);
    t.clock.set(CUP_START - 61 * 60_000);
    expect((await saveBet(t, w.member, bet.id, {})).statusCode).toBe(200);
    t.clock.set(CUP_START - 30 * 60_000);
    const late = await saveBet(t, w.member, bet.id, {}, 'es');
    expect(late.statusCode).toBe(400);
    // 5 minutes would reopen the bet others have seen.
    const reopen = await update(t, w.owner, league.id, { bet_deadline_minutes: 5 });
    expect(reopen.statusCode).toBe(400);
    expect(Object.keys(reopen.data.errors)).toEqual(['league.bet_deadline_minutes']);
    // An earlier deadline is fine (before the first kickoff the league is still editable).
    const earlier = await update(t, w.owner, league.id, { bet_deadline_minutes: 120 });
    expect(earlier.statusCode).toBe(200);
    expect(earlier.data.league.bet_deadline_minutes).toBe(120);
  });
});
