import { join } from 'node:path';
import { ConfigError, loadConfig, type Config } from './platform/config.ts';
import { acquireDataLock, type DataLock } from './platform/data-lock.ts';
import { checkEmbeddedFolder } from './platform/postgres/embedded.ts';
import { registerServer, type ServerRegistration } from './platform/server-registry.ts';
import { onShutdownSignals } from './platform/shutdown.ts';
import { StartupError } from './platform/startup-error.ts';
import { announce, captureConsole, createLogger } from './platform/logger.ts';
import type { RunningServer } from './server.ts';

/** Refusals the operator can act on: the message alone, no stack. */
function refusal(err: unknown): string | null {
  if (err instanceof StartupError) return err.message;
  const code = (err as NodeJS.ErrnoException | null)?.code;
  // The data folder (secrets, database) cannot be written: say so rather than print a stack.
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return `Cannot use the data folder: ${(err as Error).message}`;
  return null;
}

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
}

/** With DATABASE_URL: listed in the data folder for `npm stop`; a folder it cannot write only costs that. */
function register(dataDir: string, logger: ReturnType<typeof createLogger>): ServerRegistration | null {
  try {
    return registerServer(dataDir);
  } catch (err) {
    logger.warn({ err: (err as Error).message }, `cannot list this server in ${dataDir}/servers: npm stop will not find it`);
    return null;
  }
}

async function main() {
  const config = configOrExit();
  // Libraries that print with console.* (firebase-admin, knex) come out as log lines like ours.
  const logger = createLogger(config.logLevel);
  captureConsole(logger);
  let lock: DataLock | null = null;
  let registration: ServerRegistration | null = null;
  let starting: Promise<RunningServer> | null = null;
  // Handled from the first moment: a signal while starting stops the server as soon as it is up.
  onShutdownSignals(async (signal) => {
    const seconds = config.limits.shutdownGraceMs / 1000;
    announce(`${signal}: shutting down; requests in flight have up to ${seconds} s to finish (Ctrl-C again to stop at once) ...\n`, 'shutting down', { signal, graceSeconds: seconds });
    const server = await starting;
    server?.deps.logger.info({ signal }, 'shutting down');
    await server?.close();
    lock?.release();
    registration?.release();
    announce('Stopped.\n', 'stopped');
  });
  // Taken before anything else touches the folder; openDatabase takes it again (same process).
  if (!config.databaseUrl) {
    lock = await acquireDataLock(config.dataDir);
    await checkEmbeddedFolder(join(config.dataDir, 'postgres'));
  } else {
    registration = register(config.dataDir, logger);
  }
  // The rest of the app loads only now (seconds): a refused start says so at once.
  const { startServer } = await import('./server.ts');
  if (!config.databaseUrl) announce(`Starting embedded PostgreSQL in ${config.dataDir}/postgres ...\n`, 'starting embedded PostgreSQL', { dir: `${config.dataDir}/postgres` });
  starting = startServer({ config });
  const server = await starting;
  lock?.setUrl(server.url);
  registration?.setUrl(server.url);
  const { url } = server;
  const { pid } = process;
  announce(
    `API listening on ${url} (process ${pid})\n  OpenAPI:    ${url}/v3/api-docs\n  Swagger UI: ${url}/swagger-ui\n`,
    'API listening', { url, pid, openapi: `${url}/v3/api-docs`, swaggerUi: `${url}/swagger-ui` },
  );
}

main().catch((err) => {
  const message = refusal(err);
  process.stderr.write(message ? `${message}\n` : `Failed to start: ${err instanceof Error ? err.stack : JSON.stringify(err)}\n`);
  process.exit(1);
});
