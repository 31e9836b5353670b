/** The server's clock decides deadlines; tests pass one they control instead of sleeping. */
export interface Clock { now(): number }

export const systemClock: Clock = { now: () => Date.now() };
