import { parseHeldResult } from '../../domain/competitions/heldResult';
import { replayPlan } from '../../domain/competitions/replayTimeline';
import { createScheduler } from '../../scheduledJobs';
import { describeEachDb } from '../../testing/harness';
import { seedDemoIfEmpty } from './seedDemo';

const MIN = 60_000;

describeEachDb("the demo's matchday is alive while it runs", (ctx) => {
  it('plays the next match out through the scheduler: its phase, minute and goals move with the clock', async () => {
    const t = ctx();
    expect(await seedDemoIfEmpty(t.deps)).toBe(true);
    const { db } = t.deps;
    // The next demo match to kick off that has a goal.
    const upcoming = await db.selectFrom('matches').select(['id', 'date', 'held_result']).where('held_result', 'is not', null)
      .where('date', '>', t.clock.now()).where('local_team_id', 'is not', null).orderBy('date').execute();
    const next = upcoming.find((m) => parseHeldResult(m.held_result!).goals.length > 0)!;
    const held = parseHeldResult(next.held_result!);
    const first = [...held.goals].sort((a, b) => a.minute! - b.minute!)[0];
    expect(first.side === 1 || first.side === 2).toBe(true);

    const scheduler = createScheduler(t.deps, { updateEveryMinutes: 1, notifyEveryMinutes: 60, wakeEveryMs: 3_600_000 });
    const row = () => db.selectFrom('matches').select(['live_phase', 'live_minute', 'local_goals', 'visiting_goals', 'finished'])
      .where('id', '=', next.id).executeTakeFirstOrThrow();
    try {
      t.clock.set(Number(next.date) + 1 * MIN);
      await scheduler.tick();
      expect(await row()).toMatchObject({ live_phase: 'first_half', live_minute: 1, local_goals: 0, visiting_goals: 0, finished: 0 });

      // When the first goal's minute comes, it is on the score.
      const plan = replayPlan(held);
      const period = plan.periods.find((p) => first.minute! <= p.base + p.length) ?? plan.periods[1];
      t.clock.set(Number(next.date) + (period.from + first.minute! - period.base) * MIN);
      await scheduler.tick();
      const scored = await row();
      expect(scored).toMatchObject({ live_phase: period.phase, live_minute: first.minute, finished: 0 });
      expect(first.side === 1 ? scored.local_goals : scored.visiting_goals).toBe(1);

      t.clock.set(Number(next.date) + plan.finish * MIN);
      await scheduler.tick();
      expect(await row()).toMatchObject({ live_phase: null, finished: 1, local_goals: held.score.local_goals, visiting_goals: held.score.visiting_goals });
    } finally {
      await scheduler.stop();
    }
  });
});
