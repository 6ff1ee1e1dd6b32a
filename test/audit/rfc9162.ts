import { createHash } from 'node:crypto';

// A verifier written from RFC 9162 §2.1.3.2 and §2.1.4.2, step by step, for the tests only: it
// shares no code with src/platform/audit, so a proof the service serves is checked independently.

const sha256 = (...parts: Uint8Array[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};
export const leafHash = (bytes: Uint8Array) => sha256(Buffer.from([0]), bytes);
const node = (l: Uint8Array, r: Uint8Array) => sha256(Buffer.from([1]), l, r);

/** §2.1.3.2: true when `path` proves `hash` is leaf `leafIndex` of the tree of `treeSize` with `root`. */
export function verifyInclusion(leafIndex: number, treeSize: number, hash: Buffer, path: Buffer[], root: Buffer): boolean {
  // 1. leaf_index must be less than tree_size.
  if (leafIndex >= treeSize) return false;
  // 2. fn = leaf_index, sn = tree_size - 1.
  let fn = leafIndex;
  let sn = treeSize - 1;
  // 3. r = hash.
  let r = hash;
  // 4. For each value p in the inclusion_path array:
  for (const p of path) {
    // a. If sn is 0, stop the iteration and fail the proof verification.
    if (sn === 0) return false;
    // b. If LSB(fn) is set, or if fn is equal to sn, then:
    if (fn % 2 === 1 || fn === sn) {
      // i. Set r to HASH(0x01 || p || r).
      r = node(p, r);
      // ii. If LSB(fn) is not set, then right-shift both fn and sn equally until either LSB(fn) is set or fn is 0.
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      // Otherwise: i. Set r to HASH(0x01 || r || p).
      r = node(r, p);
    }
    // c. Finally, right-shift both fn and sn one time.
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  // 5. Compare sn to 0. Compare r against the root_hash. If sn is equal to 0 and r and the root_hash are equal, then the log has proven the inclusion.
  return sn === 0 && r.equals(root);
}

/** §2.1.4.2: true when `proof` proves the tree of size `first` with `firstHash` is a prefix of the tree of `second` with `secondHash`. */
export function verifyConsistency(first: number, second: number, firstHash: Buffer, secondHash: Buffer, proof: Buffer[]): boolean {
  // The RFC assumes 0 < first < second; equal sizes need an empty proof and equal roots.
  if (first === second) return proof.length === 0 && firstHash.equals(secondHash);
  if (first === 0 || first > second) return first === 0 && proof.length === 0;
  // 1. If consistency_path is an empty array, stop and fail the proof verification.
  if (proof.length === 0) return false;
  // 2. If first is an exact power of 2, then prepend first_hash to the consistency_path array.
  const path = (first & (first - 1)) === 0 ? [firstHash, ...proof] : [...proof];
  // 3. Set fn to first - 1 and sn to second - 1.
  let fn = first - 1;
  let sn = second - 1;
  // 4. If LSB(fn) is set, then right-shift both fn and sn equally until LSB(fn) is not set.
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  // 5. Set both fr and sr to the first value in the consistency_path array.
  let fr = path[0];
  let sr = path[0];
  // 6. For each subsequent value c in the consistency_path array:
  for (const c of path.slice(1)) {
    // a. If sn is 0, then stop the iteration and fail the proof verification.
    if (sn === 0) return false;
    // b. If LSB(fn) is set, or if fn is equal to sn, then:
    if (fn % 2 === 1 || fn === sn) {
      // i. Set fr to HASH(0x01 || c || fr). Set sr to HASH(0x01 || c || sr).
      fr = node(c, fr);
      sr = node(c, sr);
      // ii. If LSB(fn) is not set, then right-shift both fn and sn equally until either LSB(fn) is set or fn is 0.
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      // Otherwise: i. Set sr to HASH(0x01 || sr || c).
      sr = node(sr, c);
    }
    // c. Finally, right-shift both fn and sn one time.
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  // 7. After completing iterating through the consistency_path array as described above, verify that the fr calculated is equal to the first_hash supplied, that the sr calculated is equal to the second_hash supplied, and that sn is 0.
  return fr.equals(firstHash) && sr.equals(secondHash) && sn === 0;
}
