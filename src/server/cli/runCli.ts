import { parseArgs } from 'node:util';
import { systemClock, type Clock } from '../platform/clock';
import { ConfigError, loadConfig } from '../platform/config';
import { databaseOptions, migrate, openDatabase } from '../platform/db/database';
import { AdminAccountError } from '../features/accounts/adminAccounts';
import { BackupError } from '../platform/backups/sqliteFiles';
import { ImportError } from '../domain/competitions/importedCompetition';
import { LogKeyError } from '../domain/leagueLog/logKey';
import { LogChainError } from '../domain/leagueLog/verifyLog';
import { UsageError, type CliCommand } from './command';

interface CliIo { out(line: string): void; err(line: string): void }

/**
 * Runs one command: parses its options, opens and migrates the database from DATABASE_URL when the command needs
 * it, runs it, closes. Returns the exit code: 0 done, 1 failed, 2 called wrongly.
 */
export async function runCli(
  argv: string[], commands: readonly CliCommand[], io: CliIo,
  env: NodeJS.ProcessEnv = process.env, clock: Clock = systemClock,
): Promise<number> {
  const [name = 'help', ...rest] = argv;
  const command = commands.find((c) => c.name === name);
  const help = commands.find((c) => c.name === 'help');
  if (!command) {
    io.err(`Unknown command "${name}".`);
    if (help) await help.run({ values: {}, positionals: [], config: undefined!, db: undefined!, clock, out: io.err, commands });
    return 2;
  }
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: command.takesPositionals ?? false }) as {
      values: typeof values; positionals: string[];
    });
  } catch (error) {
    io.err(`${(error as Error).message}\nUsage: npm run porra -- ${command.usage}`);
    return 2;
  }

  let database: ReturnType<typeof openDatabase> | undefined;
  try {
    const config = loadConfig(env);
    if (command.needsDatabase) {
      database = openDatabase(config.databaseUrl, databaseOptions(config));
      await migrate(database);
    }
    await command.run({ values, positionals, config, db: database?.db ?? undefined!, clock, out: io.out, commands });
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\nUsage: npm run porra -- ${command.usage}`);
      return 2;
    }
    const known = error instanceof ImportError || error instanceof AdminAccountError || error instanceof ConfigError || error instanceof BackupError
      || error instanceof LogChainError || error instanceof LogKeyError;
    io.err(`${command.name} failed: ${known ? error.message : (error as Error).stack ?? String(error)}`);
    return 1;
  } finally {
    await database?.close();
  }
}
