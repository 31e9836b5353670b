import type { CliCommand } from './command';

export const helpCommand: CliCommand = {
  name: 'help',
  summary: 'Show the commands',
  usage: 'help',
  options: {},
  needsDatabase: false,
  async run({ out, commands }) {
    out('Usage: npm run porra -- <command> [options]');
    out('');
    for (const command of commands) out(`  ${command.usage}\n      ${command.summary}`);
    out('');
    out('The database is DATABASE_URL (default sqlite:data/porra.sqlite); it is migrated before each command.');
  },
};
