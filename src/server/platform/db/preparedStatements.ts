import pg from 'pg';

/**
 * PostgreSQL connections that prepare the app's statements once per connection (named statements of the extended
 * protocol) instead of parsing and planning them on every execution: a bet save's checked UPDATE joins four tables,
 * and planning it cost about as much as running it. Kysely sends `query(text, values)`; texts are named in the
 * order they are first seen, up to MAX_NAMED (statements with varying IN lists beyond that run unnamed).
 *
 * Not prepared: anything but plain DML (BEGIN, SET, DDL...), several commands in one text, and `*` column lists,
 * whose result type would change under a running process when a migration adds a column ("cached plan must not
 * change result type"). Behind PgBouncer in transaction mode, named statements need PgBouncer 1.21 or later with
 * `max_prepared_statements` set (README, PostgreSQL tuning).
 */
const MAX_NAMED = 500;
const DML = /^\s*(select|insert|update|delete|with)\b/i;
const STAR_COLUMNS = /(select|returning|distinct|,)\s*\*|\.\*/i;

const names = new Map<string, string | null>();

function statementName(text: string): string | null {
  let name = names.get(text);
  if (name !== undefined) return name;
  name = names.size < MAX_NAMED && DML.test(text) && !text.includes(';') && !STAR_COLUMNS.test(text) ? `porra_${names.size}` : null;
  // Unpreparable texts are remembered too (as null), so each text is examined once; the map stays bounded.
  if (name !== null || names.size < 4 * MAX_NAMED) names.set(text, name);
  return name;
}

/** Makes a new pool connection prepare the app's statements (pool.on('connect'), before its first use). */
export function prepareStatements(client: pg.ClientBase): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  Object.assign(client, {
    query(...args: unknown[]) {
      const [text, values] = args;
      if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
        const name = statementName(text);
        if (name) return query({ name, text, values });
      }
      return query(...args);
    },
  });
}
