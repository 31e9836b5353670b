import fc from 'fast-check';
import { sql } from 'kysely';
import { crowdSplitsByMatch } from '../../../shared/domain/crowdSplits';
import type { Locale } from '../../../shared/domain/locales';
import {
  OVERALL_RANKING_RULES, resultBetPoints, scoringResult, type Scoring, type ScoringRules,
} from '../../../shared/domain/scoring';
import { rankStandings, tableHits, TIE_BREAKS, type TieBreak } from '../../../shared/domain/tieBreaks';
import { createCup } from '../../testing/competitionFixture';
import { describeEachDb, type TestApp } from '../../testing/harness';
import { withMatchCompetitions } from '../../testing/betCompetitions';
import { createLeague, finishMatch } from '../../features/resultBets/testing/betsTestFixture';
import { applyResults } from '../resultJobs/applyResults';
import { runResultJobs } from '../resultJobs/resultJobWorker';
import { recomputeAfterResults, refreshLeagueStandings } from '../rescoring/recompute';
import { nameSortKey } from './nameKeys';
import { LEAGUE_BOARD, OVERALL_BOARD, pageAt, rowOf } from './rankedReads';
import { storedLeagueTable } from './storedTable';

// Each run builds a cup, a league, bets and a sequence of writes on a real database.
jest.setTimeout(300_000);

const DAY = 86_400_000;
const MATCHES = 12;
const points = fc.integer({ min: 0, max: 5 });
const scoringArb: fc.Arbitrary<Scoring> = fc.record({
  mode: fc.constantFrom('additive' as const, 'highest' as const, 'quote' as const),
  tendency: fc.integer({ min: 1, max: 4 }), goal_difference: points, exact: points, local_goals: points, visiting_goals: points,
  quote_max: fc.integer({ min: 1, max: 8 }),
});
const goals = fc.integer({ min: 0, max: 3 });
/** Names that tie, differ only by accent or case, and that Spanish and English order apart (ñ). */
const nameArb = fc.constantFrom('Ana', 'ana', 'Ñoño', 'Nube', 'Óscar', 'Oscar', 'Zoe', 'Ángel', 'Bea', 'Nadia');
const step = fc.oneof(
  fc.record({ kind: fc.constant('result' as const), match: fc.nat(MATCHES - 1), l: goals, v: goals, byJob: fc.boolean() }),
  fc.record({ kind: fc.constant('withdraw' as const), match: fc.nat(MATCHES - 1) }),
  fc.record({ kind: fc.constant('late' as const), member: fc.nat(20), match: fc.nat(MATCHES - 1), l: goals, v: goals }),
  fc.record({ kind: fc.constant('bonus' as const), member: fc.nat(20), points: fc.integer({ min: 0, max: 6 }) }),
);
const scenario = fc.record({
  bets_system: fc.constantFrom('exact' as const, 'sign' as const),
  scoring: scoringArb,
  tieBreaks: fc.shuffledSubarray([...TIE_BREAKS]),
  names: fc.array(nameArb, { minLength: 2, maxLength: 9 }),
  bets: fc.array(fc.option(fc.tuple(goals, goals), { freq: 3 }), { minLength: 9 * MATCHES, maxLength: 9 * MATCHES }),
  steps: fc.array(step, { minLength: 1, maxLength: 7 }),
});

interface Oracle { user_id: number; name: string; points: number; exact_hits: number; goal_difference_hits: number;
  tendency_hits: number; matchday_wins: number; points_bonus: number; overall: number; overall_exact: number; scored: boolean }

/** Every member's figures computed from the bets by the pure rules, as a full recount would. */
async function recount(t: TestApp, leagueId: number, rules: ScoringRules, members: { id: number; name: string }[]): Promise<Oracle[]> {
  const { db } = t.deps;
  const matches = await db.selectFrom('matches as m').innerJoin('leagues as l', 'l.competition_id', 'm.competition_id').selectAll('m')
    .where('l.id', '=', leagueId).execute();
  const bets = (await db.selectFrom('result_bets').select(['user_id', 'match_id', 'local_goals', 'visiting_goals', 'joker'])
    .where('league_id', '=', leagueId).where('mode', '=', 0).execute())
    .filter((b) => b.local_goals !== null && b.visiting_goals !== null);
  const bonus = new Map((await db.selectFrom('league_members').select(['user_id', 'points_bonus']).where('league_id', '=', leagueId).execute())
    .map((m) => [Number(m.user_id), Number(m.points_bonus)]));
  const crowds = crowdSplitsByMatch(bets);
  const figures = new Map(members.map((m) => [m.id, { league: 0, exact: 0, gd: 0, tendency: 0, overall: 0, overallExact: 0, days: new Map<number, number>() }]));
  for (const bet of bets) {
    const match = matches.find((m) => m.id === bet.match_id)!;
    const result = scoringResult(match, rules.knockout_basis);
    if (!result) continue;
    const f = figures.get(Number(bet.user_id))!;
    const gained = resultBetPoints(rules, bet, match, undefined, crowds.get(match.id))!;
    f.league += gained;
    f.days.set(match.matchday, (f.days.get(match.matchday) ?? 0) + gained);
    const hits = tableHits({ local: bet.local_goals!, visiting: bet.visiting_goals! }, result, rules.bets_system === 'sign');
    f.exact += Number(hits.exact); f.gd += Number(hits.goal_difference); f.tendency += Number(hits.tendency);
    f.overall += resultBetPoints(OVERALL_RANKING_RULES, bet, match)!;
    f.overallExact += Number(bet.local_goals === match.local_goals && bet.visiting_goals === match.visiting_goals);
  }
  const wins = new Map<number, number>();
  for (const day of new Set(matches.map((m) => m.matchday))) {
    if (matches.some((m) => m.matchday === day && m.finished !== 1)) continue;
    const top = Math.max(0, ...[...figures.values()].map((f) => f.days.get(day) ?? 0));
    if (top === 0) continue;
    for (const [userId, f] of figures) if (f.days.get(day) === top) wins.set(userId, (wins.get(userId) ?? 0) + 1);
  }
  return members.map((m) => {
    const f = figures.get(m.id)!;
    return {
      user_id: m.id, name: m.name, points: f.league + bonus.get(m.id)!, exact_hits: f.exact, goal_difference_hits: f.gd,
      tendency_hits: f.tendency, matchday_wins: wins.get(m.id) ?? 0, points_bonus: bonus.get(m.id)!,
      overall: f.overall, overall_exact: f.overallExact, scored: f.days.size > 0,
    };
  });
}

/** The oracle's table in `locale`: a full sort (points, tie-breaks, then names' keys and user ids), positions 1, 1, 3. */
const fullSort = <T extends Oracle>(rows: T[], tieBreaks: TieBreak[], locale: Locale) =>
  rankStandings(rows, tieBreaks, (a, b) => {
    const [x, y] = [nameSortKey(a.name, locale), nameSortKey(b.name, locale)];
    return x < y ? -1 : x > y ? 1 : a.user_id - b.user_id;
  });

describeEachDb('stored rankings against a full sort (property-based)', (ctx) => {
  it('every position, page and own row of a league table and of the overall ranking equals a full sort\'s, after any writes', async () => {
    const t = ctx();
    const { db } = t.deps;
    await fc.assert(fc.asyncProperty(scenario, async (s) => {
      const cup = await createCup(db, { start: t.clock.now() - 10 * DAY });
      const members: { id: number; name: string }[] = [];
      for (const name of s.names) {
        const { id } = await db.insertInto('users').values({
          name, email: `ranked-${Math.random().toString(36).slice(2)}@example.com`, password_hash: 'x', is_admin: 0, locale: 'en',
          email_reminders: 0, created_at: 0, updated_at: 0,
        }).returning('id').executeTakeFirstOrThrow();
        members.push({ id: Number(id), name });
      }
      const leagueId = await createLeague(db, {
        competitionId: cup.competitionId, ownerId: members[0].id, members: members.map((m) => ({ id: m.id })),
        bets_system: s.bets_system, scoring: s.scoring,
      });
      await db.updateTable('leagues').set({ tie_breaks: JSON.stringify(s.tieBreaks) as never }).where('id', '=', leagueId).execute();
      const matchIds = cup.groupMatchIds.slice(0, MATCHES);
      const sign = (l: number, v: number): [number, number] => (s.bets_system === 'sign' ? [Number(l > v), Number(v > l)] : [l, v]);
      const bets = members.flatMap((m, u) => matchIds.flatMap((matchId, i) => {
        const bet = s.bets[u * MATCHES + i];
        if (!bet) return [];
        const [l, v] = sign(bet[0], bet[1]);
        return [{ league_id: leagueId, user_id: m.id, match_id: matchId, local_goals: l, visiting_goals: v, updated_at: 0 }];
      }));
      if (bets.length > 0) await db.insertInto('result_bets').values(await withMatchCompetitions(db, bets)).execute();
      await refreshLeagueStandings(db, leagueId);

      for (const write of s.steps) {
        if (write.kind === 'result' || write.kind === 'withdraw') {
          const matchId = matchIds[write.match];
          await db.transaction().execute(async (trx) => {
            if (write.kind === 'result') await finishMatch(trx, matchId, write.l, write.v);
            else await trx.updateTable('matches').set({ finished: 0, status: 'scheduled', local_goals: null, visiting_goals: null }).where('id', '=', matchId).execute();
            if (write.kind === 'result' && write.byJob) {
              await applyResults(trx, { competitionId: cup.competitionId, matchIds: [matchId], trigger: 'manual', now: t.clock.now() });
            } else {
              await recomputeAfterResults(trx, cup.competitionId, [matchId]);
            }
          });
          await runResultJobs(t.deps);
        } else if (write.kind === 'late') {
          const member = members[write.member % members.length];
          const [l, v] = sign(write.l, write.v);
          await db.transaction().execute(async (trx) => {
            await trx.deleteFrom('result_bets').where('league_id', '=', leagueId).where('user_id', '=', member.id)
              .where('match_id', '=', matchIds[write.match]).execute();
            await trx.insertInto('result_bets').values(await withMatchCompetitions(trx, [
              { league_id: leagueId, user_id: member.id, match_id: matchIds[write.match], local_goals: l, visiting_goals: v, updated_at: 1, late_entry: 1 as const },
            ])).execute();
            await refreshLeagueStandings(trx, leagueId);
          });
        } else {
          const member = members[write.member % members.length];
          await db.transaction().execute(async (trx) => {
            await trx.updateTable('league_members').set({ points_bonus: write.points }).where('league_id', '=', leagueId).where('user_id', '=', member.id).execute();
            await refreshLeagueStandings(trx, leagueId);
          });
        }
      }

      const rules: ScoringRules = { bets_system: s.bets_system, scoring: s.scoring, knockout_basis: 'regular' };
      const oracle = await recount(t, leagueId, rules, members);
      for (const locale of ['es', 'en'] as const) {
        const expected = fullSort(oracle, s.tieBreaks, locale);
        const table = await storedLeagueTable(t.deps, { id: leagueId, competition_id: cup.competitionId }, { id: members[0].id, locale }, { page: 'whole' });
        expect(table.users.map((r) => [r.user_id, r.position, r.points, r.exact_hits, r.goal_difference_hits, r.tendency_hits, r.matchday_wins]))
          .toEqual(expected.map((r) => [r.user_id, r.position, r.points, r.exact_hits, r.goal_difference_hits, r.tendency_hits, r.matchday_wins]));
        // Any window of the table, and each member's own row, read by position.
        for (const [offset, limit] of [[0, 1], [1, 2], [Math.floor(members.length / 2), 3], [members.length - 1, 5]]) {
          const page = await pageAt<object>(db, LEAGUE_BOARD, leagueId, locale, { offset, limit }, sqlNothing());
          expect(page.map((r) => [Number(r.user_id), r.position])).toEqual(expected.slice(offset, offset + limit).map((r) => [r.user_id, r.position]));
        }
        for (const row of expected) {
          expect((await rowOf<object>(db, LEAGUE_BOARD, leagueId, locale, row.user_id, sqlNothing()))?.position).toBe(row.position);
        }
        // The overall ranking: the members with a scored bet, on the default scoring, then exact hits.
        const overall = rankStandings(oracle.filter((m) => m.scored).map((m) => ({ ...m, points: m.overall, exact_hits: m.overall_exact })),
          ['exact_hits'], (a, b) => {
            const [x, y] = [nameSortKey(a.name, locale), nameSortKey(b.name, locale)];
            return x < y ? -1 : x > y ? 1 : a.user_id - b.user_id;
          });
        const stored = await pageAt<{ points: number }>(db, OVERALL_BOARD, cup.competitionId, locale, { offset: 0, limit: 100 }, sqlOverall());
        expect(stored.map((r) => [Number(r.user_id), r.position, Number(r.points)])).toEqual(overall.map((r) => [r.user_id, r.position, r.points]));
      }
    }), { numRuns: Number(process.env.PROPERTY_RUNS ?? 12) });
  });
});

/** Board reads select their key columns on their own; these add nothing, or the overall points. */
const sqlNothing = () => sql`1 AS listed`;
const sqlOverall = () => sql`r.points_default AS points`;
