import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import type { ScheduledJob } from '../../platform/scheduler/jobScheduler';
import type { UserDataSection } from '../userData/userDataSection';

/** How often the scheduled work runs; a job whose period is absent or 0 is not scheduled. */
export interface SchedulerOptions {
  /** The results update every N minutes and reminders every M minutes; neither (nor full syncs) when N is 0. */
  updateEveryMinutes: number;
  notifyEveryMinutes: number;
  /** Full syncs (update_all); none when absent. */
  fullSyncEveryMinutes?: number;
  /** SQLite backups (config.backupDir, keeping config.backupKeep); none when absent or 0. */
  backupEveryHours?: number;
  /** League webhooks' outbox sent every N seconds; never when absent or 0. */
  webhooksEverySeconds?: number;
  /** How often the timer wakes up to claim what is due. */
  wakeEveryMs?: number;
}

/** What the app hands every feature besides its dependencies: the other features' user-data sections, in order. */
export interface FeatureContext {
  userDataSections: readonly UserDataSection[];
}

/**
 * Everything the app wires of one feature, so the app, the data export, account deletion and the scheduler walk one
 * list (src/server/features.ts) and none keeps a list of its own.
 */
export interface FeatureManifest {
  name: string;
  /** Work done once when the app is built, before it serves (the demo's data). */
  prepare?(deps: AppDeps): Promise<void>;
  /** Registers the feature's routes: its route tables with their handlers, and any route outside the table. */
  register?(app: FastifyInstance, deps: AppDeps, context: FeatureContext): void;
  /** What the feature stores about a user, for the user's data export and account deletion. */
  userData?: UserDataSection;
  /** The feature's scheduled work. */
  jobs?(deps: AppDeps, options: SchedulerOptions): ScheduledJob[];
}
