import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './testing/serverProcess';

const ROOT = resolve(__dirname, '../..');

/**
 * The server as an operator installs it: the build output and the lock file in a folder of their own, with
 * `npm ci --omit=dev`, so a production file that needs a development package fails here rather than in production.
 */
describe('the built server with production dependencies only', () => {
  let copy: string;
  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'porra-production-'));
    for (const file of ['package.json', 'package-lock.json', '.npmrc']) cpSync(join(ROOT, file), join(copy, file));
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), 'server', '--out-dir', join(copy, 'dist')], { cwd: ROOT, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`server build failed:\n${build.stdout}${build.stderr}`);
    // Install scripts are skipped (no network for prebuilt binaries); the one native addon is the one already built here.
    const install = spawnSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: copy, encoding: 'utf8',
    });
    if (install.status !== 0) throw new Error(`npm ci --omit=dev failed:\n${install.stdout}${install.stderr}`);
    cpSync(join(ROOT, 'node_modules/better-sqlite3/build'), join(copy, 'node_modules/better-sqlite3/build'), { recursive: true });
  }, 240_000);
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('leaves every development package out', () => {
    for (const dev of ['jest', 'smtp-server', 'playwright-core', 'fast-check', 'webpack', 'msw']) {
      expect(existsSync(join(copy, 'node_modules', dev))).toBe(false);
    }
  });

  it('starts, migrates a new database and answers /readyz', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [join(copy, 'dist/server/main.js')], {
      cwd: copy,
      env: {
        PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${join(copy, 'porra.sqlite')}`, SEED_DEMO: 'false', AUTO_UPDATE_MINUTES: '0',
        LOG_LEVEL: 'warn', CLIENT_DIR: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const exited = new Promise<number | null>((done) => child.once('exit', done));
    try {
      let ready = 0;
      for (let attempt = 0; attempt < 150 && ready !== 200 && child.exitCode === null; attempt += 1) {
        ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((res) => res.status, () => 0);
        if (ready !== 200) await new Promise((done) => setTimeout(done, 200));
      }
      expect({ ready, output: ready === 200 ? '' : output.join('') }).toEqual({ ready: 200, output: '' });
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 60_000);
});
