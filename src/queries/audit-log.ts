import type { Knex } from 'knex';
import { consistencyProof, inclusionProof } from '../platform/audit/merkle.ts';
import { latestCheckpoint, leafOf, overStoredTree, treeSize, type StoredCheckpoint } from '../platform/audit/tree-store.ts';

// Reads of the tamper-evident log (docs/audit.md): the latest signed checkpoint, the signing
// keys, and proofs computed from the stored complete subtrees (O(log² n) nodes, one query).

export const latestSignedCheckpoint = (knex: Knex): Promise<StoredCheckpoint | null> => latestCheckpoint(knex);

/** Every verifier key that ever signed, current (first recorded last) last. */
export async function verifierKeys(knex: Knex): Promise<string[]> {
  const rows = await knex('audit_keys').orderBy([{ column: 'added_at' }, { column: 'verifier_key' }]).select('verifier_key');
  return rows.map((r: { verifier_key: string }) => r.verifier_key);
}

export type ProofOutcome<T> = { kind: 'ok'; proof: T } | { kind: 'tooLarge'; size: number } | { kind: 'notInTree'; size: number };

export interface InclusionProof {
  leafIndex: number;
  treeSize: number;
  leaf: string;
  hashes: string[];
}

/** The proof that an event's leaf is in the tree of `size` leaves (default: the latest signed checkpoint's). */
export async function inclusionOf(knex: Knex, eventId: string, size?: number): Promise<ProofOutcome<InclusionProof>> {
  const current = await treeSize(knex);
  if (size !== undefined && size > current) return { kind: 'tooLarge', size: current };
  const target = size ?? (await latestCheckpoint(knex))?.treeSize ?? 0;
  const leaf = await leafOf(knex, eventId);
  if (!leaf || leaf.index >= target) return { kind: 'notInTree', size: target };
  const hashes = await overStoredTree(knex, (read) => inclusionProof(read, leaf.index, target));
  return { kind: 'ok', proof: { leafIndex: leaf.index, treeSize: target, leaf: leaf.leaf.toString('base64'), hashes: hashes.map((h) => h.toString('base64')) } };
}

export interface ConsistencyProof {
  from: number;
  to: number;
  hashes: string[];
}

export async function consistencyBetween(knex: Knex, from: number, to: number): Promise<ProofOutcome<ConsistencyProof>> {
  const current = await treeSize(knex);
  if (to > current) return { kind: 'tooLarge', size: current };
  const hashes = await overStoredTree(knex, (read) => consistencyProof(read, from, to));
  return { kind: 'ok', proof: { from, to, hashes: hashes.map((h) => h.toString('base64')) } };
}
