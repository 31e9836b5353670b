import fc from 'fast-check';
import { createUserWithToken } from '../../testing/fixtures';
import { describeEachDb } from '../../testing/harness';
import { applyResults } from '../resultJobs/applyResults';
import { leagueOdds } from './leagueOdds';
import { sealDueOdds } from './oddsSeals';
import { oddsWorld } from './testing/oddsWorld';
import { SCORING_PRESETS } from '../../../shared/domain/scoring';
import { createLeague } from '../../features/resultBets/testing/betsTestFixture';

// Each run builds a cup and a league on a real database, on a shared machine.
jest.setTimeout(240_000);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Group A of the fixture cup: Spain-Costa Rica and Germany-Japan (matchday 1), Spain-Germany (matchday 2, the match
 * watched), Spain-Japan and Costa Rica-Germany (matchday 3): every other match of the two teams watched, and the
 * watched match itself.
 */
const GROUP_A = [0, 1, 2, 4, 5];
const WATCHED = 2;

const eventArb = fc.record({
  match: fc.constantFrom(...GROUP_A),
  /** Null: the result is taken back (the match back to scheduled). */
  goals: fc.option(fc.tuple(fc.nat(5), fc.nat(5)), { freq: 4 }),
  /** When it is recorded, from the cup's first kickoff minus a day. */
  at: fc.integer({ min: 0, max: 4 * 24 * 60 }).map((minutes) => minutes * MINUTE),
});

describeEachDb('sealed chances never change after the deadline (property-based)', (ctx) => {
  it('whatever results are recorded, corrected or taken back before and after it, the chances read at or after the deadline are the ones at the deadline', async () => {
    const t = ctx();
    const owner = await createUserWithToken(t.deps);
    await fc.assert(fc.asyncProperty(
      fc.array(eventArb, { minLength: 1, maxLength: 8 }), fc.array(fc.integer({ min: 0, max: 3 * 24 * 60 }), { minLength: 1, maxLength: 3 }),
      async (events, checks) => {
        const start = t.clock.now() + 24 * HOUR;
        const { cup, leagueId } = await oddsWorld(t.deps.db, { start, ownerId: owner.id, members: [owner.id] });
        // A league scored otherwise stores no seal: its chances past the deadline are read from the ratings then.
        const classic = await createLeague(t.deps.db, { competitionId: cup.competitionId, ownerId: owner.id, scoring: SCORING_PRESETS.classic });
        const watched = cup.groupMatchIds[WATCHED];
        const [{ deadline }] = await leagueOdds(t.deps.db, leagueId, { matchId: watched }, t.clock.now());
        const base = start - 24 * HOUR;
        const record = async (event: (typeof events)[number]) => {
          const matchId = cup.groupMatchIds[event.match];
          await t.deps.db.transaction().execute(async (trx) => {
            await trx.updateTable('matches').set(event.goals
              ? { status: 'finished', started: 1, finished: 1, local_goals: event.goals[0], visiting_goals: event.goals[1] }
              : { status: 'scheduled', started: 0, finished: 0, local_goals: null, visiting_goals: null }).where('id', '=', matchId).execute();
            await applyResults(trx, { competitionId: cup.competitionId, matchIds: [matchId], trigger: 'scheduled', now: base + event.at });
          });
        };
        const ordered = [...events].sort((a, b) => a.at - b.at);
        for (const event of ordered.filter((e) => base + e.at <= deadline)) await record(event);
        const [atDeadline] = await leagueOdds(t.deps.db, leagueId, { matchId: watched }, deadline);
        expect(atDeadline.sealed).toBe(true);
        for (const event of ordered.filter((e) => base + e.at > deadline)) {
          await record(event);
          for (const league of [leagueId, classic]) {
            const [later] = await leagueOdds(t.deps.db, league, { matchId: watched }, base + event.at);
            expect(later.odds).toEqual(atDeadline.odds);
          }
        }
        for (const check of checks) {
          const when = deadline + check * MINUTE;
          await t.deps.db.transaction().execute((trx) => sealDueOdds(trx, { leagueId }, when));
          for (const league of [leagueId, classic]) {
            const [read] = await leagueOdds(t.deps.db, league, { matchId: watched }, when);
            expect(read).toMatchObject({ sealed: true, odds: atDeadline.odds, local_rating: atDeadline.local_rating, visiting_rating: atDeadline.visiting_rating });
          }
        }
      },
    ), { numRuns: 12 });
  });
}, { now: '2026-09-01T12:00:00Z' });
