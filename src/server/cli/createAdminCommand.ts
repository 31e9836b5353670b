import { createOrPromoteAdmin } from '../features/accounts/adminAccounts';
import { UsageError, type CliCommand } from './command';

export const createAdminCommand: CliCommand = {
  name: 'create-admin',
  summary: 'Create a global admin, or promote an existing user (and set the password given)',
  usage: 'create-admin --email E --password P [--name N]',
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  needsDatabase: true,
  async run({ values, db, config, clock, out }) {
    if (typeof values.email !== 'string') throw new UsageError('--email is required');
    if (typeof values.password !== 'string') throw new UsageError('--password is required');
    const { id, created } = await createOrPromoteAdmin(db, {
      email: values.email, password: values.password, name: typeof values.name === 'string' ? values.name : undefined,
    }, config.scryptCost, clock);
    out(`${created ? 'Created admin' : 'Promoted to admin'}: ${values.email.trim().toLowerCase()} (user ${id})`);
  },
};
