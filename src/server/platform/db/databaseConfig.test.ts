import { ConfigError, loadConfig } from '../config';

describe('database settings', () => {
  it('prepares statements and listens on DATABASE_URL unless told otherwise', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://app@db/porra' });
    expect(config.databasePreparedStatements).toBe(true);
    expect(config.databaseDirectUrl).toBe('postgres://app@db/porra');
  });

  it('behind a pooler: no named statements, LISTEN on the server itself', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://app@pgbouncer:6432/porra', DATABASE_PREPARED_STATEMENTS: 'false',
      DATABASE_DIRECT_URL: 'postgres://app@db:5432/porra' });
    expect(config.databasePreparedStatements).toBe(false);
    expect(config.databaseDirectUrl).toBe('postgres://app@db:5432/porra');
  });

  it('refuses a direct address that is not PostgreSQL, or one for SQLite', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://app@db/porra', DATABASE_DIRECT_URL: 'mysql://db' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'sqlite:data/p.sqlite', DATABASE_DIRECT_URL: 'postgres://db/porra' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://app@db/porra', DATABASE_PREPARED_STATEMENTS: 'perhaps' })).toThrow(ConfigError);
  });
});
