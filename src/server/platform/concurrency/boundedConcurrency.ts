/** Thrown when the queue is full: the caller should answer "busy, retry later" rather than wait without bound. */
export class QueueFullError extends Error {
  constructor() { super('queue full'); }
}

/**
 * A counting semaphore with a bounded queue: at most `maxRunning` tasks run at once, at most `maxWaiting` wait
 * their turn (first come, first served), and a task arriving beyond that is refused at once with QueueFullError.
 */
export class BoundedConcurrency {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly maxRunning: number, readonly maxWaiting: number) {}

  get stats() { return { running: this.running, waiting: this.waiting.length }; }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.maxRunning) {
      if (this.waiting.length >= this.maxWaiting) throw new QueueFullError();
      // The slot is handed over by release(), so `running` already counts this task when it wakes.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
