// The floor plan of each side, kept by `npm run deps:check` (part of `npm test`). docs/architecture.md explains it.
//
// Server: platform <- domain <- features/<area> <- entry points (the files at src/server's top and cli/).
// Client: lib <- api <- features/<area> <- app (and main.tsx).
// Contract: src/shared/domain (pure rules) <- src/shared/api (route table, schemas).
// A floor imports only the floors below it; a feature never imports another feature; nothing imports test code.

/** Test files and test support: suites, kits, fakes and fixtures. */
const TEST_CODE = '(\\.test\\.tsx?$|/testing/|/__tests__/|^src/server/acceptance/)';

/** Where the programs start: the server, its commands and its cluster, and the client's bundle. */
const ENTRY_POINTS = '^src/(server/(main|cli|cluster)\\.ts|client/main\\.tsx)$';

const below = (side, floor, allowed) => ({
  name: `${side}-${floor}-imports-only-below`,
  comment: `${side}/${floor} may import only ${allowed.join(', ') || 'itself'} (and src/shared, packages).`,
  severity: 'error',
  from: { path: `^src/${side}/${floor}/`, pathNot: TEST_CODE },
  to: {
    path: `^src/${side}/`,
    pathNot: [`^src/${side}/${floor}/`, ...allowed.map((folder) => `^src/${side}/${folder}`)],
  },
});

const noOtherFeature = (side, sharedFloors) => ({
  name: `${side}-feature-imports-no-other-feature`,
  comment: `What two features share moves down into ${sharedFloors}.`,
  severity: 'error',
  from: { path: `^src/${side}/features/([^/]+)/`, pathNot: TEST_CODE },
  to: { path: `^src/${side}/features/`, pathNot: `^src/${side}/features/$1/` },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      comment: 'A file nothing imports is dead code (entry points, tests, declarations and configs aside).',
      severity: 'error',
      from: {
        orphan: true,
        pathNot: [
          TEST_CODE,
          '\\.d\\.ts$',
          '(^|/)tsconfig\\.json$',
          ENTRY_POINTS,
          '\\.json$',
        ],
      },
      to: {},
    },
    {
      name: 'reachable-from-an-entry-point',
      comment: 'Production code is reached from an entry point: a file that only tests import is dead code too.',
      severity: 'error',
      from: { path: ENTRY_POINTS },
      to: {
        path: '^src/',
        // webpack puts the typebox stand-in where the client imports typebox; no import names it.
        pathNot: [TEST_CODE, ENTRY_POINTS, '\\.d\\.ts$', '\\.json$', '^src/client/app/typeboxStub\\.ts$'],
        reachable: false,
      },
    },
    {
      name: 'production-imports-no-test-code',
      comment: 'Test kits, fakes and fixtures stay with the tests: production code never imports them.',
      severity: 'error',
      from: { path: '^src/', pathNot: TEST_CODE },
      to: { path: TEST_CODE },
    },
    {
      name: 'production-imports-no-dev-dependency',
      comment: 'The built server runs with production dependencies only.',
      severity: 'error',
      from: { path: '^src/(server|shared)/', pathNot: TEST_CODE },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'shared-imports-no-side',
      comment: 'The contract knows nothing of the server or the client.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|client)/' },
    },
    {
      name: 'shared-domain-below-api',
      comment: 'The pure rules sit below the route table and its schemas.',
      severity: 'error',
      from: { path: '^src/shared/domain/' },
      to: { path: '^src/shared/api/' },
    },
    {
      name: 'sides-apart',
      comment: 'Server and client share only src/shared.',
      severity: 'error',
      from: { path: '^src/(server|client)/' },
      to: { path: '^src/(server|client)/', pathNot: '^src/$1/' },
    },

    {
      name: 'server-files-on-a-floor',
      comment: 'Every server file sits on a floor: platform, domain, features, or the entry points (top-level files, cli/).',
      severity: 'error',
      from: {
        path: '^src/server/',
        pathNot: [TEST_CODE, '^src/server/(platform|domain|features|cli)/', '^src/server/[^/]+\\.ts$'],
      },
      to: {},
    },
    {
      name: 'client-files-on-a-floor',
      comment: 'Every client file sits on a floor: lib, api, features, app, or the entry point.',
      severity: 'error',
      from: { path: '^src/client/', pathNot: [TEST_CODE, '^src/client/(lib|api|features|app)/', '^src/client/(main|sw)\\.tsx?$'] },
      to: {},
    },

    below('server', 'platform', []),
    below('server', 'domain', ['platform/']),
    below('server', 'features', ['platform/', 'domain/']),
    noOtherFeature('server', 'domain (or platform)'),

    below('client', 'lib', []),
    below('client', 'api', ['lib/']),
    below('client', 'features', ['lib/', 'api/']),
    noOtherFeature('client', 'lib (or api)'),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
    reporterOptions: {
      dot: { collapsePattern: '^src/(server|client)/(platform|domain|lib|api|app)/[^/]+|^src/(server|client)/features/[^/]+|^src/shared/[^/]+|node_modules/(@[^/]+/)?[^/]+' },
      text: { highlightFocused: true },
    },
  },
};
