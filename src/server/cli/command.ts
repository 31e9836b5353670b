import type { ParseArgsConfig } from 'node:util';
import type { Clock } from '../platform/clock';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db/database';

/** One `npm run porra -- <name>` command: its options (node:util parseArgs) and what it does. */
export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  /** Takes arguments without a -- name (restore FILE); they arrive in `positionals`. */
  takesPositionals?: boolean;
  /** Commands that only print (help) run without opening the database. */
  needsDatabase: boolean;
  run(context: CliContext): Promise<void>;
}

export interface CliContext {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
  config: Config;
  /** Present when the command needs the database: opened from DATABASE_URL and migrated. */
  db: Db;
  clock: Clock;
  out(line: string): void;
  commands: readonly CliCommand[];
}

/** A mistake in how the command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {}
