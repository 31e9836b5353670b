import type { Kysely, Migration, MigrationProvider } from 'kysely';
import * as initial from './20261122_initial';

export type Dialect = 'sqlite' | 'postgres';

interface DialectMigration { up(db: Kysely<any>, dialect: Dialect): Promise<void> }

// Ordered by name (date). A migration cannot detect its dialect, so the provider passes it in.
const migrations: Record<string, DialectMigration> = {
  '20261122_initial': initial,
};

export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(migrations)) out[name] = { up: (db) => m.up(db, dialect) };
      return out;
    },
  };
}
