import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config';

describe('backup settings', () => {
  it('default to no scheduled backups, 7 kept, in a backups folder beside the SQLite file', () => {
    expect(loadConfig({})).toMatchObject({ backupEveryHours: 0, backupKeep: 7, backupDir: resolve('data/backups') });
    expect(loadConfig({ DATABASE_URL: 'sqlite:/srv/porra/porra.sqlite' }).backupDir).toBe('/srv/porra/backups');
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).backupDir).toBe(resolve('data/backups'));
    expect(loadConfig({ BACKUP_DIR: '/backups/porra', BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '28' }))
      .toMatchObject({ backupEveryHours: 6, backupKeep: 28, backupDir: '/backups/porra' });
  });

  it('stop the server with a clear message when malformed, or when asked of PostgreSQL', () => {
    expect(() => loadConfig({ BACKUP_EVERY_HOURS: 'daily' })).toThrow(/BACKUP_EVERY_HOURS must be an integer/);
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP must be an integer between 1 and 1000/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/porra', BACKUP_EVERY_HOURS: '24' }))
      .toThrow(new ConfigError('BACKUP_EVERY_HOURS only applies to SQLite; back up PostgreSQL with pg_dump (see README, Backups)'));
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/porra', BACKUP_EVERY_HOURS: '0' }).backupEveryHours).toBe(0);
  });
});
