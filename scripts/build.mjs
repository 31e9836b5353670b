#!/usr/bin/env node
// Builds what `npm start` runs, as plain JavaScript:
// - the client: webpack into dist/client (the folder the server serves);
// - the server: every module of src/server and src/shared compiled by swc (TypeScript -> CommonJS, no type
//   check: `npm run typecheck` does that) into dist/server and dist/shared, so `node dist/server/main.js` runs it.
// Each part is skipped when the content hash of its inputs matches the one stored by its last build, which is
// what makes a second `npm start` quick. Content, not modification times: a checkout or a copy changes times.
//
//   node scripts/build.mjs [client] [server] [--force] [--quiet] [--out-dir DIR]
//
// Without a part name both are built. --out-dir puts the server (and its stamps) elsewhere, for tests.
// Progress goes to stderr, so commands run after a build (`npm run porra`) keep stdout to themselves;
// --quiet says nothing when there is nothing to build.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const THIS_SCRIPT = 'scripts/build.mjs';

/** Every file under `dir` (relative to ROOT, `/`-separated), sorted; missing folders count as empty. */
function filesUnder(dir) {
  const full = join(ROOT, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath ?? entry.path, entry.name)).split(sep).join('/'))
    .sort();
}

// Tests and their support (kits, fakes, fixtures, test servers) never reach dist/: the same rule as
// .dependency-cruiser.cjs's TEST_CODE, which keeps production code from importing them.
const isTest = (file) => /\.test\.tsx?$|\/testing\/|\/__tests__\/|^src\/server\/acceptance\//.test(file);

function hashOf(files) {
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update('\0').update(readFileSync(join(ROOT, file))).update('\0');
  return hash.digest('hex');
}

const readStamp = (file) => (existsSync(file) ? readFileSync(file, 'utf8').trim() : null);

const serverSources = () => ['src/server', 'src/shared'].flatMap(filesUnder)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !isTest(file));

const parts = {
  client: {
    inputs: () => [
      ...['src/client', 'src/shared', 'public'].flatMap(filesUnder).filter((file) => !isTest(file)),
      'webpack.config.js', 'tsconfig.json', 'package-lock.json', THIS_SCRIPT,
    ],
    output: (outDir) => join(outDir, 'client/index.html'),
    build: buildClient,
  },
  server: {
    inputs: () => [...serverSources(), 'package-lock.json', THIS_SCRIPT],
    output: (outDir) => join(outDir, 'server/main.js'),
    build: buildServer,
  },
};

/** webpack through its Node API, with the settings of webpack.config.js (production mode). */
function buildClient() {
  const webpack = require('webpack');
  const config = require(join(ROOT, 'webpack.config.js'))({}, { mode: 'production' });
  return new Promise((done, fail) => {
    webpack(config, (error, stats) => {
      if (error) return fail(error);
      const summary = stats.toString({ preset: 'errors-warnings', colors: process.stdout.isTTY });
      if (summary) console.error(summary);
      if (stats.hasErrors()) return fail(new Error('webpack failed'));
      done();
    });
  });
}

/**
 * swc compiles each file on its own (the project is isolatedModules), so the whole server takes about a second.
 * The output goes to a fresh folder first and then replaces the old one, so a failed build leaves the last good one.
 */
async function buildServer(outDir) {
  const swc = require('@swc/core');
  const staging = join(outDir, `.server-build-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  await Promise.all(serverSources().map(async (file) => {
    const source = readFileSync(join(ROOT, file), 'utf8');
    const target = join(staging, file.replace(/^src\//, '').replace(/\.ts$/, '.js'));
    const { code, map } = await swc.transform(source, {
      filename: join(ROOT, file),
      swcrc: false,
      configFile: false,
      sourceMaps: true,
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022', keepClassNames: true },
      module: { type: 'commonjs' },
    });
    mkdirSync(dirname(target), { recursive: true });
    const mapName = `${target.split(sep).pop()}.map`;
    writeFileSync(target, `${code}\n//# sourceMappingURL=${mapName}\n`);
    writeFileSync(`${target}.map`, map);
  }));
  for (const folder of ['server', 'shared']) {
    rmSync(join(outDir, folder), { recursive: true, force: true });
    renameSync(join(staging, folder), join(outDir, folder));
  }
  rmSync(staging, { recursive: true, force: true });
}

async function main(argv) {
  const force = argv.includes('--force');
  const quiet = argv.includes('--quiet');
  const outDirIndex = argv.indexOf('--out-dir');
  const outDir = outDirIndex >= 0 ? resolve(argv[outDirIndex + 1]) : join(ROOT, 'dist');
  const named = argv.filter((arg, i) => !arg.startsWith('--') && argv[i - 1] !== '--out-dir');
  const unknown = named.filter((name) => !(name in parts));
  if (unknown.length) throw new Error(`unknown part ${unknown.join(', ')} (client or server)`);
  const chosen = named.length ? named : Object.keys(parts);
  if (outDirIndex >= 0 && chosen.includes('client')) throw new Error('--out-dir is for the server only (webpack.config.js decides where the client goes)');
  mkdirSync(outDir, { recursive: true });

  for (const name of chosen) {
    const part = parts[name];
    const started = Date.now();
    const hash = hashOf(part.inputs());
    const stampFile = join(outDir, `.${name}-build-hash`);
    if (!force && readStamp(stampFile) === hash && existsSync(part.output(outDir))) {
      if (!quiet) console.error(`${name}: up to date, build skipped (${Date.now() - started} ms)`);
      continue;
    }
    // The stamp goes first so an interrupted build is never taken for a finished one.
    rmSync(stampFile, { force: true });
    await part.build(outDir);
    writeFileSync(stampFile, `${hash}\n`);
    console.error(`${name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
