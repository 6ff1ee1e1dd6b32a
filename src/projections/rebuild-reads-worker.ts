// The worker thread of a rebuild's reads (rebuild-reads.ts): it reads pages of the log through the
// same sealing layer the servers read through and opens them here, so that the rebuild's main thread
// spends its time on the read models. It has a database pool of its own and a key ring of its own
// (data keys unwrapped here, never sent anywhere but to the opened events' thread).
import { parentPort, workerData } from 'node:worker_threads';
import { openEventStore } from '../eventstore/open.ts';
import type { Position } from '../eventstore/port.ts';
import { createKnex } from '../platform/database.ts';
import type { ReadsSource } from './rebuild-reads.ts';

type Request = { id: number; from: Position | null; limit: number } | { close: true };

const port = parentPort!;
const source = workerData as ReadsSource;
// Two connections: a read and the data keys it needs at most.
const knex = createKnex(source.url, 2);
const { store } = await openEventStore(source, knex, source.url);

port.on('message', (m: Request) => {
  if ('close' in m) {
    void store.close().finally(() => knex.destroy()).finally(() => port.close());
    return;
  }
  store.readAll(m.from, m.limit).then(
    (result) => port.postMessage({ id: m.id, result }),
    // Only what the caller needs to judge the failure (retry or not): the SQLSTATE and the message.
    (err: { code?: unknown; message?: unknown }) => port.postMessage({ id: m.id, error: { code: err?.code, message: String(err?.message ?? err) } }),
  );
});
port.postMessage({ ready: true });
