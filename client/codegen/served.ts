import { stopTestServer } from '../../test/support/db.ts';
import { startTestServer } from '../../test/support/server.ts';

/**
 * The document exactly as a running server serves it: a whole server on a throwaway database
 * (embedded PostgreSQL in a temp folder, or DATABASE_URL's server), the way the tests start one.
 * Building it in-process from the route definitions would skip whatever the HTTP layer adds.
 */
export async function fetchServedDocument(): Promise<unknown> {
  const server = await startTestServer();
  try {
    const res = await fetch(`${server.url}/v3/api-docs`);
    if (res.status !== 200) throw new Error(`GET /v3/api-docs answered ${res.status}`);
    return await res.json();
  } finally {
    await server.stop();
  }
}

/** For the generator, which owns its process; mocha's global hook does this for the tests. */
export { stopTestServer as stopTestDatabaseServer };
