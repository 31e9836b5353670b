import { drainTestFileSchemas } from './migratedSchemas';

// The server project's default test timeout. jest takes `testTimeout` only from the top-level (global) config and
// silently ignores it in a project entry, so it is set here (setupFilesAfterEnv) instead: each test builds an app on
// a fresh database, and a PostgreSQL schema plus its migrations take seconds when the machine is busy.
jest.setTimeout(30_000);

// The migrated PostgreSQL schemas this file's tests handed on are dropped after its last one.
afterAll(() => drainTestFileSchemas());
