import { BoundedConcurrency, QueueFullError } from './boundedConcurrency';

/** A task that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => { open = resolve; });
  return { open, task: () => opened };
}

describe('BoundedConcurrency', () => {
  it('runs at most maxRunning at once, queues up to maxWaiting in order, refuses beyond', async () => {
    const limiter = new BoundedConcurrency(2, 2);
    const started: number[] = [];
    const gates = [gate(), gate(), gate(), gate()];
    const runs = gates.map((g, i) => limiter.run(async () => { started.push(i); await g.task(); return i; }));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limiter.stats).toEqual({ running: 2, waiting: 2 });
    await expect(limiter.run(async () => 'late')).rejects.toBeInstanceOf(QueueFullError);

    gates[1]!.open();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    gates[2]!.open();
    gates[3]!.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(limiter.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when a task fails', async () => {
    const limiter = new BoundedConcurrency(1, 0);
    await expect(limiter.run(async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await limiter.run(async () => 'next')).toBe('next');
  });
});
