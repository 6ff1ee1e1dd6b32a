import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { signCheckpoint } from '../../src/platform/audit/checkpoint.ts';
import { leafBytes, recordDigest, leafHashOf } from '../../src/platform/audit/leaf.ts';
import { emptyRoot, hashLeaf, TreeFrontier } from '../../src/platform/audit/merkle.ts';
import { generateSignerKey, parseSignerKey, parseVerifierKey } from '../../src/platform/audit/note.ts';
import { verifyBundle, type BundleEvent } from '../../src/platform/audit/verify.ts';

// The verifier on bundles made in memory: what it proves, what it only checks, and that a
// malformed bundle is a failed verification, never a crash.
const signer = parseSignerKey(generateSignerKey('practice.example/audit-test'));
const keys = [parseVerifierKey(signer.text)];

function event(streamId: string, revision: number, type = 'Algo', data: unknown = { n: revision }): BundleEvent {
  return { position: `1/${Math.floor(Math.random() * 1e9)}`, streamId, revision: String(revision), type, data, metadata: { eventId: randomUUID(), occurredAt: new Date().toISOString() } };
}

function ordered(events: BundleEvent[]): BundleEvent[] {
  return events.map((e, i) => ({ ...e, position: `1/${i + 1}` }));
}

function bundleOf(events: BundleEvent[], size = events.length) {
  const frontier = new TreeFrontier();
  const leaves = events.map((e, i) => {
    const leaf = leafBytes({ ...e, revision: BigInt(e.revision) });
    if (i < size) frontier.append(hashLeaf(leaf));
    return JSON.stringify({ leafIndex: i, leaf: leaf.toString('base64') });
  });
  return { leaves, checkpoint: signCheckpoint(signer.name, size, frontier.root(), [signer]) };
}

async function* lines(list: string[]) {
  yield* list;
}

const run = (events: (BundleEvent | string)[], leaves: string[], checkpoint: string, trusted?: string) =>
  verifyBundle({ events: lines(events.map((e) => (typeof e === 'string' ? e : JSON.stringify(e)))), leaves: lines(leaves), checkpoint, keys, trustedCheckpoint: trusted });

describe('audit: the offline verifier on bundles made in memory', () => {
  it('proves the events the checkpoint covers and counts the later ones as pending, even with their leaves', async () => {
    const events = ordered([event('a-1', 0), event('a-1', 1), event('b-1', 0), event('a-1', 2), event('b-1', 1)]);
    const { leaves, checkpoint } = bundleOf(events, 3);
    // Events past the checkpoint rewritten consistently with their leaves: not provable, so pending.
    const rewritten = events.map((e, i) => (i >= 3 ? { ...e, data: { changed: true } } : e));
    const { leaves: rewrittenLeaves } = bundleOf(rewritten, 3);
    for (const [evs, lvs] of [[events, leaves], [rewritten, rewrittenLeaves]] as const) {
      const r = await run([...evs], [...lvs], checkpoint);
      expect(r).to.include({ verified: true, events: 5, leaves: 5, provenEvents: 3, pendingEvents: 2 });
    }
  });

  it('fails, without throwing, on events it cannot encode and on malformed lines', async () => {
    const good = ordered([event('a-1', 0), event('a-1', 1)]);
    const { leaves, checkpoint } = bundleOf(good);
    const noData = { ...good[1], data: undefined };
    const deep = JSON.stringify({ ...good[1], data: 'DEEP' }).replace('"DEEP"', `${'['.repeat(20_000)}${']'.repeat(20_000)}`);
    for (const bad of [noData, deep, 'not json', '{"streamId":"a-1"}']) {
      const r = await run([good[0], bad as BundleEvent | string], leaves, checkpoint);
      expect(r.verified, JSON.stringify(bad).slice(0, 40)).to.equal(false);
      expect(r.failure!.reason).to.be.a('string').and.not.empty;
    }
  });

  it('refuses a checkpoint of the empty tree whose root is not SHA-256("")', async () => {
    const wrong = signCheckpoint(signer.name, 0, Buffer.alloc(32, 7), [signer]);
    expect((await run([], [], wrong)).failure!.reason).to.match(/empty tree/);
    const right = signCheckpoint(signer.name, 0, emptyRoot(), [signer]);
    expect((await run([], [], right)).verified).to.equal(true);
    const { leaves, checkpoint } = bundleOf(ordered([event('a-1', 0)]));
    expect((await run(ordered([event('a-1', 0)]), leaves, checkpoint, wrong)).verified).to.equal(false);
  });

  it('checks signed records: huella of the record before the signature, then only addenda naming it', async () => {
    const created = event('sesion-9', 0, 'SesionRegistrada');
    const huella = recordDigest([leafHashOf({ ...created, revision: 0n })]);
    const signed = event('sesion-9', 1, 'SesionFirmada', { idSesion: 9, huella });
    const addendum = event('sesion-9', 2, 'SesionAdendaAgregada', { idSesion: 9, referencia: huella });
    const ok = ordered([created, signed, addendum]);
    const b = bundleOf(ok);
    expect(await run(ok, b.leaves, b.checkpoint)).to.include({ verified: true, signedRecords: 1, addenda: 1 });
    const badSig = ordered([created, { ...signed, data: { idSesion: 9, huella: 'x' } }]);
    const b2 = bundleOf(badSig);
    expect((await run(badSig, b2.leaves, b2.checkpoint)).failure!.reason).to.match(/digests to/);
    const deleted = ordered([created, signed, event('sesion-9', 2, 'SesionEliminada')]);
    const b3 = bundleOf(deleted);
    const r3 = await run(deleted, b3.leaves, b3.checkpoint);
    expect(r3.failure!.eventId).to.equal(deleted[2].metadata.eventId);
  });
});
