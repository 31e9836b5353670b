import type { CompiledQuery } from 'kysely';
import type { Executor } from './database';

/**
 * A statement built with Kysely once per database, then run with new arguments: on the hot paths (the session of
 * every signed-in request, league access, bet saves) building the query costs more than running it.
 *
 * `build` receives a distinct placeholder for each argument; every parameter of the compiled statement must be one
 * of them (they are swapped for the real arguments by position, so the builder's parameter order does not matter).
 * Arguments used in comparisons must not be null (the statement was compiled for `= ?`, never `is null`).
 */
export function precompiled<A extends unknown[], R>(build: (db: Executor, ...args: A) => CompiledQuery<R>, arity: number) {
  const statements = new WeakMap<Executor, { compiled: CompiledQuery<R>; slots: number[] }>();
  return async (db: Executor, ...args: A): Promise<R[]> => {
    let statement = statements.get(db);
    if (!statement) {
      const placeholders = Array.from({ length: arity }, (_, i) => -7_340_000_000_000 - i);
      const compiled = build(db, ...(placeholders as A));
      const slots = compiled.parameters.map((value) => placeholders.indexOf(value as number));
      if (slots.includes(-1)) throw new Error(`precompiled: a parameter of "${compiled.sql.slice(0, 60)}..." is not an argument`);
      statement = { compiled, slots };
      statements.set(db, statement);
    }
    const { rows } = await db.executeQuery<R>({ ...statement.compiled, parameters: statement.slots.map((slot) => args[slot]) });
    return rows;
  };
}
