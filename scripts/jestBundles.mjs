// typebox ships as about 700 small ES modules, and jest resolves, reads and compiles each of them again for every test
// file that loads the route table. For jest only, they are bundled once into one CommonJS file (with typebox/value in
// the same bundle, so both share one copy of typebox's modules and registries), rebuilt when typebox's version changes.
// The browser build never loads typebox (src/client/app/typeboxStub.ts), and the server runs it as published.
import { buildSync } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'node_modules/.cache/jest-bundles');

/** Where jest finds the bundled modules: moduleNameMapper entries. */
export const bundledModules = {
  '^typebox$': join(OUT, 'typebox.cjs'),
  '^typebox/value$': join(OUT, 'typebox-value.cjs'),
};

/** Builds the bundles unless those of the installed typebox are already there. */
export function ensureJestBundles() {
  const version = JSON.parse(readFileSync(join(ROOT, 'node_modules/typebox/package.json'), 'utf8')).version;
  const stamp = join(OUT, 'typebox.version');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === version) return;
  mkdirSync(OUT, { recursive: true });
  buildSync({
    stdin: {
      contents: "export * from 'typebox';\nexport { default } from 'typebox';\nexport { default as __value } from 'typebox/value';\n",
      resolveDir: ROOT,
    },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    outfile: join(OUT, 'typebox.cjs'),
    logLevel: 'error',
  });
  writeFileSync(join(OUT, 'typebox-value.cjs'),
    "const bundle = require('./typebox.cjs');\nmodule.exports = { __esModule: true, default: bundle.__value, Value: bundle.__value };\n");
  writeFileSync(stamp, version);
}
