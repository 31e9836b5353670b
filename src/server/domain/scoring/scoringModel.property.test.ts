import fc from 'fast-check';
import { sql } from 'kysely';
import { resultBetDeadline, type LockBy } from '../../../shared/domain/deadlines';
import { ROUND } from '../../../shared/domain/rounds';
import {
  resultBetPoints, resultSign, PERMYRIAD, type BetWeights, type CrowdSplit, type KnockoutBasis, type Scoring, type ScoringRules,
} from '../../../shared/domain/scoring';
import { oddsForBasis, type MatchOdds } from '../../../shared/domain/fairOdds/outcomeModel';
import { sealColumns } from '../fairOdds/matchOddsOf';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { describeEachDb } from '../../testing/harness';
import { betsWithPoints, memberStandings } from '../../testing/standingsReads';
import { createLeague } from '../../features/resultBets/testing/betsTestFixture';
import { loadLeagueScoring } from './leagueScoring';
import { recomputeAfterResults } from '../rescoring/recompute';
import { resultBetDeadlineSql } from './scoringSql';
import { keepShownBetsClosed } from './shownBets';
import { withMatchCompetitions } from '../../testing/betCompetitions';

// Each run builds a cup and leagues on a real database, on a shared machine.
jest.setTimeout(180_000);

const HOUR = 3_600_000;
const points = fc.integer({ min: 0, max: 6 });
const scoringArb: fc.Arbitrary<Scoring> = fc.record({
  mode: fc.constantFrom('additive' as const, 'highest' as const, 'quote' as const, 'odds' as const),
  tendency: points, goal_difference: points, exact: points, local_goals: points, visiting_goals: points,
  quote_max: fc.integer({ min: 1, max: 8 }),
});
const leagueArb = fc.record({
  bets_system: fc.constantFrom('exact' as const, 'sign' as const),
  scoring: scoringArb,
  knockout_basis: fc.constantFrom<KnockoutBasis>('regular', 'extra_time', 'penalties'),
  multipliers: fc.subarray([ROUND.GROUP_STAGE, ROUND.SEMI_FINALS, ROUND.FINAL]).chain((rounds) =>
    fc.tuple(...rounds.map((round_id) => fc.integer({ min: 1, max: 5 }).map((factor) => ({ round_id, factor }))))),
  jokers: fc.record({ count: fc.integer({ min: 0, max: 3 }), multiplier: fc.integer({ min: 2, max: 5 }) }),
});
const goals = fc.integer({ min: 0, max: 4 });
const resultArb = fc.record({
  finished: fc.boolean(), local: goals, visiting: goals,
  extraLocal: fc.integer({ min: 0, max: 2 }), extraVisiting: fc.integer({ min: 0, max: 2 }),
  penalties: fc.option(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 }))),
});
const betArb = fc.record({ goals: fc.option(fc.tuple(goals, goals), { freq: 5 }), joker: fc.boolean() });
/** Whole permyriad chances of `parts` outcomes (a 0 among them now and then). */
const chancesArb = (parts: number) => fc.array(fc.nat(PERMYRIAD), { minLength: parts - 1, maxLength: parts - 1 })
  .map((cuts) => { const c = [0, ...cuts.sort((a, b) => a - b), PERMYRIAD]; return c.slice(1).map((x, i) => x - c[i]); });
/** The chances sealed for a (league, match) of an odds league; null: none sealed (the tendency's points then). */
const sealArb = fc.option(fc.record({ ninety: chancesArb(3), extra: chancesArb(3), through: chancesArb(2), knockout: fc.boolean() }), { freq: 6 });
type SealSpec = typeof sealArb extends fc.Arbitrary<infer T> ? T : never;
const oddsOfSpec = (spec: NonNullable<SealSpec>): MatchOdds => ({
  home: spec.ninety[0], draw: spec.ninety[1], away: spec.ninety[2],
  extra_time: spec.knockout ? { home: spec.extra[0], draw: spec.extra[1], away: spec.extra[2] } : null,
  through: spec.knockout ? { home: spec.through[0], away: spec.through[1] } : null,
});

describeEachDb('scoring model in SQL against the pure functions (property-based)', (ctx) => {
  it('bet points and stored standings equal resultBetPoints for generated leagues, bets and results', async () => {
    const { db } = ctx().deps;
    const users = [
      await createUserWithToken(ctx().deps), await createUserWithToken(ctx().deps), await createUserWithToken(ctx().deps),
    ];
    await fc.assert(fc.asyncProperty(
      fc.array(leagueArb, { minLength: 2, maxLength: 2 }), fc.array(resultArb, { minLength: 6, maxLength: 6 }),
      fc.array(betArb, { minLength: 36, maxLength: 36 }), fc.array(sealArb, { minLength: 12, maxLength: 12 }),
      async (leagueSpecs, results, betSpecs, sealSpecs) => {
        const cup = await createCup(db, { start: ctx().clock.now() - 10 * 24 * HOUR });
        const matchIds = [...cup.groupMatchIds.slice(0, 3), ...cup.knockoutMatchIds];
        const leagueIds: number[] = [];
        for (const spec of leagueSpecs) {
          leagueIds.push(await createLeague(db, {
            competitionId: cup.competitionId, ownerId: users[0].id, members: users.map((u) => ({ id: u.id })),
            bets_system: spec.bets_system, scoring: spec.scoring, knockout_basis: spec.knockout_basis,
            roundMultipliers: spec.multipliers, joker_count: spec.jokers.count, joker_multiplier: spec.jokers.multiplier,
          }));
        }
        const bets = leagueIds.flatMap((leagueId, l) => users.flatMap((user, u) => matchIds.map((matchId, m) => {
          const b = betSpecs[(l * 18 + u * 6 + m) % betSpecs.length];
          return {
            league_id: leagueId, user_id: user.id, match_id: matchId, updated_at: 0, joker: b.joker ? 1 as const : 0 as const,
            local_goals: b.goals ? b.goals[0] : null, visiting_goals: b.goals ? b.goals[1] : null,
          };
        })));
        await db.insertInto('result_bets').values(await withMatchCompetitions(db, bets)).execute();
        // Odds leagues score by the chances sealed per (league, match), inserted as the sealing pass stores them.
        const seals = new Map<string, MatchOdds>();
        for (const [l, leagueId] of leagueIds.entries()) {
          for (const [m, matchId] of matchIds.entries()) {
            const spec = sealSpecs[l * 6 + m];
            if (!spec) continue;
            const odds = oddsOfSpec(spec);
            seals.set(`${leagueId}:${matchId}`, odds);
            await db.insertInto('league_match_odds').values({
              league_id: leagueId, match_id: matchId, ...sealColumns(odds), local_rating: 150_000, visiting_rating: 150_000, deadline: 0, sealed_at: 0,
            }).execute();
          }
        }
        for (const [i, matchId] of matchIds.entries()) {
          const r = results[i];
          if (!r.finished) continue;
          await db.updateTable('matches').set({
            finished: 1, started: 1, status: 'finished', local_goals: r.local, visiting_goals: r.visiting,
            local_goals_extra_time: r.extraLocal, visiting_goals_extra_time: r.extraVisiting,
            local_penalties: r.penalties?.[0] ?? null, visiting_penalties: r.penalties?.[1] ?? null,
          }).where('id', '=', matchId).execute();
        }
        await recomputeAfterResults(db, cup.competitionId, matchIds);

        const scoring = new Map<number, { rules: ScoringRules; weights: BetWeights }>();
        for (const id of leagueIds) scoring.set(id, await loadLeagueScoring(db, id));
        const points = new Map<number, number | null>();
        for (const id of leagueIds) for (const bet of await betsWithPoints(db, { leagueId: id })) points.set(bet.id, bet.points);
        const rows = await db.selectFrom('result_bets as rb').innerJoin('matches as m', 'm.id', 'rb.match_id')
          .select(['rb.id', 'rb.league_id', 'rb.user_id', 'rb.match_id', 'rb.local_goals', 'rb.visiting_goals', 'rb.joker', 'm.round_id', 'm.finished',
            'm.local_goals as ml', 'm.visiting_goals as mv', 'm.local_goals_extra_time', 'm.visiting_goals_extra_time',
            'm.local_penalties', 'm.visiting_penalties'])
          .where('rb.league_id', 'in', leagueIds).execute();
        expect(rows).toHaveLength(bets.length);
        // How each league bet on each match (quote mode): its real bets with both goals, by tendency.
        const crowds = new Map<string, CrowdSplit>();
        for (const row of rows) {
          if (row.local_goals === null || row.visiting_goals === null) continue;
          const key = `${row.league_id}:${row.match_id}`;
          const split = crowds.get(key) ?? { home: 0, draw: 0, away: 0 };
          const sign = resultSign(row.local_goals, row.visiting_goals);
          crowds.set(key, { ...split, home: split.home + Number(sign === 1), draw: split.draw + Number(sign === 0), away: split.away + Number(sign === -1) });
        }
        const totals = new Map<string, number>();
        for (const row of rows) {
          const { rules, weights } = scoring.get(row.league_id)!;
          const crowd = crowds.get(`${row.league_id}:${row.match_id}`) ?? { home: 0, draw: 0, away: 0 };
          const sealed = seals.get(`${row.league_id}:${row.match_id}`);
          const odds = sealed && oddsForBasis(sealed, rules.knockout_basis, row.round_id);
          const expected = resultBetPoints(rules, row, { ...row, local_goals: row.ml, visiting_goals: row.mv }, weights, crowd, odds);
          expect({ ...row, rules, weights, points: points.get(row.id) }).toEqual({ ...row, rules, weights, points: expected });
          const key = `${row.league_id}:${row.user_id}`;
          totals.set(key, (totals.get(key) ?? 0) + (expected ?? 0));
        }
        // The stored matchday rows, summed set-based, add up to the same.
        for (const id of leagueIds) {
          for (const member of (await memberStandings(db, id)).values()) {
            expect(member.points_league).toBe(totals.get(`${id}:${member.user_id}`));
          }
        }
      },
    ), { numRuns: 12 });
  });

  it('deadlines in SQL equal resultBetDeadline, and moving kickoffs never reopens a shown bet', async () => {
    const { db } = ctx().deps;
    const owner = await createUserWithToken(ctx().deps);
    const deadlineArb = fc.record({
      minutes: fc.constantFrom(0, 5, 60, 90, 1440, 1000), lock_by: fc.constantFrom<LockBy | null>('match', 'matchday', null),
    });
    await fc.assert(fc.asyncProperty(
      fc.array(deadlineArb, { minLength: 3, maxLength: 3 }), fc.integer({ min: -30, max: 120 }),
      fc.array(fc.record({ match: fc.integer({ min: 0, max: 14 }), shiftHours: fc.integer({ min: -48, max: 48 }) }), { minLength: 1, maxLength: 3 }),
      async (specs, nowHours, moves) => {
        const start = ctx().clock.now();
        const cup = await createCup(db, { start });
        const leagueIds: number[] = [];
        for (const spec of specs) {
          leagueIds.push(await createLeague(db, {
            competitionId: cup.competitionId, ownerId: owner.id, bet_deadline_minutes: spec.minutes, lock_by: spec.lock_by,
          }));
        }
        const read = async () => {
          const { rows } = await sql<{ league_id: number; match_id: number; deadline: string | number }>`SELECT l.id AS league_id,
              m.id AS match_id, ${resultBetDeadlineSql('l', 'm')} AS deadline
            FROM leagues l JOIN matches m ON m.competition_id = l.competition_id WHERE l.competition_id = ${cup.competitionId}`.execute(db);
          return new Map(rows.map((r) => [`${r.league_id}:${r.match_id}`, Number(r.deadline)]));
        };
        const expectPure = async (deadlines: Map<string, number>) => {
          const matches = await db.selectFrom('matches').select(['id', 'matchday', 'date', 'shown_kickoff', 'shown_matchday_kickoff'])
            .where('competition_id', '=', cup.competitionId).execute();
          for (const [i, leagueId] of leagueIds.entries()) {
            const rules = { bet_deadline_minutes: specs[i].minutes, lock_by: specs[i].lock_by ?? 'match' as const };
            for (const m of matches) {
              const first = Math.min(...matches.filter((o) => o.matchday === m.matchday).map((o) => Number(o.date)));
              const match = { date: Number(m.date), shown_kickoff: m.shown_kickoff === null ? null : Number(m.shown_kickoff),
                shown_matchday_kickoff: m.shown_matchday_kickoff === null ? null : Number(m.shown_matchday_kickoff) };
              expect(deadlines.get(`${leagueId}:${m.id}`)).toBe(resultBetDeadline(match, rules, first));
            }
          }
        };
        const allMatches = [...cup.groupMatchIds, ...cup.knockoutMatchIds];
        let now = start + nowHours * HOUR;
        for (const move of moves) {
          const before = await read();
          await expectPure(before);
          await keepShownBetsClosed(db, cup.competitionId, now);
          const id = allMatches[move.match % allMatches.length];
          await db.updateTable('matches').set((eb) => ({ date: eb('date', '+', move.shiftHours * HOUR) })).where('id', '=', id).execute();
          const after = await read();
          await expectPure(after);
          for (const [key, deadline] of before) {
            // Shown before the move: still shown after it.
            if (deadline <= now) expect({ key, after: after.get(key)! <= now }).toEqual({ key, after: true });
          }
          now += HOUR;
        }
      },
    ), { numRuns: 15 });
  });
});
