/** The environment variables through which global setup tells the tests where this run's services are. */
export const RUN_ENV = {
  origin: 'E2E_ORIGIN',
  inbox: 'E2E_INBOX',
  adminPassword: 'E2E_ADMIN_PASSWORD',
  databaseFile: 'E2E_DATABASE_FILE',
  pushPort: 'E2E_PUSH_PORT',
} as const;

export interface Run { origin: string; inbox: string; adminPassword: string; databaseFile: string; pushPort: number }

/** This run's services, as global setup left them in the environment. */
export function currentRun(): Run {
  const read = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set: run the suite with \`npm run test:e2e\` (its global setup starts the server)`);
    return value;
  };
  return {
    origin: read(RUN_ENV.origin), inbox: read(RUN_ENV.inbox), adminPassword: read(RUN_ENV.adminPassword),
    databaseFile: read(RUN_ENV.databaseFile), pushPort: Number(read(RUN_ENV.pushPort)),
  };
}
