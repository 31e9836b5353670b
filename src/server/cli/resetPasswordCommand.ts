import { resetPasswordByEmail } from '../features/accounts/adminAccounts';
import { UsageError, type CliCommand } from './command';

export const resetPasswordCommand: CliCommand = {
  name: 'reset-password',
  summary: 'Set a new password for an account (a random one, printed, unless --password is given); signs it out everywhere and revokes its personal API tokens',
  usage: 'reset-password --email E [--password P]',
  options: { email: { type: 'string' }, password: { type: 'string' } },
  needsDatabase: true,
  async run({ values, db, config, clock, out }) {
    if (typeof values.email !== 'string') throw new UsageError('--email is required');
    const { id, password, generated } = await resetPasswordByEmail(db, {
      email: values.email, ...(typeof values.password === 'string' && { password: values.password }),
    }, config.scryptCost, clock);
    const email = values.email.trim().toLowerCase();
    out(generated ? `New password for ${email} (user ${id}): ${password}` : `Password set for ${email} (user ${id})`);
    out('Every session of the account was signed out and every personal API token of it revoked.');
  },
};
