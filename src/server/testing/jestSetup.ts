import { drainTestFileDatabases } from './migratedDatabases';

// The server project's default test timeout. jest takes `testTimeout` only from the top-level (global) config and
// silently ignores it in a project entry, so it is set here (setupFilesAfterEnv) instead: a test file's first app
// migrates a PostgreSQL schema, which takes seconds when the machine is busy.
jest.setTimeout(30_000);

// The migrated PostgreSQL schemas this file's tests handed on are dropped after its last one.
afterAll(() => drainTestFileDatabases());
