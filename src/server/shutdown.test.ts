import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { migrate, openDatabase, type DatabaseHandle } from './platform/db/database';
import { acquireLock } from './platform/locks/processLocks';
import { installLifecycle } from './platform/observability/lifecycle';
import { DB_KINDS, openTestDatabase, type DbKind } from './testing/harness';
import { shutdownGracefully } from './shutdown';

/**
 * The server's own database handle (closed by the shutdown) and an observer's handle on the same database,
 * to look at what the shutdown left behind.
 */
async function sharedDatabase(kind: DbKind): Promise<{ server: DatabaseHandle; observer: DatabaseHandle; dispose(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'porra-shutdown-'));
    const url = `sqlite:${join(dir, 'porra.sqlite')}`;
    const observer = openDatabase(url);
    await migrate(observer);
    return { server: openDatabase(url), observer, async dispose() { await observer.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const observer = await openTestDatabase(kind);
  await migrate(observer);
  const schema = (await observer.db.selectNoFrom((eb) => eb.fn<string>('current_schema').as('s')).executeTakeFirstOrThrow()).s;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { server: openDatabase(url.toString(), { poolSize: 2 }), observer, dispose: () => observer.close() };
}

/** A listening app (with the lifecycle of buildApp) and one route that answers only when the test lets it. */
async function serverWithSlowRoute() {
  const app: FastifyInstance = Fastify({ logger: false });
  const lifecycle = installLifecycle(app);
  let entered!: () => void;
  const inside = new Promise<void>((done) => { entered = done; });
  let release!: () => void;
  const released = new Promise<void>((done) => { release = done; });
  app.get('/slow', async () => { entered(); await released; return { saved: true }; });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, lifecycle, origin, inside, release };
}

const locksOf = (db: DatabaseHandle) => db.db.selectFrom('process_locks').select('name').execute();

describe.each(DB_KINDS)('graceful shutdown [%s]', (kind) => {
  it('stops accepting, lets the request in flight finish, releases this process\'s locks and closes the database', async () => {
    const { server, observer, dispose } = await sharedDatabase(kind);
    try {
      const { app, lifecycle, origin, inside, release } = await serverWithSlowRoute();
      // A job of this process was interrupted holding its lock.
      expect(await acquireLock(server.db, 'update', Date.now())).not.toBeNull();
      const inFlight = fetch(`${origin}/slow`);
      await inside;
      let schedulerStopped = false;
      const scheduler = { tick: async () => undefined, stop: async () => { schedulerStopped = true; } };
      const shutdown = shutdownGracefully({ app, lifecycle, database: server, scheduler }, 10_000);

      expect(lifecycle.shuttingDown).toBe(true);
      await new Promise((done) => setTimeout(done, 50));
      await expect(fetch(`${origin}/slow`, { headers: { connection: 'close' } })).rejects.toThrow();
      release();
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(answer.headers.get('connection')).toBe('close');
      expect(await answer.json()).toEqual({ saved: true });
      expect(await shutdown).toBe(true);
      expect(schedulerStopped).toBe(true);
      expect(await locksOf(observer)).toEqual([]);
      await expect(server.db.selectFrom('process_locks').select('name').execute()).rejects.toThrow();
    } finally {
      await dispose();
    }
  });

  it('cuts a request that outlives the deadline, and still releases the locks and closes the database', async () => {
    const { server, observer, dispose } = await sharedDatabase(kind);
    try {
      const { app, lifecycle, origin, inside } = await serverWithSlowRoute();
      expect(await acquireLock(server.db, 'notify', Date.now())).not.toBeNull();
      const hung = fetch(`${origin}/slow`).then(() => 'answered', () => 'cut');
      await inside;
      const started = Date.now();
      expect(await shutdownGracefully({ app, lifecycle, database: server, scheduler: null }, 300)).toBe(false);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await hung).toBe('cut');
      expect(await locksOf(observer)).toEqual([]);
    } finally {
      await dispose();
    }
  });

  it('leaves the locks of other processes alone', async () => {
    const { server, observer, dispose } = await sharedDatabase(kind);
    try {
      const { app, lifecycle } = await serverWithSlowRoute();
      const now = Date.now();
      await observer.db.insertInto('process_locks')
        .values({ name: 'update_all', owner: 'another-process', acquired_at: now, expires_at: now + 60_000 }).execute();
      await shutdownGracefully({ app, lifecycle, database: server, scheduler: null }, 1000);
      expect(await locksOf(observer)).toEqual([{ name: 'update_all' }]);
    } finally {
      await dispose();
    }
  });

  it('does not wait for connections left idle by streams it ended (live streams end as the app closes)', async () => {
    const { server, dispose } = await sharedDatabase(kind);
    try {
      const app: FastifyInstance = Fastify({ logger: false });
      const lifecycle = installLifecycle(app);
      const streams: NodeJS.WritableStream[] = [];
      app.get('/stream', (_request, reply) => {
        reply.hijack();
        reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
        reply.raw.write(': open\n\n');
        streams.push(reply.raw);
      });
      app.addHook('preClose', async () => { for (const stream of streams) stream.end(); });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const response = await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/stream`);
      const reader = response.body!.getReader();
      await reader.read();
      const started = Date.now();
      expect(await shutdownGracefully({ app, lifecycle, database: server, scheduler: null }, 10_000)).toBe(true);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await dispose();
    }
  });

  it('does not wait for a connection that never sent a request (a browser\'s preconnect)', async () => {
    const { server, dispose } = await sharedDatabase(kind);
    try {
      const { app, lifecycle, origin } = await serverWithSlowRoute();
      const { port } = new URL(origin);
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise((done) => socket.once('connect', done));
      const started = Date.now();
      expect(await shutdownGracefully({ app, lifecycle, database: server, scheduler: null }, 10_000)).toBe(true);
      expect(Date.now() - started).toBeLessThan(3_000);
      socket.destroy();
    } finally {
      await dispose();
    }
  });
});
