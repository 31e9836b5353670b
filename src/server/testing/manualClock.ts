import type { Clock } from '../platform/clock';

/** A clock a test sets and moves, instead of sleeping. */
export class ManualClock implements Clock {
  constructor(private current: number = Date.now()) {}
  now(): number { return this.current; }
  set(time: number | Date | string): void { this.current = new Date(time).getTime(); }
  advance(ms: number): void { this.current += ms; }
}
