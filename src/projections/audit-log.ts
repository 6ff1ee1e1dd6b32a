import type { Knex } from 'knex';
import type { StoredEvent } from '../eventstore/port.ts';
import { leafBytes } from '../platform/audit/leaf.ts';
import { hashLeaf, TreeFrontier, type Hash } from '../platform/audit/merkle.ts';
import { insertLeaves, readNodes, treeSize, type NewLeaf } from '../platform/audit/tree-store.ts';
import type { CheckpointedHandler } from './batch.ts';
import type { RunnerOptions } from './runner.ts';

/**
 * How its runner runs: never parked (a skipped leaf would be a hole in the tree for good; it
 * retries, and /health shows it), and in batches at most every 150 ms under a trickle (fewer
 * fixed costs per append, well within the second a checkpoint may take).
 */
export const AUDIT_RUNNER: Pick<RunnerOptions, 'retry' | 'coalesceMs'> = {
  retry: { attempts: Infinity, backoffMs: [100, 500, 2_000, 10_000, 30_000] },
  coalesceMs: 150,
};

/** The consumer's name in projection_checkpoints (never reset by a rebuild: it is not a read model). */
export const AUDIT_LOG_CONSUMER = 'audit-log';

/**
 * Adds a leaf per event to the Merkle tree, in log order, after commit: a consumer of the
 * projection engine reading the store as stored (sealed), so an append never waits for it. The
 * batch's leaves, the subtrees they complete and the checkpoint commit in one transaction; the
 * frontier is read again at each batch, so a rolled-back batch leaves nothing behind in memory.
 */
export function auditLogHandler(): CheckpointedHandler {
  const pending = new WeakMap<Knex.Transaction, StoredEvent[]>();
  return {
    name: AUDIT_LOG_CONSUMER,
    async handle(trx, event) {
      const list = pending.get(trx);
      if (list) list.push(event);
      else pending.set(trx, [event]);
    },
    async flush(trx) {
      const events = pending.get(trx);
      pending.delete(trx);
      if (events?.length) await appendToTree(trx, events);
    },
  };
}

export async function appendToTree(trx: Knex.Transaction, events: StoredEvent[]): Promise<void> {
  const size = await treeSize(trx);
  const frontier = TreeFrontier.resume(size, await readNodes(trx, TreeFrontier.frontierNodes(size)));
  const leaves: NewLeaf[] = [];
  const nodes: { level: number; index: number; hash: Hash }[] = [];
  for (const event of events) {
    const leaf = leafBytes(event);
    const hash = hashLeaf(leaf);
    leaves.push({ index: frontier.size, eventId: event.metadata.eventId, leaf, hash });
    frontier.append(hash, (level, index, h) => nodes.push({ level, index, hash: h }));
  }
  await insertLeaves(trx, leaves, nodes);
}
