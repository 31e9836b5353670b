// Folders of one floor import each other in one direction only: a loop between two folders means one of them holds
// an orchestrator that belongs on top (as domain/rescoring holds what rescores after a write). Test code is left out:
// a test may reach into the folders around what it tests. Kept by `npm run deps:check` beside .dependency-cruiser.cjs.
import base from './.dependency-cruiser.cjs';

export default {
  forbidden: [
    {
      name: 'no-folder-cycle',
      comment: 'Production code of two folders never imports in both directions, directly or through others.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    ...base.options,
    exclude: { path: '(^|/)(node_modules|dist)/|\\.test\\.tsx?$|/testing/|/__tests__/|^src/server/acceptance/' },
  },
};
