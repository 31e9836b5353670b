/** The rows of a list answer: the array itself, or the first array field of an object answer. */
export function rowsOf<T>(payload: unknown): T[] {
  if (Array.isArray(payload)) return payload as T[];
  if (payload && typeof payload === 'object') {
    const list = Object.values(payload as Record<string, unknown>).find(Array.isArray);
    if (list) return list as T[];
  }
  return [];
}

/** What the entity slices read from a fulfilled endpoint action. */
export interface FulfilledAction { type: string; payload: unknown; meta: { arg: { originalArgs?: unknown } } }
