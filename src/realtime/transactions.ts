import { ProtocolError } from './protocol.ts';

export interface HeldFrame {
  headers: Record<string, string>;
  body: Buffer;
}

export interface TransactionLimits {
  /** Transactions open at once in one session. */
  maxOpen: number;
  /** Bytes held by all of a session's open transactions (bodies plus headers). */
  maxHeldBytes: number;
  /** SENDs in one transaction. */
  maxFrames: number;
}

/** What a held frame costs besides its bytes (objects, map entries): so a flood of empty SENDs counts too. */
const FRAME_OVERHEAD = 128;

function sizeOf(f: HeldFrame): number {
  let n = f.body.length + FRAME_OVERHEAD;
  for (const [k, v] of Object.entries(f.headers)) n += k.length + v.length;
  return n;
}

/**
 * One session's open STOMP transactions: their SENDs held until COMMIT, bounded in number and in
 * bytes, since a client could otherwise hold memory for as long as its connection lasts. Going past
 * a bound is a protocol error (ERROR, then the connection closes, as for any too-large frame).
 */
export class Transactions {
  private readonly open = new Map<string, HeldFrame[]>();
  private held = 0;

  constructor(private readonly limits: TransactionLimits) {}

  /** Bytes held now, by the accounting the cap uses. */
  get heldBytes(): number {
    return this.held;
  }

  get size(): number {
    return this.open.size;
  }

  has(id: string): boolean {
    return this.open.has(id);
  }

  begin(id: string | undefined): void {
    if (!id || this.open.has(id)) throw new ProtocolError('invalid transaction', 'BEGIN needs a new transaction id');
    if (this.open.size >= this.limits.maxOpen) {
      throw new ProtocolError('too many transactions', `At most ${this.limits.maxOpen} transactions may be open at once: COMMIT or ABORT one first`);
    }
    this.open.set(id, []);
  }

  /** Throws past a bound, before anything is held (so the caller charges only frames it will keep). */
  check(id: string, frame: HeldFrame): void {
    const tx = this.open.get(id);
    if (!tx) throw new ProtocolError('unknown transaction', `No transaction ${id} is open`);
    if (tx.length >= this.limits.maxFrames) throw new ProtocolError('transaction too large', 'Too many frames in one transaction');
    if (this.held + sizeOf(frame) > this.limits.maxHeldBytes) {
      throw new ProtocolError('transaction too large', `Open transactions may hold at most ${this.limits.maxHeldBytes} bytes: COMMIT or ABORT first`);
    }
  }

  /** Holds a copy of the body in memory of its own (a pooled slice would keep its whole slab alive). */
  hold(id: string, frame: HeldFrame): void {
    this.check(id, frame);
    const body = Buffer.allocUnsafeSlow(frame.body.length);
    frame.body.copy(body);
    const copy = { headers: frame.headers, body };
    this.open.get(id)!.push(copy);
    this.held += sizeOf(copy);
  }

  /** Ends a transaction (COMMIT or ABORT): its frames, no longer counted; undefined when not open. */
  take(id: string | undefined): HeldFrame[] | undefined {
    const tx = id === undefined ? undefined : this.open.get(id);
    if (!tx) return undefined;
    this.open.delete(id!);
    for (const f of tx) this.held -= sizeOf(f);
    return tx;
  }

  /** The session ended: nothing it held stays reachable from it. */
  clear(): void {
    this.open.clear();
    this.held = 0;
  }
}
