import { openCheckpoint, type Checkpoint } from './checkpoint.ts';
import { leafBytes, parseLeaf, type ParsedLeaf } from './leaf.ts';
import { emptyRoot, hashLeaf, TreeFrontier, type Hash } from './merkle.ts';
import type { VerifierKey } from './note.ts';
import { RecordRules } from './verify-records.ts';

// The offline verification of an audit bundle (docs/audit.md "Verifying a bundle"). It reads the
// events and the leaves side by side, once, in order: memory holds the tree's frontier and one
// small entry per stream, never the log.

export interface BundleEvent {
  position: string;
  streamId: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: { eventId: string; occurredAt: string };
}

export interface Failure {
  /** The first offending event, when the failure is an event's. */
  eventId: string | null;
  leafIndex: number | null;
  reason: string;
}

export interface Report {
  verified: boolean;
  origin: string | null;
  checkpoint: { treeSize: number; root: string; signedBy: string[] } | null;
  trustedCheckpoint: { treeSize: number; root: string; consistent: boolean } | null;
  events: number;
  /** Leaf lines read (the tree as exported may run ahead of its latest signed checkpoint). */
  leaves: number;
  /** Events proved by the signed checkpoint: the first `checkpoint.treeSize` of the log. */
  provenEvents: number;
  /**
   * Events past the signed checkpoint (with or without a leaf): checked for order, revisions and the
   * records' rules, but not proved until a later checkpoint covers them.
   */
  pendingEvents: number;
  signedRecords: number;
  addenda: number;
  failure: Failure | null;
}

export interface VerifyInput {
  events: AsyncIterable<string>;
  leaves: AsyncIterable<string>;
  checkpoint: string;
  keys: VerifierKey[];
  trustedCheckpoint?: string;
}

class Fail extends Error {
  constructor(readonly failure: Failure) {
    super(failure.reason);
  }
}

const fail = (reason: string, eventId: string | null = null, leafIndex: number | null = null): never => {
  throw new Fail({ eventId, leafIndex, reason });
};

function parsePosition(p: unknown, id: string): [bigint, bigint] {
  const m = typeof p === 'string' ? /^(\d{1,20})\/(\d{1,20})$/.exec(p) : null;
  if (!m) return fail(`event ${id}: its log position ${JSON.stringify(p)} is not <n>/<n>`, id);
  return [BigInt(m[1]), BigInt(m[2])];
}

function parseEvent(line: string, index: number): BundleEvent {
  let e: BundleEvent;
  try {
    e = JSON.parse(line);
  } catch {
    return fail(`events line ${index + 1} is not JSON`);
  }
  const id = e?.metadata?.eventId;
  if (typeof id !== 'string' || typeof e.streamId !== 'string' || typeof e.type !== 'string' || !/^(0|[1-9]\d*)$/.test(String(e.revision))) {
    return fail(`events line ${index + 1} is not an event as exported (streamId, revision, type, data, metadata.eventId)`, typeof id === 'string' ? id : null);
  }
  return e;
}

function parseLeafLine(line: string, index: number): { bytes: Buffer; leaf: ParsedLeaf } {
  try {
    const { leafIndex, leaf } = JSON.parse(line) as { leafIndex: number; leaf: string };
    if (leafIndex !== index) return fail(`leaves line ${index + 1} is leaf ${leafIndex}: leaves must be listed 0, 1, 2, …`, null, index);
    const bytes = Buffer.from(leaf, 'base64');
    return { bytes, leaf: parseLeaf(bytes) };
  } catch (err) {
    if (err instanceof Fail) throw err;
    return fail(`leaves line ${index + 1} is not a v1 leaf: ${(err as Error).message}`, null, index);
  }
}

/** The event's leaf; an event that cannot be encoded (no data, a line break in a name, nesting past the stack) fails. */
function encode(e: BundleEvent, id: string, index: number): Buffer {
  try {
    if (e.data === undefined || e.metadata === undefined) throw new Error('data or metadata missing');
    return leafBytes({ ...e, revision: BigInt(e.revision) });
  } catch (err) {
    return fail(`event ${id} cannot be encoded as a leaf: ${(err as Error).message}`, id, index);
  }
}

const FIELDS = ['version', 'event id', 'stream', 'revision', 'type', 'occurredAt', 'data', 'metadata'];

/** What differs between the leaf the tree holds and the one the event gives now. */
function difference(stored: Buffer, now: Buffer): string {
  const [a, b] = [stored.toString('utf8').split('\n'), now.toString('utf8').split('\n')];
  const changed = FIELDS.filter((_, i) => a[i] !== b[i]);
  return changed.length ? changed.join(', ') : 'bytes';
}

class Walk {
  readonly frontier = new TreeFrontier();
  private readonly lastRevision = new Map<string, bigint>();
  private lastPosition: [bigint, bigint] | null = null;
  readonly records = new RecordRules(fail);
  trustedConsistent: boolean | null = null;

  constructor(
    private readonly cp: Checkpoint,
    private readonly trusted: Checkpoint | null,
  ) {}

  /** How many events the signed checkpoint proves. */
  get provable(): number {
    return this.cp.size;
  }

  /** Order, revisions, the event's leaf against the tree's, the records' rules; then the tree grows. */
  event(e: BundleEvent, index: number, stored: { bytes: Buffer; leaf: ParsedLeaf } | null): void {
    const id = e.metadata.eventId;
    const position = parsePosition(e.position, id);
    const last = this.lastPosition;
    if (last && (position[0] < last[0] || (position[0] === last[0] && position[1] <= last[1]))) {
      fail(`event ${id} is out of log order: position ${e.position} does not follow the previous event's`, id, index);
    }
    this.lastPosition = position;
    const bytes = encode(e, id, index);
    if (stored && !stored.bytes.equals(bytes)) {
      if (stored.leaf.eventId !== id) {
        fail(`leaf ${index} of the tree is event ${stored.leaf.eventId} (${stored.leaf.streamId} revision ${stored.leaf.revision}), but the log has event ${id} there: ${stored.leaf.eventId} was deleted from the log or moved`, stored.leaf.eventId, index);
      }
      fail(`event ${id} was changed after it entered the tree (leaf ${index}): its ${difference(stored.bytes, bytes)} differ`, id, index);
    }
    const previous = this.lastRevision.get(e.streamId) ?? -1n;
    if (BigInt(e.revision) !== previous + 1n) {
      fail(`event ${id}: revision ${e.revision} of ${e.streamId} follows revision ${previous}: revisions must be contiguous from 0`, id, index);
    }
    this.lastRevision.set(e.streamId, BigInt(e.revision));
    const hash = hashLeaf(bytes);
    this.records.event(e, id, index, hash);
    if (stored) this.grow(hash, id, index);
  }

  private grow(hash: Hash, id: string, index: number): void {
    this.frontier.append(hash);
    const size = this.frontier.size;
    if (this.trusted && size === this.trusted.size) {
      this.trustedConsistent = this.frontier.root().equals(this.trusted.root);
      if (!this.trustedConsistent) {
        fail(`the log's first ${size} events do not give the root of the trusted checkpoint: history before it was rewritten, or the checkpoints fork`, id, index);
      }
    }
    if (size === this.cp.size && !this.frontier.root().equals(this.cp.root)) {
      fail(`the root of the first ${size} leaves is not the signed checkpoint's: the tree was rewritten`, id, index);
    }
  }
}

function openCp(note: string, keys: VerifierKey[], what: string): Checkpoint & { verifiedBy: VerifierKey[] } {
  try {
    return openCheckpoint(note, keys);
  } catch (err) {
    return fail(`${what}: ${(err as Error).message}`);
  }
}

/** Verifies a bundle; never throws for a bundle that fails: the report says why. */
export async function verifyBundle(input: VerifyInput): Promise<Report> {
  const report: Report = {
    verified: false, origin: null, checkpoint: null, trustedCheckpoint: null, events: 0, leaves: 0, provenEvents: 0, pendingEvents: 0, signedRecords: 0, addenda: 0, failure: null,
  };
  try {
    const cp = openCp(input.checkpoint, input.keys, 'the bundle\'s checkpoint');
    report.origin = cp.origin;
    report.checkpoint = { treeSize: cp.size, root: cp.root.toString('base64'), signedBy: cp.verifiedBy.map((k) => k.text) };
    if (cp.size === 0 && !cp.root.equals(emptyRoot())) fail('the bundle\'s checkpoint of the empty tree has a root that is not SHA-256("")');
    const trusted = input.trustedCheckpoint ? openCp(input.trustedCheckpoint, input.keys, 'the trusted checkpoint') : null;
    if (trusted && trusted.size === 0 && !trusted.root.equals(emptyRoot())) fail('the trusted checkpoint of the empty tree has a root that is not SHA-256("")');
    if (trusted) {
      report.trustedCheckpoint = { treeSize: trusted.size, root: trusted.root.toString('base64'), consistent: false };
      if (trusted.origin !== cp.origin) fail(`the trusted checkpoint is of log ${trusted.origin}, the bundle of ${cp.origin}`);
      if (trusted.size > cp.size) fail(`the trusted checkpoint (${trusted.size} leaves) is newer than the bundle's (${cp.size}): export a newer bundle`);
      if (trusted.size === cp.size && !trusted.root.equals(cp.root)) fail(`two checkpoints of ${cp.size} leaves with different roots: the log forked`);
    }
    const walk = new Walk(cp, trusted);
    await walkBundle(input, walk, report);
    if (walk.frontier.size < cp.size) fail(`the bundle holds ${walk.frontier.size} leaves with their events; the checkpoint signs ${cp.size}`);
    if (trusted) {
      if (trusted.size === 0) walk.trustedConsistent = true;
      report.trustedCheckpoint!.consistent = walk.trustedConsistent === true;
    }
    report.signedRecords = walk.records.signed;
    report.addenda = walk.records.addenda;
    report.verified = true;
  } catch (err) {
    if (!(err instanceof Fail)) throw err;
    report.failure = err.failure;
  }
  return report;
}

async function walkBundle(input: VerifyInput, walk: Walk, report: Report): Promise<void> {
  const leaves = input.leaves[Symbol.asyncIterator]();
  let index = 0;
  let leavesDone = false;
  for await (const line of input.events) {
    if (line.trim() === '') continue;
    const event = parseEvent(line, index);
    const next: IteratorResult<string> = leavesDone ? { done: true, value: undefined } : await leaves.next();
    leavesDone = next.done === true;
    const stored = leavesDone ? null : parseLeafLine(next.value as string, index);
    walk.event(event, index, stored);
    report.events++;
    if (stored) report.leaves++;
    if (index < walk.provable) report.provenEvents++;
    else report.pendingEvents++;
    index++;
  }
  if (leavesDone) return;
  for (let next: IteratorResult<string> = await leaves.next(); !next.done; next = await leaves.next()) {
    if (next.value.trim() === '') continue;
    const { leaf } = parseLeafLine(next.value, index);
    fail(`event ${leaf.eventId} (${leaf.streamId} revision ${leaf.revision}) is in the tree as leaf ${index} but missing from the log`, leaf.eventId, index);
  }
}
