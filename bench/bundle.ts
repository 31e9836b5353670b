/**
 * Bundle size report (run after `npm run build`): gzip size of the JavaScript the first page loads (the scripts in
 * index.html) and of each lazy chunk. Target (issue 5): first page at most 250 KB gzip.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const clientDir = join(__dirname, '..', 'dist', 'client');
const LIMIT_KB = 250;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (file: string) => gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length;

const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
// Attributes may be quoted or not (the production index.html is minified).
const initial = [...html.matchAll(/<script[^>]+src=["']?\/?([^"'\s>]+\.js)/g)].map((match) => match[1]);
const styles = [...html.matchAll(/<link[^>]+href=["']?\/?([^"'\s>]+\.css)/g)].map((match) => match[1]);
const lazy = readdirSync(join(clientDir, 'js')).filter((file) => file.endsWith('.js')).map((file) => `js/${file}`)
  .filter((file) => !initial.includes(file));

let total = 0;
console.log('Initial JavaScript (first page):');
for (const file of initial) {
  const size = gzipSize(file);
  total += size;
  console.log(`  ${file.padEnd(40)} ${kb(size).padStart(10)} gzip`);
}
console.log(`  ${'total'.padEnd(40)} ${kb(total).padStart(10)} gzip (limit ${LIMIT_KB} KB)`);
for (const file of styles) console.log(`Initial CSS ${file}: ${kb(gzipSize(file))} gzip`);
console.log('Lazy chunks:');
for (const file of lazy.sort()) console.log(`  ${file.padEnd(40)} ${kb(gzipSize(file)).padStart(10)} gzip`);
if (total > LIMIT_KB * 1024) {
  console.error(`Initial JavaScript is over ${LIMIT_KB} KB gzip`);
  process.exitCode = 1;
}
