import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';

export const ROOT = resolve(__dirname, '..');

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}

/**
 * Builds the client into dist/client when its sources changed (scripts/build.mjs compares content hashes, so an
 * unchanged client costs a second): a stale build would test old screens.
 */
export function ensureBuild(): void {
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync(join(ROOT, 'dist/client/index.html'))) return;
  const result = spawnSync(process.execPath, ['scripts/build.mjs', 'client', '--quiet'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the client build (node scripts/build.mjs client) failed');
}

/**
 * Compiles the server as `npm start` does (scripts/build.mjs: swc to plain JavaScript) into `outDir`, a folder of
 * this run: the shared dist/server is left to whoever else builds meanwhile. Returns the path of main.js.
 */
function compileServer(outDir: string): string {
  const result = spawnSync(process.execPath, ['scripts/build.mjs', 'server', '--quiet', '--out-dir', outDir], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the server build (node scripts/build.mjs server) failed:\n${result.stdout}${result.stderr}`);
  return join(outDir, 'server/main.js');
}

export interface Mail { to: string[]; raw: string; text: string }

/** A local SMTP server that keeps every message (no auth, no TLS). */
export async function startMailbox(): Promise<{ port: number; mails: Mail[]; close: () => Promise<void> }> {
  const mails: Mail[] = [];
  const port = await freePort();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, text: decodeBody(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return { port, mails, close: () => new Promise((done) => server.close(() => done())) };
}

/** Enough MIME decoding to read links: quoted-printable soft breaks and escapes, and base64 parts. */
function decodeBody(raw: string): string {
  const qp = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64Parts = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi)]
    .map((match) => Buffer.from(match[1].replace(/\s/g, ''), 'base64').toString('utf8'));
  return [qp, ...base64Parts].join('\n');
}

export interface RunningServer {
  origin: string; port: number; databaseUrl: string; dir: string; logs: string[]; stop: () => Promise<void>;
  /** Stops the server as a deployment would (SIGTERM) and starts it again on the same port and database. */
  restart: () => Promise<void>;
}

/**
 * The real server, compiled and run with plain node as `npm start` runs it, on a free port with a fresh SQLite file
 * and the demo seeded. Its output is kept in `logs`, and also written to `logFile` when given.
 */
export async function startServer(smtpPort: number, extraEnv: Record<string, string> = {}, logFile?: string): Promise<RunningServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'porra-e2e-'));
  const databaseUrl = `sqlite:${join(dir, 'porra.sqlite')}`;
  const origin = `http://localhost:${port}`;
  const logs: string[] = [];
  const main = compileServer(join(dir, 'build'));
  const file = logFile ? createWriteStream(logFile) : undefined;
  const keep = (chunk: Buffer) => {
    logs.push(chunk.toString());
    file?.write(chunk);
  };
  const launch = () => {
    const started: ChildProcess = spawn(process.execPath, [main], {
      cwd: ROOT,
      env: {
        // NODE_PATH: the compiled files live outside the repository, so their packages are found through it.
        ...process.env, NODE_PATH: join(ROOT, 'node_modules'), PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, APP_ORIGIN: origin, SEED_DEMO: 'true',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, AUTO_UPDATE_MINUTES: '0', SCRYPT_COST: '10', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout?.on('data', keep);
    started.stderr?.on('data', keep);
    const exited = new Promise<void>((done) => started.once('exit', () => done()));
    return { child: started, exited };
  };
  let current = launch();
  const halt = async () => {
    const { child, exited } = current;
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const stop = async () => {
    await halt();
    file?.end();
    rmSync(dir, { recursive: true, force: true });
  };
  const answering = async () => {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (current.child.exitCode !== null) throw new Error(`server exited early:\n${logs.join('')}`);
      try {
        const response = await fetch(`${origin}/api/v1/en/competition/index`);
        if (response.ok && ((await response.json()) as unknown[]).length > 0) return;
      } catch { /* not listening yet */ }
      await new Promise((done) => setTimeout(done, 300));
    }
    throw new Error(`server did not answer within 90 s:\n${logs.join('')}`);
  };
  const restart = async () => {
    await halt();
    current = launch();
    await answering();
  };
  try {
    await answering();
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, port, databaseUrl, dir, logs, stop, restart };
}

/**
 * JSON calls to the API (for setup the screens do not cover and for checking what the screens saved). Each client
 * calls from an address of its own, as people on their own connections do (the server trusts the loopback proxy:
 * globalSetup.ts), so the whole suite's sign-ups are not counted as one address's.
 */
export function apiClient(origin: string) {
  const address = `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;
  async function call<T = any>(method: string, path: string, options: { token?: string; body?: unknown; locale?: 'en' | 'es' | null } = {}): Promise<T> {
    const prefix = options.locale === null ? '/api/v1' : `/api/v1/${options.locale ?? 'en'}`;
    const response = await fetch(`${origin}${prefix}${path}`, {
      method,
      headers: {
        'x-forwarded-for': address,
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
    const text = await response.text();
    const data = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw Object.assign(new Error(`${method} ${path} -> ${response.status} ${text}`), { status: response.status, data });
    return data as T;
  }
  return {
    call,
    signIn: async (email: string, password: string): Promise<{ token: string; id: number }> =>
      call('POST', '/users/sign_in', { locale: null, body: { api_v1_user: { email, password } } }),
  };
}
export type Api = ReturnType<typeof apiClient>;
