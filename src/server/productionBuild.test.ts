import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

function build(...args: string[]) {
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), ...args], { cwd: ROOT, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('production build', () => {
  let outDir: string;
  beforeAll(() => { outDir = mkdtempSync(join(tmpdir(), 'porra-build-')); });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('npm start, serve and porra run compiled JavaScript with node; tsx is only a development tool', () => {
    for (const script of ['start', 'serve', 'porra']) {
      expect(packageJson.scripts[script]).toMatch(/node dist\/server\/(main|cli)\.js$/);
      expect(packageJson.scripts[script]).not.toMatch(/tsx|ts-node/);
    }
    expect(packageJson.dependencies.tsx).toBeUndefined();
    expect(packageJson.devDependencies.tsx).toBeDefined();
  });

  it('compiles the server and the shared code to CommonJS, without tests nor their support, then skips when nothing changed', () => {
    const first = build('server', '--out-dir', outDir);
    expect(first).toMatchObject({ status: 0, output: expect.stringMatching(/server: built in/) });
    expect(existsSync(join(outDir, 'server/main.js'))).toBe(true);
    expect(existsSync(join(outDir, 'server/cli.js'))).toBe(true);
    expect(existsSync(join(outDir, 'shared/api/route.js'))).toBe(true);
    const files = readdirSync(outDir, { recursive: true }).map(String);
    expect(files.filter((file) => file.endsWith('.ts') || /\.test\.js$/.test(file))).toEqual([]);
    // No test support either: kits, fakes, fixtures and test servers live in testing/ folders beside their tests.
    expect(files.filter((file) => /(^|\/)(testing|__tests__|acceptance)(\/|$)/.test(file))).toEqual([]);
    expect(readFileSync(join(outDir, 'server/main.js'), 'utf8')).toMatch(/require\("\.\/app"\)/);

    expect(build('server', '--out-dir', outDir).output).toMatch(/server: up to date, build skipped/);
    expect(build('server', '--out-dir', outDir, '--quiet').output).toBe('');
    expect(build('server', '--out-dir', outDir, '--force').output).toMatch(/server: built in/);
  });

  it('rebuilds when the output is gone, and refuses unknown parts', () => {
    rmSync(join(outDir, 'server'), { recursive: true, force: true });
    expect(build('server', '--out-dir', outDir).output).toMatch(/server: built in/);
    expect(build('serverr', '--out-dir', outDir)).toMatchObject({ status: 1, output: expect.stringMatching(/unknown part serverr/) });
  });

  it('the compiled CLI runs with plain node', () => {
    if (!existsSync(join(outDir, 'server/cli.js'))) build('server', '--out-dir', outDir);
    const help = spawnSync(process.execPath, [join(outDir, 'server/cli.js'), 'help'], {
      cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_PATH: join(ROOT, 'node_modules') },
    });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/create-admin/);
  });
});
