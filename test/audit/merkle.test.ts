import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { consistencyProof, hashLeaf, inclusionProof, nodesNeeded, rootAt, TreeFrontier, type Hash, type NodeReader } from '../../src/platform/audit/merkle.ts';
import { leafHash as rfcLeafHash, verifyConsistency, verifyInclusion } from './rfc9162.ts';

// Test vectors of the transparency-dev/merkle project (github.com/transparency-dev/merkle,
// proof/verify_test.go: `leaves`, `roots`, `inclusionProofs`, `consistencyProofs`), copied as data.
const LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'];
const ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
// leaf is 1-based in the source's table.
const INCLUSION: { leaf: number; size: number; proof: string[] }[] = [
  { leaf: 1, size: 1, proof: [] },
  { leaf: 1, size: 8, proof: ['96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7', '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4'] },
  { leaf: 6, size: 8, proof: ['bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b', 'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0', 'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7'] },
  { leaf: 3, size: 3, proof: ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125'] },
  { leaf: 2, size: 5, proof: ['6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d', '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', 'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b'] },
];
const CONSISTENCY: { from: number; to: number; proof: string[] }[] = [
  { from: 1, to: 1, proof: [] },
  { from: 1, to: 8, proof: ['96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7', '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4'] },
  { from: 6, to: 8, proof: ['0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a', 'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0', 'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7'] },
  { from: 2, to: 5, proof: ['5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', 'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b'] },
  { from: 6, to: 7, proof: ['0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a', 'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f', 'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7'] },
];
const EMPTY_ROOT = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

const hex = (h: Hash[]) => h.map((x) => x.toString('hex'));

/** A tree built leaf by leaf as the service builds it: leaf hashes and every completed subtree kept. */
function build(leaves: Buffer[]): { read: NodeReader; frontier: TreeFrontier } {
  const nodes = new Map<string, Hash>();
  const frontier = new TreeFrontier();
  leaves.forEach((leaf, i) => {
    const h = hashLeaf(leaf);
    nodes.set(`0/${i}`, h);
    frontier.append(h, (level, index, hash) => nodes.set(`${level}/${index}`, hash));
  });
  const read: NodeReader = (level, index) => {
    const h = nodes.get(`${level}/${index}`);
    if (!h) throw new Error(`node ${level}/${index} is not stored`);
    return h;
  };
  return { read, frontier };
}

describe('audit: the Merkle tree (RFC 9162)', () => {
  const leaves = LEAVES.map((h) => Buffer.from(h, 'hex'));

  it('gives the roots of the transparency-dev/merkle vectors at every size, and H("") when empty', () => {
    for (let n = 1; n <= 8; n++) {
      const { read, frontier } = build(leaves.slice(0, n));
      expect(rootAt(read, n).toString('hex'), `size ${n}`).to.equal(ROOTS[n - 1]);
      expect(frontier.root().toString('hex'), `frontier at ${n}`).to.equal(ROOTS[n - 1]);
    }
    expect(rootAt(() => { throw new Error('no nodes'); }, 0).toString('hex')).to.equal(EMPTY_ROOT);
    expect(new TreeFrontier().root().toString('hex')).to.equal(EMPTY_ROOT);
  });

  it('gives the inclusion proofs of the vectors, and the RFC verifier accepts them', () => {
    const { read } = build(leaves);
    for (const v of INCLUSION) {
      const proof = inclusionProof(read, v.leaf - 1, v.size);
      expect(hex(proof), `leaf ${v.leaf} of ${v.size}`).to.deep.equal(v.proof);
      const root = Buffer.from(ROOTS[v.size - 1], 'hex');
      expect(verifyInclusion(v.leaf - 1, v.size, rfcLeafHash(leaves[v.leaf - 1]), proof, root)).to.equal(true);
      expect(verifyInclusion(v.leaf - 1, v.size, rfcLeafHash(Buffer.from('WrongLeaf')), proof, root)).to.equal(false);
    }
  });

  it('gives the consistency proofs of the vectors, and the RFC verifier accepts them', () => {
    const { read } = build(leaves);
    for (const v of CONSISTENCY) {
      const proof = consistencyProof(read, v.from, v.to);
      expect(hex(proof), `${v.from} → ${v.to}`).to.deep.equal(v.proof);
      const [r1, r2] = [Buffer.from(ROOTS[v.from - 1], 'hex'), Buffer.from(ROOTS[v.to - 1], 'hex')];
      expect(verifyConsistency(v.from, v.to, r1, r2, proof)).to.equal(true);
      if (proof.length > 0) expect(verifyConsistency(v.from, v.to, r2, r1, proof)).to.equal(false);
    }
  });

  it('serves proofs the RFC verifier accepts for every leaf and pair of sizes of a 70-leaf tree', () => {
    const many = Array.from({ length: 70 }, () => randomBytes(1 + Math.floor(Math.random() * 40)));
    const { read } = build(many);
    const roots = Array.from({ length: 71 }, (_, n) => rootAt(read, n));
    for (let n = 1; n <= 70; n++) {
      for (let i = 0; i < n; i++) {
        expect(verifyInclusion(i, n, rfcLeafHash(many[i]), inclusionProof(read, i, n), roots[n]), `${i} in ${n}`).to.equal(true);
      }
      for (let m = 0; m <= n; m++) {
        expect(verifyConsistency(m, n, roots[m], roots[n], consistencyProof(read, m, n)), `${m} → ${n}`).to.equal(true);
      }
    }
  });

  it('resumes a tree from its frontier and reads only complete subtrees', () => {
    const many = Array.from({ length: 45 }, (_, i) => Buffer.from([i]));
    const { read } = build(many);
    const resumed = TreeFrontier.resume(37, read);
    for (let i = 37; i < 45; i++) resumed.append(hashLeaf(many[i]));
    expect(resumed.root().equals(rootAt(read, 45))).to.equal(true);
    expect(TreeFrontier.frontierNodes(37)).to.deep.equal([{ level: 5, index: 0 }, { level: 2, index: 8 }, { level: 0, index: 36 }]);
    expect(nodesNeeded((r) => inclusionProof(r, 3, 45)).length).to.be.below(12);
  });

  it('refuses a leaf outside the tree and a consistency proof backwards', () => {
    const { read } = build(leaves);
    expect(() => inclusionProof(read, 8, 8)).to.throw(RangeError);
    expect(() => consistencyProof(read, 5, 4)).to.throw(RangeError);
  });
});
