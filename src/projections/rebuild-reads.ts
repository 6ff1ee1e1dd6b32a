import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Config } from '../platform/config.ts';
import type { Logger } from '../platform/logger.ts';
import type { EventStore, Position, ReadAllResult, StoredEvent, SubscribeOptions } from '../eventstore/port.ts';

// A rebuild reads the whole log and opens every sealed field (AES-GCM, base64, JSON) before a read
// model sees it. On the main thread that work queued behind the read models' own; here the pages of
// the log are read and opened on a worker thread (rebuild-reads-worker.ts) while the main thread
// applies the page before (the runner's BatchReader reads one ahead). Events come back whole and
// in log order, exactly as the sealing store gives them: the read models cannot tell the difference.
// Only a rebuild reads this way (the CLI, the shadow rebuild, the bench); the servers' runners read on
// their own thread, where a batch is a handful of events.

/** What the worker needs to open its own store: the store's kind and address, the master key. */
export type ReadsSource = Pick<Config, 'eventStore' | 'kurrentdbUrl' | 'masterKey'> & { url: string };

/**
 * The cores a worker needs to pay for itself: one for it, one for this thread, the rest for the
 * database's share of a rebuild (as much CPU again as this process's). Measured on 2 cores shared
 * with PostgreSQL: no faster, and 40% more CPU per event (copying each page between the threads).
 */
export const WORKER_CORES = 4;

/** How long a worker may take to load and connect before the rebuild reads on its own thread. */
const START_MS = 30_000;

type Reply = { id: number; result: ReadAllResult } | { id: number; error: { code?: string; message: string } };
type Pending = { from: Position | null; limit: number; resolve: (r: ReadAllResult) => void; reject: (e: unknown) => void };

/**
 * An EventStore whose `readAll` reads and opens on a worker thread; everything else, and every read
 * when the worker cannot start or dies, goes to `store` (the sealing store) on this thread.
 */
export class OffThreadReads implements EventStore {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private next = 0;

  private constructor(private readonly store: EventStore, private readonly logger?: Logger) {}

  /**
   * `store` reads on this thread (and does everything but `readAll`); `source` opens the worker's.
   * `threads` false (default: fewer than WORKER_CORES cores) or a worker that fails to start (logged):
   * the reads stay here, the same events.
   */
  static async start(store: EventStore, source: ReadsSource, logger?: Logger, threads = availableParallelism() >= WORKER_CORES): Promise<OffThreadReads> {
    const reads = new OffThreadReads(store, logger);
    if (!threads) return reads;
    try {
      reads.worker = await startWorker(source);
      reads.worker.on('message', (m: Reply) => reads.settle(m));
      reads.worker.on('error', (err) => reads.lost(err));
      reads.worker.on('exit', () => reads.lost(null));
    } catch (err) {
      logger?.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, 'rebuild: no worker thread for reading the log; reading on the main thread');
    }
    return reads;
  }

  /** Whether pages are read on a worker now (false: on this thread). */
  get offThread(): boolean {
    return this.worker !== null;
  }

  readAll(from: Position | null, limit: number): Promise<ReadAllResult> {
    if (!this.worker) return this.store.readAll(from, limit);
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { from, limit, resolve, reject });
      this.worker!.postMessage({ id, from, limit });
    });
  }

  private settle(m: Reply): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if ('result' in m) p.resolve(m.result);
    else p.reject(Object.assign(new Error(m.error.message), m.error.code === undefined ? {} : { code: m.error.code }));
  }

  /** The worker died (or exited): its unanswered reads, and every later one, are done here. */
  private lost(err: Error | null): void {
    if (!this.worker) return;
    this.worker = null;
    if (err) this.logger?.warn({ err: { message: err.message } }, 'rebuild: the reading worker failed; reading on the main thread');
    for (const [id, p] of this.pending) {
      this.pending.delete(id);
      this.store.readAll(p.from, p.limit).then(p.resolve, p.reject);
    }
  }

  /** Stops the worker (its pool closes); the store given to `start` stays open. */
  async stopWorker(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ close: true });
    const timer = setTimeout(() => void worker.terminate(), 5_000);
    await exited;
    clearTimeout(timer);
    // A page read ahead that the worker had not answered: nobody waits for it any more.
    for (const [id, p] of this.pending) {
      this.pending.delete(id);
      p.reject(new Error('the rebuild stopped reading'));
    }
  }

  async close(): Promise<void> {
    await this.stopWorker();
    await this.store.close();
  }

  readStream(streamId: string): Promise<StoredEvent[]> {
    return this.store.readStream(streamId);
  }
  readStreams(streamIds: readonly string[]): Promise<StoredEvent[][]> {
    return this.store.readStreams(streamIds);
  }
  append(...args: Parameters<EventStore['append']>): ReturnType<EventStore['append']> {
    return this.store.append(...args);
  }
  subscribe(from: Position | null, handler: (events: StoredEvent[]) => Promise<void>, options?: SubscribeOptions) {
    return this.store.subscribe(from, handler, options);
  }
  waitForEvents(timeoutMs: number) {
    return this.store.waitForEvents(timeoutMs);
  }
  compare(a: Position | null, b: Position | null): number {
    return this.store.compare(a, b);
  }
  head(): Promise<Position | null> {
    return this.store.head();
  }
}

/**
 * A worker running rebuild-reads-worker.ts, once it has its store. Worker threads do not inherit
 * the TypeScript loader (tsx) the process was started with (`node --import tsx`, `tsx`, mocha's
 * node-option), so the worker registers it before it loads the .ts file.
 */
function startWorker(source: ReadsSource): Promise<Worker> {
  const file = new URL('./rebuild-reads-worker.ts', import.meta.url).href;
  // tsx's ESM API (tsx/esm/api, its `import` build), found from here with createRequire: mocha's tsx
  // loads this file as CommonJS, without import.meta.resolve, and `require` would pick the CJS build.
  const tsx = new URL('./api/index.mjs', pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm'))).href;
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file)}); });`;
  const workerData: ReadsSource = { eventStore: source.eventStore, kurrentdbUrl: source.kurrentdbUrl, masterKey: source.masterKey, url: source.url };
  const worker = new Worker(boot, { eval: true, workerData });
  return new Promise((resolve, reject) => {
    const exit = (code: number) => fail(new Error(`the worker exited (${code}) before it started`));
    // Only these listeners are removed: the Worker's own (removeAllListeners) stop its messages.
    const done = () => {
      clearTimeout(timer);
      worker.off('error', fail).off('exit', exit).off('message', ready);
    };
    const fail = (err: Error) => {
      done();
      void worker.terminate();
      reject(err);
    };
    const ready = () => {
      done();
      resolve(worker);
    };
    const timer = setTimeout(() => fail(new Error(`the worker did not start within ${START_MS / 1000} s`)), START_MS);
    worker.on('error', fail).on('exit', exit).on('message', ready);
  });
}
