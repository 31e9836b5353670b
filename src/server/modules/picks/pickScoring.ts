import type { Executor } from '../../db/database';

/** STUB until the picks work lands: recomputes round-pick and person-pick points of a competition. */
export async function recomputePickPoints(_db: Executor, _competitionId: number): Promise<void> {}
