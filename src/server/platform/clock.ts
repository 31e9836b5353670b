/** The server's clock decides deadlines; tests pass one they control instead of sleeping. */
export interface Clock { now(): number }

export const systemClock: Clock = { now: () => Date.now() };

export class ManualClock implements Clock {
  constructor(private current: number = Date.now()) {}
  now(): number { return this.current; }
  set(time: number | Date | string): void { this.current = new Date(time).getTime(); }
  advance(ms: number): void { this.current += ms; }
}
