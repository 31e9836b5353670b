import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');

let compiled: string | null = null;

/**
 * The server compiled as `npm start` runs it (scripts/build.mjs: plain JavaScript, no tsx), into a temporary
 * folder once per test file so the shared dist/ is left alone. Returns the path of main.js.
 */
export function compiledServer(): string {
  if (!compiled) {
    const outDir = mkdtempSync(join(tmpdir(), 'porra-server-'));
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), 'server', '--out-dir', outDir], { cwd: ROOT, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`server build failed:\n${build.stdout}${build.stderr}`);
    compiled = join(outDir, 'server/main.js');
  }
  return compiled;
}

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

export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  /** Everything it printed. */
  output: string[];
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code (SIGKILL after `ms`). */
  terminate(ms?: number): Promise<number | null>;
}

/** `node dist/server/main.js` on a free port with the given settings, once /readyz answers 200. */
export async function startServerProcess(env: Record<string, string>, readyWithinMs = 30_000): Promise<ServerProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [compiledServer()], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH, NODE_ENV: 'production', NODE_PATH: join(ROOT, 'node_modules'), PORT: String(port), HOST: '127.0.0.1',
      SEED_DEMO: 'false', AUTO_UPDATE_MINUTES: '0', LOG_LEVEL: 'warn', CLIENT_DIR: '/nonexistent', SCRYPT_COST: '10', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const terminate = async (ms = 20_000) => {
    if (child.exitCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output.join('')}`);
    try {
      if ((await fetch(`${origin}/readyz`)).status === 200) return { origin, child, output, exited, terminate };
    } catch { /* not listening yet */ }
    await new Promise((done) => setTimeout(done, 100));
  }
  await terminate(1000);
  throw new Error(`server not ready within ${readyWithinMs} ms:\n${output.join('')}`);
}
