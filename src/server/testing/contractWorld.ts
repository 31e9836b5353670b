import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { ManualClock } from './manualClock';
import type { AppDeps } from '../platform/deps';
import { insertSession } from '../platform/sessions/sessionsRepository';
import { signToken } from '../platform/sessions/tokens';
import { CapturingMailer, openTestDatabase, testConfig, type DbKind } from './harness';

/**
 * An app on the seeded demo (a cup around "now", played and coming matches, a league with bets, demo players)
 * for contract tests: requests then reach the services instead of stopping at "not found". Its log lines at
 * warning level and above are kept, so a test can see an "undeclared error status" or an "unhandled error".
 */
export interface ContractApp {
  app: FastifyInstance;
  deps: AppDeps;
  logLines: string[];
  /** Demo user ids by email. */
  users: Record<string, number>;
  close(): Promise<void>;
}

export async function createContractApp(kind: DbKind): Promise<ContractApp> {
  const database = await openTestDatabase(kind);
  const clock = new ManualClock(Date.parse('2026-06-01T12:00:00Z'));
  const mailer = new CapturingMailer();
  const logLines: string[] = [];
  const stream = new Writable({ write(chunk, _encoding, done) { logLines.push(String(chunk)); done(); } });
  const { app, deps } = await buildApp({
    // Live streams answer their opening and end at once: a generated request must not hold a stream open.
    config: testConfig({ seedDemo: true, live: { ...testConfig().live, maxStreamMs: 0 } }), database, clock, mailer, logger: { level: 'warn', stream },
  });
  const rows = await deps.db.selectFrom('users').select(['id', 'email']).execute();
  return {
    app, deps, logLines,
    users: Object.fromEntries(rows.map((r) => [r.email, r.id])),
    async close() { await app.close(); await database.close(); },
  };
}

/** A fresh session of an existing user: each property run gets its own, so a sign-out spoils only itself. */
export async function sessionToken(deps: AppDeps, userId: number): Promise<string> {
  const now = deps.clock.now();
  const sessionId = randomUUID();
  const expiresAt = now + 86_400_000;
  await insertSession(deps.db, { id: sessionId, user_id: userId, created_at: now, expires_at: expiresAt });
  return signToken(deps.jwtSecret, { userId, sessionId }, now, expiresAt);
}
