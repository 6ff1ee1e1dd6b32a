// The audit section's database: the production wiring (sealing over PostgreSQL, the raw store the
// audit consumer reads), a realistic sealed log, and the audit runner and signer as server.ts wires them.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { EventStore, StoredEvent } from '../../src/eventstore/port.ts';
import { openEventStore } from '../../src/eventstore/open.ts';
import { loadConfig, type Config } from '../../src/platform/config.ts';
import { createKnex, migrate } from '../../src/platform/database.ts';
import { AUDIT_LOG_CONSUMER, AUDIT_RUNNER, auditLogHandler } from '../../src/projections/audit-log.ts';
import { CheckpointSigner } from '../../src/projections/audit-signer.ts';
import { CheckpointRunner } from '../../src/projections/runner.ts';
import { forgetCheckpoints } from '../../src/projections/watcher.ts';
import { BENCH_MASTER_KEY } from '../lib/api.ts';
import { generateClinicLog, LogWriter } from '../lib/generate.ts';
import { notCaughtUp, parkedRecorder } from '../projections.ts';

export interface AuditBenchDb {
  knex: Knex;
  config: Config;
  /** What the service appends through (sealing). */
  store: EventStore;
  /** The log as stored (sealed): what the audit consumer reads. */
  raw: EventStore;
  close(): Promise<void>;
}

export async function openAuditDb(url: string, dataDir: string): Promise<AuditBenchDb> {
  const knex = createKnex(url, 20);
  await migrate(knex);
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, MASTER_KEY: BENCH_MASTER_KEY, JWT_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' });
  const { store, raw } = await openEventStore(config, knex, url);
  return { knex, config, store, raw, close: async () => { await store.close(); await knex.destroy(); } };
}

/** Every event of the log as stored, in log order. */
export async function* readLog(raw: EventStore, batch = 1000): AsyncIterable<StoredEvent[]> {
  for (let from: string | null = null; ;) {
    const r = await raw.readAll(from, batch);
    if (r.events.length === 0) return;
    yield r.events;
    from = r.last;
  }
}

/**
 * A clinic log of about `total` events, as stored. Two practices are generated through the sealing
 * store (bench/lib/generate.ts, ~3,100 events); the rest are copies of those sealed events (new
 * ids, streams `<stream>-c<k>`) appended straight to the raw store, which seals nothing again: the
 * same sizes and shapes at a fraction of the sealing cost. Returns the sealed events (templates).
 */
export async function fillLog(db: AuditBenchDb, total: number): Promise<StoredEvent[]> {
  await generateClinicLog(db.knex, db.store, Math.min(total, 3_100));
  const templates: StoredEvent[] = [];
  for await (const batch of readLog(db.raw)) templates.push(...batch);
  let written = templates.length;
  for (let copy = 1; written < total; copy++) {
    const w = new LogWriter(db.raw, 2000);
    for (const t of templates.slice(0, total - written)) {
      await w.add(`${t.streamId}-c${copy}`, { type: t.type, data: t.data, metadata: { ...t.metadata, eventId: randomUUID(), occurredAt: new Date().toISOString() } });
    }
    await w.flush();
    written += w.written;
  }
  return templates;
}

/** The audit consumer and the checkpoint signer, as src/server.ts wires them. */
export class AuditWorkers {
  readonly signer: CheckpointSigner;
  readonly runner: CheckpointRunner;
  private readonly parked: string[];

  constructor(private readonly db: AuditBenchDb) {
    this.signer = new CheckpointSigner(db.knex, db.config.audit);
    const { parked, onParked } = parkedRecorder();
    this.parked = parked;
    this.runner = new CheckpointRunner(db.knex, db.raw, [auditLogHandler()], {
      table: 'projection_checkpoints', onParked, onBatch: (name) => name === AUDIT_LOG_CONSUMER && this.signer.nudge(), ...AUDIT_RUNNER,
    });
  }

  start(): void {
    this.runner.start();
    this.signer.start();
  }

  /** Until every event of the log is a leaf and a signed checkpoint covers them all. */
  async settle(timeoutMs: number): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    if (!(await this.runner.waitFor(await this.db.raw.head(), timeoutMs)) || this.parked.length) {
      throw notCaughtUp(this.runner, this.parked, 'audit consumer', timeoutMs);
    }
    const size = await leafCount(this.db.knex);
    while ((await signedSize(this.db.knex)) < size) {
      if (performance.now() > deadline) throw new Error(`no checkpoint of ${size} leaves signed within ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async stop(): Promise<void> {
    await Promise.all([this.runner.stop(), this.signer.stop()]);
    if (this.parked.length) throw new Error(`audit consumer parked events: ${this.parked.join(', ')}`);
  }
}

export async function leafCount(knex: Knex): Promise<number> {
  const { rows } = await knex.raw('select coalesce(max(leaf_index) + 1, 0)::int as n from audit_leaves');
  return rows[0].n;
}

export async function signedSize(knex: Knex): Promise<number> {
  const { rows } = await knex.raw('select coalesce(max(tree_size), 0)::int as n from audit_checkpoints');
  return rows[0].n;
}

/** Empties the tree and the consumer's checkpoint (the bench's own database only: production never does). */
export async function dropTree(knex: Knex): Promise<void> {
  await knex.raw('truncate audit_leaves, audit_nodes, audit_checkpoints');
  await knex('projection_checkpoints').where({ name: AUDIT_LOG_CONSUMER }).delete();
  forgetCheckpoints('projection_checkpoints', [AUDIT_LOG_CONSUMER]);
}
