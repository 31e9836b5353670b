/**
 * Bundle size report. Run after `npm run build` (or let it build: `npm run bench:bundle`).
 *
 * 1. From a real browser (Debian's Chromium through playwright-core) against the production server with the demo:
 *    the JavaScript a visitor's first page downloads (limit 200 KB compressed) and a signed-in player's home
 *    (limit 300 KB), bytes as sent over the wire and number of requests.
 * 2. From the files: the brotli size of the scripts index.html loads and of each lazy chunk.
 *
 * BUNDLE_CLIENT_DIR=<folder> measures another build (e.g. one made with `npx webpack --output-path`);
 * BUNDLE_FILES_ONLY=1 skips the browser.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { ROOT, ensureBuild, startMailbox, startServer } from '../e2e/harness';
import { PLAYER_LIMIT_KB, VISITOR_LIMIT_KB, describeWeight, playerHomeWeight, visitorHomeWeight } from './lib/pageWeight';

const clientDir = resolve(process.env.BUNDLE_CLIENT_DIR || join(ROOT, 'dist', 'client'));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** The .br file the build wrote, else brotli now. */
const brotliSize = (file: string) => {
  const full = join(clientDir, file);
  return existsSync(`${full}.br`) ? readFileSync(`${full}.br`).length : brotliCompressSync(readFileSync(full)).length;
};

function filesReport(): void {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  // Attributes may be quoted or not (the production index.html is minified).
  const initial = [...html.matchAll(/<script[^>]+src=["']?\/?([^"'\s>]+\.js)/g)].map((match) => match[1]);
  const styles = [...html.matchAll(/<link[^>]+href=["']?\/?([^"'\s>]+\.css)/g)].map((match) => match[1]);
  const lazy = readdirSync(join(clientDir, 'js')).filter((file) => file.endsWith('.js')).map((file) => `js/${file}`)
    .filter((file) => !initial.includes(file));
  let total = 0;
  console.log('Scripts in index.html:');
  for (const file of initial) {
    const size = brotliSize(file);
    total += size;
    console.log(`  ${file.padEnd(48)} ${kb(size).padStart(10)} br`);
  }
  console.log(`  ${'total'.padEnd(48)} ${kb(total).padStart(10)} br`);
  for (const file of styles) console.log(`Initial CSS ${file}: ${kb(brotliSize(file))} br`);
  console.log('Lazy chunks:');
  for (const file of lazy.sort()) console.log(`  ${file.padEnd(48)} ${kb(brotliSize(file)).padStart(10)} br`);
}

async function browserReport(): Promise<void> {
  if (!process.env.BUNDLE_CLIENT_DIR) ensureBuild();
  const mailbox = await startMailbox();
  const server = await startServer(mailbox.port, { CLIENT_DIR: clientDir });
  try {
    const visitor = await visitorHomeWeight(server.origin);
    const player = await playerHomeWeight(server.origin);
    console.log(describeWeight("Visitor's first page (/)", visitor, VISITOR_LIMIT_KB));
    console.log(describeWeight("Signed-in player's home (/)", player, PLAYER_LIMIT_KB));
    if (visitor.bytes > VISITOR_LIMIT_KB * 1024 || player.bytes > PLAYER_LIMIT_KB * 1024) {
      console.error('Over the limit');
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
    await mailbox.close();
  }
}

async function main(): Promise<void> {
  if (process.env.BUNDLE_FILES_ONLY !== '1') await browserReport();
  filesReport();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
