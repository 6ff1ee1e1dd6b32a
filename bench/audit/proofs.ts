// Figure 5: proof sizes at 1,000, 100,000 and 1,000,000 leaves. The tree is built in memory with
// TreeFrontier (every complete subtree kept, as audit_nodes keeps them) and the proofs come from
// the same functions GET /audit/v1/proof/* runs over the stored tree (src/queries/audit-log.ts),
// read through a NodeReader over memory instead of one query.
import { leafBytes } from '../../src/platform/audit/leaf.ts';
import { consistencyProof, hashLeaf, inclusionProof, nodesNeeded, rootAt, TreeFrontier, type Hash, type NodeReader } from '../../src/platform/audit/merkle.ts';
import type { StoredEvent } from '../../src/eventstore/port.ts';
import type { SectionContext } from '../lib/context.ts';
import { ratio } from '../lib/stats.ts';
import { SECTION, fmt } from './targets.ts';

const SIZES = [1_000, 100_000, 1_000_000];
const SAMPLES = 200;
/** AUDIT_CHECKPOINT_MAX_LEAVES's default: under load, consecutive checkpoints are this far apart. */
const CHECKPOINT_STEP = 1000;

/** Every complete subtree of a tree of `n` leaves, one flat buffer per level. */
function memoryTree(n: number): { read: NodeReader; root: Hash } {
  const levels: Buffer[] = [];
  for (let level = 0; n >> level > 0; level++) levels.push(Buffer.alloc((n >> level) * 32));
  const frontier = new TreeFrontier();
  const leaf = Buffer.alloc(8);
  for (let i = 0; i < n; i++) {
    leaf.writeDoubleBE(i);
    const h = hashLeaf(leaf);
    h.copy(levels[0], i * 32);
    frontier.append(h, (level, index, hash) => hash.copy(levels[level], index * 32));
  }
  const read: NodeReader = (level, index) => {
    if (level >= levels.length || (index + 1) * 32 > levels[level].length) throw new Error(`node ${level}/${index} is not complete`);
    return levels[level].subarray(index * 32, index * 32 + 32);
  };
  return { read, root: frontier.root() };
}

/** A fixed spread of values in [lo, hi) (a small LCG: the same samples every run). */
function samples(lo: number, hi: number, count: number): number[] {
  let x = 12345;
  return Array.from({ length: count }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return lo + (x % Math.max(1, hi - lo));
  });
}

const b64 = (hs: Hash[]) => hs.map((h) => h.toString('base64'));

export function proofFigures(ctx: SectionContext, template: StoredEvent): void {
  const leaf = leafBytes(template).toString('base64');
  for (const n of SIZES) {
    const { read, root } = memoryTree(n);
    if (!rootAt(read, n).equals(root)) throw new Error('proofs: the in-memory tree disagrees with the frontier');
    const bound = Math.ceil(Math.log2(n));
    // Inclusion: the newest leaf (what a client asks right after its write), and a spread of others.
    const inclusion = (i: number) => {
      const hashes = inclusionProof(read, i, n);
      return { hashes: hashes.length, json: JSON.stringify({ leafIndex: i, treeSize: n, leaf, hashes: b64(hashes) }).length, nodes: nodesNeeded((r) => inclusionProof(r, i, n)).length };
    };
    const inc = [n - 1, 0, Math.floor(n / 2), ...samples(0, n, SAMPLES)].map(inclusion);
    const incMax = inc.reduce((a, b) => (b.hashes > a.hashes || (b.hashes === a.hashes && b.json > a.json) ? b : a));
    ctx.add({
      section: SECTION, name: `inclusion proof, tree of ${fmt(n)}: most hashes over ${SAMPLES + 3} leaves`, value: incMax.hashes, unit: 'hashes',
      ratios: [{ to: `⌈log2 n⌉ = ${bound}`, value: ratio(incMax.hashes, bound) }],
      note: `${incMax.hashes * 32} bytes of hashes; JSON response ${fmt(incMax.json)} bytes (leaf included); newest leaf: ${inc[0].hashes} hashes, ${fmt(inc[0].json)} bytes; ${incMax.nodes} stored nodes read`,
    });
    // Consistency: from the previous checkpoint (1,000 leaves back), and from a spread of older sizes.
    const consistency = (m: number) => {
      const hashes = consistencyProof(read, m, n);
      return { m, hashes: hashes.length, json: JSON.stringify({ from: m, to: n, hashes: b64(hashes) }).length, nodes: nodesNeeded((r) => consistencyProof(r, m, n)).length };
    };
    const con = [Math.max(1, n - CHECKPOINT_STEP), ...samples(1, n, SAMPLES)].map(consistency);
    const conMax = con.reduce((a, b) => (b.hashes > a.hashes ? b : a));
    ctx.add({
      section: SECTION, name: `consistency proof to a tree of ${fmt(n)}: most hashes over ${SAMPLES + 1} older sizes`, value: conMax.hashes, unit: 'hashes',
      ratios: [{ to: `⌈log2 n⌉ = ${bound}`, value: ratio(conMax.hashes, bound) }],
      note: `${conMax.hashes * 32} bytes of hashes; JSON response ${fmt(conMax.json)} bytes; from ${fmt(con[0].m)} (one checkpoint of ${fmt(CHECKPOINT_STEP)} leaves back): ${con[0].hashes} hashes, ${fmt(con[0].json)} bytes; ${conMax.nodes} stored nodes read`,
    });
  }
}
