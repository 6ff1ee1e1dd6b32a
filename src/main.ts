import { ConfigError, loadConfig } from './platform/config.ts';
import { startServer } from './server.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  if (!config.databaseUrl) process.stdout.write(`Starting embedded PostgreSQL in ${config.dataDir}/postgres ...\n`);
  const running = await startServer({ config });
  process.stdout.write(`API listening on ${running.url}\n  OpenAPI:    ${running.url}/v3/api-docs\n  Swagger UI: ${running.url}/swagger-ui\n`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.deps.logger.info({ signal }, 'shutting down');
    await running.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? err.stack : JSON.stringify(err)}\n`);
  process.exit(1);
});
