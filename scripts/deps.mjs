#!/usr/bin/env node
// Prints each side's dependency graph by floor and area, as text: `npm run deps` (server, client, shared), or
// `npm run deps -- server`. One line per area: what it imports, test code left out. The rules that keep the floors
// are in .dependency-cruiser.cjs, checked by `npm run deps:check` (part of `npm test`); docs/architecture.md explains them.
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const config = require(resolve(ROOT, '.dependency-cruiser.cjs'));

/** The area a file belongs to: its floor, and for features the feature's folder. */
function areaOf(path) {
  const match = /^src\/(server|client|shared)\/(?:(features|platform|domain|lib|api|app)\/([^/]+)|([^/]+))/.exec(path);
  if (!match) return null;
  const [, side, floor, folder, top] = match;
  if (side === 'shared') return `shared/${top ?? floor}`;
  if (!floor) return `${side}/${top.replace(/\.tsx?$/, '')} (entry)`;
  return `${side}/${floor}/${folder.replace(/\.tsx?$/, '')}`;
}

const sides = process.argv.slice(2).length ? process.argv.slice(2) : ['server', 'client', 'shared'];
const result = await cruise([...sides.map((side) => `src/${side}`)], {
  ...config.options,
  ruleSet: undefined,
  exclude: { path: '(^|/)(node_modules|dist)/|\\.test\\.tsx?$|/testing/|/__tests__/|^src/server/acceptance/' },
}, undefined, { tsConfig: require('typescript').readConfigFile?.(resolve(ROOT, 'tsconfig.depcruise.json'), require('typescript').sys.readFile)?.config });

const edges = new Map();
for (const module of result.output.modules) {
  const from = areaOf(module.source);
  if (!from) continue;
  if (!edges.has(from)) edges.set(from, new Set());
  for (const dependency of module.dependencies) {
    const to = areaOf(dependency.resolved);
    if (to && to !== from) edges.get(from).add(to);
  }
}
const floorOrder = ['entry', 'features', 'domain', 'platform', 'app', 'api', 'lib'];
const rank = (area) => {
  const index = floorOrder.findIndex((floor) => area.includes(`/${floor}/`) || area.includes(`(${floor})`));
  return index < 0 ? floorOrder.length : index;
};
for (const side of sides) {
  console.log(`\n${side}`);
  const areas = [...edges.keys()].filter((area) => area.startsWith(`${side}/`))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  for (const area of areas) {
    const targets = [...edges.get(area)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    console.log(`  ${area.slice(side.length + 1)} -> ${targets.map((t) => t.replace(/^(server|client)\//, '')).join(', ') || '(nothing)'}`);
  }
}
