import assert from 'node:assert/strict';
import { PLAYER_LIMIT_KB, VISITOR_LIMIT_KB, playerHomeWeight, visitorHomeWeight, type PageWeight } from '../../bench/lib/pageWeight';
import { test } from '../support/fixtures';

/**
 * "Few requests" as numbers: the first pages load 6 and 13 scripts today (bench/README.md); a change that splits
 * them much further, or pulls a lazy chunk (charts, admin) into the first page, fails here.
 */
const VISITOR_MAX_REQUESTS = 8;
const PLAYER_MAX_REQUESTS = 16;

const kb = (weight: PageWeight) => `${(weight.bytes / 1024).toFixed(1)} KB in ${weight.requests} requests`;

/*
 * Measured with bench:bundle's own measure (bench/lib/pageWeight.ts): in a fresh Chromium at phone size, cache
 * disabled, the compressed JavaScript of a visitor's first page (at most 210 KB) and of the demo player's home after
 * signing in (at most 300 KB), and how many script requests each makes.
 */
test('the first pages of a visitor and of a player stay within the JavaScript budget, in few compressed requests', async ({ world: w }) => {
  const visitor = await visitorHomeWeight(w.origin);
  const player = await playerHomeWeight(w.origin);
  // Loaded on demand: recharts when the league charts are scrolled near (below a phone's first screen), the admin
  // console's chunks on its pages.
  const onDemand = [...visitor.files, ...player.files].map((file) => file.path).filter((path) => /\/js\/(charts|admin)/.test(path));
  assert.ok(visitor.bytes <= VISITOR_LIMIT_KB * 1024, `visitor's first page: ${kb(visitor)}, over ${VISITOR_LIMIT_KB} KB`);
  assert.ok(player.bytes <= PLAYER_LIMIT_KB * 1024, `player's home: ${kb(player)}, over ${PLAYER_LIMIT_KB} KB`);
  assert.ok(visitor.requests <= VISITOR_MAX_REQUESTS, `visitor's first page: ${visitor.requests} script requests`);
  assert.ok(player.requests <= PLAYER_MAX_REQUESTS, `player's home: ${player.requests} script requests`);
  assert.ok(visitor.files.every((file) => file.encoding !== 'identity'), 'every script of the first page is sent compressed');
  assert.deepEqual(onDemand, [], 'charts and admin chunks stay out of the first pages');
  w.notes.push(`visitor ${kb(visitor)}, player ${kb(player)}`);
});
