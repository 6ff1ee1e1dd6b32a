import type { Position, StoredEvent } from '../eventstore/port.ts';
import { BATCH_FLUSH, commitBatch, type CommitOutcome, type Part } from './batch.ts';
import type { BatchReader } from './batch-reader.ts';
import { failed, park } from './consumer-failures.ts';
import { ApplyError, isTransient } from './failures.ts';
import type { Member, RunnerCore } from './runner-core.ts';

/** What one batch did, for the runner's loop to choose how long to wait. */
export interface BatchResult {
  progressed: boolean;
  /** The batch read fewer events than a batch: most likely all there was. */
  short: boolean;
  /** False: another process holds one of the consumers and does this batch. */
  locked: boolean;
}

type MemberPart = Part & { member: Member };

/**
 * Reads one batch from `from` and commits it for `group` in two transactions at once, on two
 * connections: one for the consumers writes wait for, one for the others, so that the others
 * never delay an answer, one of them held elsewhere (a lock, a rebuild) never holds the others up,
 * and the database works on one lane while this process prepares the other's rows.
 */
export async function groupBatch(core: RunnerCore, reader: BatchReader, group: Member[], from: Position | null): Promise<BatchResult> {
  const { events, asked } = await reader.read(from);
  if (events.length === 0) return { progressed: false, short: true, locked: true };
  // At the log's end, while a server's runner runs a read model a write waits for (KurrentDB's;
  // PostgreSQL's before adoption), the others commit on their own: the loop goes on reading for the
  // first without waiting for them. Catching up (full batches) and in a rebuild, both lanes take each
  // batch together: one read of the log for all.
  if (core.options.servesWrites && events.length < asked && core.mine().some((m) => m.reads) && group.some((m) => !m.reads)) {
    detach(core, reader, group.filter((m) => !m.reads), events, asked);
    const reads = group.filter((m) => m.reads);
    return reads.length > 0 ? laneBatch(core, reader, reads, events, asked) : { progressed: false, short: true, locked: true };
  }
  const lanes = [group.filter((m) => m.reads), group.filter((m) => !m.reads)].filter((lane) => lane.length > 0);
  // Both settle before the loop goes on (a failed one is thrown then): no lane outlives its round.
  const settled = await Promise.allSettled(lanes.map((lane) => laneBatch(core, reader, lane, events, asked)));
  const failure = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
  const [first, second] = settled.map((r) => (r as PromiseFulfilledResult<BatchResult>).value);
  if (!second) return first;
  // The loop's pace follows the first lane; a second one that is locked out catches up later.
  return { progressed: first.progressed || second.progressed, short: first.short && second.short, locked: first.locked };
}

/**
 * Commits a lane apart from the loop: its members are busy (the loop leaves them alone) until it
 * settles, then the loop is woken to take them on from where they stand. A lane that throws (the
 * database, not an event: those are retried and parked inside) is logged and read again later.
 */
function detach(core: RunnerCore, reader: BatchReader, lane: Member[], events: StoredEvent[], asked: number): void {
  const done = laneBatch(core, reader, lane, events, asked).then(() => {}, (err: unknown) => {
    core.logger?.error({ err, runner: core.options.table }, 'batch failed; retrying');
    core.loaded = false;
  }).finally(() => {
    for (const m of lane) core.busy.delete(m.handler.name);
    core.wake();
  });
  for (const m of lane) core.busy.set(m.handler.name, done);
}

/** Commits `events` for `group`. A consumer that throws on an event keeps the events before it and stops there; the others commit them all. */
async function laneBatch(core: RunnerCore, reader: BatchReader, group: Member[], events: StoredEvent[], asked: number): Promise<BatchResult> {
  const parts: MemberPart[] = group.map((member) => ({
    member, handler: member.handler, accepts: member.accepts, from: member.position, upto: events.length,
  }));
  for (;;) {
    let outcome: CommitOutcome;
    try {
      outcome = await commitBatch(core.knex, core.options.table, parts, events, core.leases?.instance);
    } catch (err) {
      if (!(err instanceof ApplyError) || isTransient(err)) throw err;
      const part = parts.find((p) => p.handler.name === err.consumer)!;
      if (err.index === BATCH_FLUSH) {
        part.eager = true; // again, event by event, to find the one to blame
        continue;
      }
      failed(core, part.member, events, err.index, err.cause);
      part.upto = err.index;
      continue;
    }
    return settle(core, reader, group, parts, outcome, events.length < asked);
  }
}

/** What a lane's commit means for its consumers, the waiters and the loop. */
async function settle(core: RunnerCore, reader: BatchReader, group: Member[], parts: MemberPart[], outcome: CommitOutcome, short: boolean): Promise<BatchResult> {
  if (outcome.kind === 'lost') {
    core.leases?.lost(outcome.names); // refused by the fence: another instance owns them now
    return { progressed: false, short: true, locked: true };
  }
  if (outcome.kind === 'locked') {
    for (const m of group) core.lockedOut.add(m.handler.name);
    return { progressed: false, short: true, locked: false };
  }
  for (const m of group) core.lockedOut.delete(m.handler.name);
  if (outcome.kind === 'moved') {
    core.loaded = false;
    return { progressed: true, short: false, locked: true };
  }
  for (const p of parts) core.committed(p.member, outcome.positions.get(p.handler.name));
  for (const p of parts) if (p.member.failure && p.member.failure.attempts >= core.policy.attempts) await park(core, p.member);
  if (outcome.positions.size > 0) core.announce();
  reader.forgetPassed();
  return { progressed: true, short, locked: true };
}
