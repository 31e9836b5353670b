import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../app';
import { ManualClock } from '../../testing/manualClock';
import { openDatabase } from '../db/database';
import { CapturingMailer, testConfig } from '../../testing/harness';
import { createScheduler, startScheduler } from '../../scheduledJobs';

const HOUR = 3_600_000;

describe('scheduled SQLite backups', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'porra-scheduled-backups-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('back up every BACKUP_EVERY_HOURS, keeping BACKUP_KEEP, with or without the results scheduler', async () => {
    const databaseUrl = `sqlite:${join(dir, 'porra.sqlite')}`;
    const backupDir = join(dir, 'backups');
    const config = testConfig({ databaseUrl, backupDir, backupKeep: 2, backupEveryHours: 6, autoUpdateMinutes: 0 });
    const clock = new ManualClock(Date.parse('2026-11-24T03:00:00Z'));
    const { app, deps } = await buildApp({ config, database: openDatabase(databaseUrl), clock, mailer: new CapturingMailer(), logger: false });
    const scheduler = createScheduler(deps, { updateEveryMinutes: 0, notifyEveryMinutes: 60, backupEveryHours: 6, wakeEveryMs: 100 * HOUR });
    try {
      const backups = () => readdirSync(backupDir);
      await scheduler.tick();
      expect(backups()).toEqual(['porra-20261124-030000.sqlite']);
      clock.advance(5 * HOUR);
      await scheduler.tick();
      expect(backups()).toHaveLength(1);
      for (let i = 0; i < 2; i++) { clock.advance(6 * HOUR); await scheduler.tick(); }
      expect(backups()).toEqual(['porra-20261124-140000.sqlite', 'porra-20261124-200000.sqlite']);
      expect(await deps.db.selectFrom('scheduled_jobs').select(['name', 'runs', 'last_outcome']).execute())
        .toEqual([{ name: 'backup', runs: 3, last_outcome: 'done' }]);
      // Each one is in the admin console's process history.
      const runs = await deps.db.selectFrom('process_runs').select(['kind', 'trigger', 'outcome', 'started_by']).execute();
      expect(runs).toEqual(Array(3).fill({ kind: 'backup', trigger: 'scheduled', outcome: 'done', started_by: null }));

      // main.ts starts a scheduler for backups alone; none when nothing is scheduled (no backups, no webhook deliveries).
      const started = startScheduler(deps);
      expect(started).not.toBeNull();
      await started!.stop();
      expect(startScheduler({ ...deps, config: { ...config, backupEveryHours: 0, webhookDeliverySeconds: 0 } })).toBeNull();
    } finally {
      await scheduler.stop();
      await app.close();
    }
  });
});
