import { createHash, hash as oneShot } from 'node:crypto';

// The Merkle tree of RFC 9162 §2.1 (the same as RFC 6962's): SHA-256, leaf = H(0x00 || bytes),
// node = H(0x01 || left || right), the root of an empty tree H(""). Nodes are addressed by
// (level, index): the node at level L and index i covers leaves [i·2^L, (i+1)·2^L). Only complete
// subtrees are ever stored, so a stored node never changes once written.

export type Hash = Buffer;

const LEAF_PREFIX = Buffer.from([0]);
const NODE_PREFIX = Buffer.from([1]);

// One-shot digests (crypto.hash) cost about 0.7 of a Hash object's: the tree makes two per event.
const sha256 = (bytes: Buffer): Hash => oneShot('sha256', bytes, 'buffer') as unknown as Hash;
export const hashLeaf = (bytes: Uint8Array): Hash => sha256(Buffer.concat([LEAF_PREFIX, bytes]));
export const hashChildren = (left: Uint8Array, right: Uint8Array): Hash => sha256(Buffer.concat([NODE_PREFIX, left, right], 65));
export const emptyRoot = (): Hash => createHash('sha256').digest();

/** The largest power of two smaller than n (n > 1): the split point k of RFC 9162. */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** A complete subtree's hash; level 0 is a leaf hash. Throws when the node is not known. */
export type NodeReader = (level: number, index: number) => Hash;

export interface NodeKey {
  level: number;
  index: number;
}

const isPowerOfTwo = (n: number) => n > 0 && 2 ** Math.round(Math.log2(n)) === n;

/** MTH(D[a:b]), from complete subtrees (every range the RFC's recursion asks for is built of aligned ones). */
export function rangeHash(read: NodeReader, a: number, b: number): Hash {
  const size = b - a;
  if (size === 1) return read(0, a);
  if (isPowerOfTwo(size) && a % size === 0) return read(Math.log2(size), a / size);
  const k = splitPoint(size);
  return hashChildren(rangeHash(read, a, a + k), rangeHash(read, a + k, b));
}

/** MTH(D[0:n]). */
export function rootAt(read: NodeReader, n: number): Hash {
  return n === 0 ? emptyRoot() : rangeHash(read, 0, n);
}

/** PATH(m, D[a:b]) of RFC 9162 §2.1.3.1, leaf to root. */
function path(read: NodeReader, m: number, a: number, b: number): Hash[] {
  if (b - a <= 1) return [];
  const k = splitPoint(b - a);
  return m < k
    ? [...path(read, m, a, a + k), rangeHash(read, a + k, b)]
    : [...path(read, m - k, a + k, b), rangeHash(read, a, a + k)];
}

/** SUBPROOF(m, D[a:b], complete) of RFC 9162 §2.1.4.1. */
function subproof(read: NodeReader, m: number, a: number, b: number, complete: boolean): Hash[] {
  const n = b - a;
  if (m === n) return complete ? [] : [rangeHash(read, a, b)];
  const k = splitPoint(n);
  return m <= k
    ? [...subproof(read, m, a, a + k, complete), rangeHash(read, a + k, b)]
    : [...subproof(read, m - k, a + k, b, false), rangeHash(read, a, a + k)];
}

/** The inclusion proof of leaf `index` in the tree of `size` leaves (0 ≤ index < size). */
export function inclusionProof(read: NodeReader, index: number, size: number): Hash[] {
  if (!(index >= 0 && index < size)) throw new RangeError(`leaf ${index} is not in a tree of ${size}`);
  return path(read, index, 0, size);
}

/** The consistency proof from the tree of `from` leaves to the tree of `to` leaves (0 ≤ from ≤ to). */
export function consistencyProof(read: NodeReader, from: number, to: number): Hash[] {
  if (!(from >= 0 && from <= to)) throw new RangeError(`no consistency proof from ${from} to ${to}`);
  return from === 0 || from === to ? [] : subproof(read, from, 0, to, true);
}

/**
 * The nodes a computation reads, found by running it once on placeholders; the caller fetches them
 * (one query) and runs it again on the real nodes.
 */
export function nodesNeeded(compute: (read: NodeReader) => unknown): NodeKey[] {
  const seen = new Map<string, NodeKey>();
  const zero = Buffer.alloc(32);
  compute((level, index) => {
    seen.set(`${level}/${index}`, { level, index });
    return zero;
  });
  return [...seen.values()];
}

/**
 * The right edge of a growing tree (a compact range from leaf 0): at most one complete subtree per
 * level. Appending a leaf completes the subtrees it closes; each is reported once, as it completes.
 */
export class TreeFrontier {
  private readonly stack: { level: number; hash: Hash }[] = [];
  private count = 0;

  /** Resumes a tree of `size` leaves from the hashes of its frontier's subtrees, left to right. */
  static resume(size: number, read: NodeReader): TreeFrontier {
    const f = new TreeFrontier();
    let start = 0;
    for (let level = 52; level >= 0; level--) {
      const width = 2 ** level;
      if (size - start >= width) {
        f.stack.push({ level, hash: read(level, start / width) });
        start += width;
      }
    }
    f.count = size;
    return f;
  }

  /** The subtrees on the frontier of a tree of `size` leaves (what `resume` reads). */
  static frontierNodes(size: number): NodeKey[] {
    return nodesNeeded((read) => TreeFrontier.resume(size, read));
  }

  get size(): number {
    return this.count;
  }

  /** Adds a leaf hash; returns the complete subtrees (level ≥ 1) this leaf closed. */
  append(leafHash: Hash, completed?: (level: number, index: number, hash: Hash) => void): void {
    this.stack.push({ level: 0, hash: leafHash });
    this.count++;
    while (this.stack.length >= 2 && this.stack[this.stack.length - 1].level === this.stack[this.stack.length - 2].level) {
      const right = this.stack.pop()!;
      const left = this.stack.pop()!;
      const level = right.level + 1;
      const hash = hashChildren(left.hash, right.hash);
      this.stack.push({ level, hash });
      completed?.(level, this.count / 2 ** level - 1, hash);
    }
  }

  root(): Hash {
    if (this.stack.length === 0) return emptyRoot();
    let hash = this.stack[this.stack.length - 1].hash;
    for (let i = this.stack.length - 2; i >= 0; i--) hash = hashChildren(this.stack[i].hash, hash);
    return hash;
  }
}
