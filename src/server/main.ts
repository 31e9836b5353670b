import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { loadVapidKeys } from './modules/push/vapidKeys';
import { startScheduler } from './modules/scheduler/scheduler';

/** Listens and shuts down gracefully; everything else is built by app.ts. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const { app, deps } = await buildApp({ config });
  // Push keys exist before the first browser asks for them (every process reads the same stored pair).
  await loadVapidKeys(deps.db);
  const scheduler = startScheduler(deps);
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await scheduler?.stop();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
