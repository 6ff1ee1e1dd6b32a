import { createHash, hash as oneShot } from 'node:crypto';
import { hashLeaf, type Hash } from './merkle.ts';

// The leaf of an event, version 1 (docs/audit.md "Leaf format"). Never change it in place: a new
// encoding is a new version line, and the tree records which version each leaf uses.
//
//   practice.audit.leaf/v1\n
//   <event id>\n
//   <stream id>\n
//   <stream revision, decimal>\n
//   <event type>\n
//   <occurredAt, as stored in the metadata>\n
//   <base64 SHA-256 of JCS(data as stored)>\n
//   <base64 SHA-256 of JCS(metadata as stored)>\n
//
// "As stored" is sealed: personal fields are ciphertext, so an erased person's events still verify.
// JCS is the JSON Canonicalization Scheme (RFC 8785).

export const LEAF_VERSION_LINE = 'practice.audit.leaf/v1';
export const RECORD_DIGEST_PREFIX = Buffer.from('practice.audit.record/v1\n', 'utf8');

export interface LeafEvent {
  streamId: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: { eventId: string; occurredAt: string };
}

/** RFC 8785: object members sorted by UTF-16 code units, ECMAScript number and string forms, no spaces. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('JCS: numbers must be finite');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const keys = Object.keys(value as object).filter((k) => (value as Record<string, unknown>)[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  throw new TypeError(`JCS: cannot encode a ${typeof value}`);
}

const sha256b64 = (text: string) => oneShot('sha256', text, 'base64');

function line(value: string, what: string): string {
  if (/[\n\r]/.test(value)) throw new Error(`leaf: the ${what} contains a line break`);
  return `${value}\n`;
}

/** The leaf bytes of an event as stored. */
export function leafBytes(e: LeafEvent): Buffer {
  const text =
    `${LEAF_VERSION_LINE}\n` +
    line(String(e.metadata.eventId), 'event id') +
    line(e.streamId, 'stream id') +
    `${e.revision.toString()}\n` +
    line(e.type, 'type') +
    line(String(e.metadata.occurredAt), 'occurredAt') +
    `${sha256b64(canonicalJson(e.data))}\n` +
    `${sha256b64(canonicalJson(e.metadata))}\n`;
  return Buffer.from(text, 'utf8');
}

export const leafHashOf = (e: LeafEvent): Hash => hashLeaf(leafBytes(e));

export interface ParsedLeaf {
  eventId: string;
  streamId: string;
  revision: bigint;
  type: string;
  occurredAt: string;
}

/** Reads the fields of leaf bytes (v1). Throws on anything else. */
export function parseLeaf(bytes: Buffer): ParsedLeaf {
  const lines = bytes.toString('utf8').split('\n');
  if (lines.length !== 9 || lines[8] !== '' || lines[0] !== LEAF_VERSION_LINE || !/^(0|[1-9][0-9]*)$/.test(lines[3])) {
    throw new Error('not a practice.audit.leaf/v1 leaf');
  }
  return { eventId: lines[1], streamId: lines[2], revision: BigInt(lines[3]), type: lines[4], occurredAt: lines[5] };
}

/**
 * The `huella` of a clinical record: SHA-256 over a version line and the leaf hashes of the
 * record stream's events before its signature, in revision order (base64).
 */
export function recordDigest(leafHashes: Hash[]): string {
  const h = createHash('sha256').update(RECORD_DIGEST_PREFIX);
  for (const leaf of leafHashes) h.update(leaf);
  return h.digest('base64');
}
