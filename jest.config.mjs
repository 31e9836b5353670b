// Plain JavaScript, so that jest reads it without compiling TypeScript first (ts-node took 3 s of every run).
import { bundledModules, ensureJestBundles } from './scripts/jestBundles.mjs';

ensureJestBundles();

// ESM-only packages that jest (CommonJS) must transform. typebox is not among them: tests load it from one bundle, and
// any entry point of it the bundle lacks fails to load instead of bringing in a second copy.
const esmPackages = ['jose', 'until-async', 'rettime', 'dexie', 'msw', '@mswjs', '@bundled-es-modules', '@open-draft'];
/** @type {import('jest').Config['transform']} */
const transform = {
  '^.+\\.(t|j)sx?$|^.+\\.mjs$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } }],
};
const transformIgnorePatterns = [`/node_modules/(?!(${esmPackages.join('|')})/)`];

/** @type {import('jest').Config} */
const config = {
  // Two workers on a two-core machine (jest's default is one fewer than the cores): server suites spend much of their
  // time waiting on PostgreSQL, child processes and timers, so two overlap well (the whole suite: 17 -> 10 minutes here).
  maxWorkers: 2,
  // A worker whose heap has grown past this after a file is replaced by a fresh one: the heap grows file after file
  // (up to 3 GB a worker), and collecting it came to cost more than starting anew (the suite 666 s -> 529 s here;
  // 400 MB replaced workers too often: 581 s).
  workerIdleMemoryLimit: '700MB',
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  projects: [
    {
      displayName: 'shared',
      testEnvironment: 'node',
      roots: ['<rootDir>/src/shared'],
      moduleNameMapper: bundledModules,
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/src/server'],
      moduleNameMapper: bundledModules,
      // The 30 s default timeout (a testTimeout here would be ignored: jest reads it from the global config only).
      setupFilesAfterEnv: ['<rootDir>/src/server/testing/jestSetup.ts'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'client',
      testEnvironment: 'jest-fixed-jsdom',
      roots: ['<rootDir>/src/client'],
      setupFilesAfterEnv: ['<rootDir>/src/client/testing/setup.ts'],
      moduleNameMapper: { ...bundledModules, '\\.(css|svg|png|jpg)$': '<rootDir>/__mocks__/fileMock.ts' },
      transform,
      transformIgnorePatterns,
    },
  ],
};

export default config;
