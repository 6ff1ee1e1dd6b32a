// Figure 1: how fast events become leaves. `appendToTree` (the audit consumer's batch work: the
// frontier read back, leaf bytes, hashes, completed subtrees, one insert per table) committed in
// transactions of the runner's batch size, beside the same hashing in memory and the whole
// consumer catching up over the log (reads included), against a plain read pass of that log.
import type { Knex } from 'knex';
import type { StoredEvent } from '../../src/eventstore/port.ts';
import { leafBytes } from '../../src/platform/audit/leaf.ts';
import { hashLeaf, rootAt, TreeFrontier, type Hash } from '../../src/platform/audit/merkle.ts';
import { overStoredTree } from '../../src/platform/audit/tree-store.ts';
import { appendToTree } from '../../src/projections/audit-log.ts';
import type { SectionContext } from '../lib/context.ts';
import { ratio, round } from '../lib/stats.ts';
import { AuditWorkers, dropTree, leafCount, readLog, type AuditBenchDb } from './log.ts';
import { SECTION, fmt, target } from './targets.ts';

/** CheckpointRunner's default batch size (src/projections/runner.ts). */
const RUNNER_BATCH = 1000;
const BUILDER_TARGET = 50_000;

/** What the consumer does per event, without the database: leaf bytes, leaf hash, the frontier's new subtrees. */
function inMemory(frontier: TreeFrontier, events: StoredEvent[]): number {
  const nodes: { level: number; index: number; hash: Hash }[] = [];
  for (const e of events) frontier.append(hashLeaf(leafBytes(e)), (level, index, hash) => nodes.push({ level, index, hash }));
  return nodes.length;
}

/** One transaction per batch, as the runner commits it (asynchronous commit: see commitBatch). */
const commitTree = (knex: Knex, events: StoredEvent[]) => knex.transaction(async (trx) => {
  await trx.raw('set local synchronous_commit = off');
  await appendToTree(trx, events);
});

export async function builderFigures(ctx: SectionContext, db: AuditBenchDb): Promise<void> {
  await dropTree(db.knex);
  const frontier = new TreeFrontier();
  let memoryMs = 0;
  let treeMs = 0;
  let events = 0;
  let readMs = 0;
  let t = performance.now();
  // The same batches go through both, in turn, so both see the same machine.
  for await (const batch of readLog(db.raw, RUNNER_BATCH)) {
    readMs += performance.now() - t;
    t = performance.now();
    inMemory(frontier, batch);
    memoryMs += performance.now() - t;
    t = performance.now();
    await commitTree(db.knex, batch);
    treeMs += performance.now() - t;
    events += batch.length;
    t = performance.now();
  }
  const stored = await overStoredTree(db.knex, (read) => rootAt(read, events));
  if (!stored.equals(frontier.root()) || (await leafCount(db.knex)) !== events) throw new Error('audit builder: the stored tree is not the one built in memory');
  const treeRate = events / (treeMs / 1000);
  const memoryRate = events / (memoryMs / 1000);
  const readRate = events / (readMs / 1000);
  ctx.add({
    section: SECTION, name: `tree builder: appendToTree, ${fmt(events)} sealed events, ${fmt(RUNNER_BATCH)} per transaction`, value: round(treeRate, 0), unit: 'events/s',
    ratios: [{ to: 'the same hashing in memory', value: ratio(treeRate, memoryRate) }, { to: `target ${fmt(BUILDER_TARGET)}/s`, value: ratio(treeRate, BUILDER_TARGET) }],
    note: `${target(`≥ ${fmt(BUILDER_TARGET)} events/s`, treeRate >= BUILDER_TARGET)}; ${(treeMs / 1000).toFixed(1)} s (log reads apart)`,
  });
  ctx.add({
    section: SECTION, name: 'tree builder in memory: leaf bytes + hashes + frontier', value: round(memoryRate, 0), unit: 'events/s',
    ratios: [{ to: 'itself', value: 1 }], note: 'context: what the tree costs in Node, without PostgreSQL',
  });
  await catchUpFigure(ctx, db, events, readRate);
}

/** The consumer from an empty tree over the whole log, as after a first deployment on an existing log. */
async function catchUpFigure(ctx: SectionContext, db: AuditBenchDb, events: number, readRate: number): Promise<void> {
  await dropTree(db.knex);
  const workers = new AuditWorkers(db);
  const t = performance.now();
  workers.runner.start();
  const ok = await workers.runner.waitFor(await db.raw.head(), 600_000);
  const seconds = (performance.now() - t) / 1000;
  await workers.stop();
  if (!ok) throw new Error('audit consumer: not caught up within 600 s');
  const rate = events / seconds;
  ctx.add({
    section: SECTION, name: `audit consumer catching up from an empty tree, ${fmt(events)} events (reads + tree + checkpoint)`, value: round(rate, 0), unit: 'events/s',
    ratios: [{ to: `a plain read pass of the log (batches of ${fmt(RUNNER_BATCH)})`, value: ratio(rate, readRate) }],
    note: `${seconds.toFixed(1)} s; the read pass ${fmt(Math.round(readRate))} events/s`,
  });
}
