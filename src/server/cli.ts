import { backupCommand } from './cli/backupCommand';
import { createAdminCommand } from './cli/createAdminCommand';
import { helpCommand } from './cli/helpCommand';
import { importCommand } from './cli/importCommand';
import { withFootballData } from './cli/importFootballData';
import { resetPasswordCommand } from './cli/resetPasswordCommand';
import { restoreCommand } from './cli/restoreCommand';
import { verifyLogCommand } from './cli/verifyLogCommand';
import { workerCommand } from './cli/workerCommand';
import { runCli } from './cli/runCli';

/** Admin commands: `npm run porra -- <command> [options]`. One file per command under cli/. */
export const COMMANDS = [withFootballData(importCommand), createAdminCommand, resetPasswordCommand, backupCommand, restoreCommand, verifyLogCommand, workerCommand, helpCommand] as const;

if (require.main === module) {
  runCli(process.argv.slice(2), COMMANDS, { out: (line) => console.log(line), err: (line) => console.error(line) })
    .then((code) => { process.exitCode = code; });
}
