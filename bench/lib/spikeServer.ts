/**
 * One server process of the matchday spike (bench/spike.ts): the real app, configured from its environment like a
 * production process (no scheduler: the spike drives results itself), on a free port of 127.0.0.1. It tells its
 * parent the address once listening, and answers `cpu` with its CPU time so far.
 */
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/platform/config';

async function main(): Promise<void> {
  process.removeAllListeners('warning');
  const config = { ...loadConfig(process.env), clientDir: '/nonexistent' };
  const { app } = await buildApp({ config });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('message', (message) => {
    if (message === 'cpu') process.send?.({ cpu: process.cpuUsage(), rss: process.memoryUsage().rss });
    if (message === 'stop') void app.close().then(() => process.exit(0));
  });
  process.send?.({ address });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
