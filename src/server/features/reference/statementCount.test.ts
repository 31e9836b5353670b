import type { KyselyPlugin } from 'kysely';
import { ROUND } from '../../../shared/domain/rounds';
import type { AppDeps } from '../../platform/deps';
import { createCup } from '../../testing/competitionFixture';
import { describeEachDb } from '../../testing/harness';
import * as competitions from './competitionsService';
import * as matches from './matchesService';
import * as reference from './referenceService';
import { addScorer, setResult } from './testing/referenceTestData';

/** Counts the statements a read issues, through a plugin on a view of the app's database. */
function counting(deps: AppDeps): { deps: AppDeps; count: () => number } {
  let n = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => { n += 1; return args.node; },
    transformResult: async (args) => args.result,
  };
  return { deps: { ...deps, db: deps.db.withPlugin(plugin) }, count: () => n };
}

describeEachDb('reference reads issue a fixed number of statements whatever the data size', (ctx) => {
  it('counts the same statements for a 2-group cup and a 12-group one', async () => {
    const db = ctx().deps.db;
    const small = await createCup(db, { start: ctx().clock.now(), groups: 2 });
    const big = await createCup(db, { start: ctx().clock.now(), groups: 12, name: 'Big' });
    for (const cup of [small, big]) {
      for (const [i, id] of cup.groupMatchIds.entries()) await setResult(db, id, i % 3, (i + 1) % 2);
      for (const [i, teamId] of cup.teamIds.entries()) await addScorer(db, cup.competitionId, { name: `P${i}`, teamId, goals: i % 4, assists: 1 });
    }
    const reads: [string, (deps: AppDeps, id: number) => Promise<unknown>][] = [
      ['classification', competitions.classification],
      ['scorers', competitions.scorers],
      ['next round', competitions.nextRound],
      ['winner round', competitions.winnerRound],
      ['league rules', competitions.competitionLeagueRules],
      ['available teams', (deps, id) => competitions.availableTeamIds(deps, id, ROUND.SEMI_FINALS)],
      ['matches', (deps, id) => matches.competitionMatches(deps, id)],
      ['matchday info', matches.matchdayInfo],
      ['next matches', (deps, id) => matches.nextMatches(deps, id)],
      ['teams', (deps, id) => reference.teams(deps, id)],
      ['people', reference.people],
      ['groups', (deps, id) => reference.groups(deps, id)],
      ['group teams', (deps, id) => reference.groupTeams(deps, id)],
      ['rounds', (deps, id) => reference.rounds(deps, id)],
    ];
    for (const [name, read] of reads) {
      const counts = [];
      for (const cup of [small, big]) {
        const counter = counting(ctx().deps);
        await read(counter.deps, cup.competitionId);
        counts.push(counter.count());
      }
      expect({ name, small: counts[0], big: counts[1] }).toEqual({ name, small: counts[1], big: counts[1] });
      expect(counts[0]).toBeGreaterThanOrEqual(1);
      expect(counts[0]).toBeLessThanOrEqual(2);
    }
  });
});
