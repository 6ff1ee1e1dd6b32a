import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { openCheckpoint, parseCheckpointText, signCheckpoint } from '../../src/platform/audit/checkpoint.ts';
import { generateSignerKey, NoteError, openNote, parseSignerKey, parseVerifierKey, signNote } from '../../src/platform/audit/note.ts';

// The example key and note of the Go reference implementation (golang.org/x/mod/sumdb/note,
// note_test.go), copied as data: Ed25519 is deterministic, so signing must give the same bytes.
const VKEY = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const SKEY = 'PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz';
const TEXT = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const NOTE = `${TEXT}\n\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`;

describe('audit: signed notes and checkpoints (c2sp.org/signed-note, tlog-checkpoint)', () => {
  it('reads the reference keys and signs the reference note byte for byte', () => {
    const signer = parseSignerKey(SKEY);
    expect(signer.text).to.equal(VKEY);
    expect(parseVerifierKey(VKEY).id).to.equal(0xc74f20a3);
    expect(signNote(TEXT, [signer])).to.equal(NOTE);
    expect(openNote(NOTE, [parseVerifierKey(VKEY)]).text).to.equal(TEXT);
  });

  it('computes the key id as SHA-256(name || 0x0A || 0x01 || public key)[:4]', () => {
    const key = parseVerifierKey(VKEY);
    const h = createHash('sha256').update('PeterNeumann\n').update(Buffer.from([1])).update(key.publicKey).digest();
    expect(h.readUInt32BE(0)).to.equal(key.id);
  });

  it('refuses altered notes and keys, and notes signed by no known key', () => {
    const key = parseVerifierKey(VKEY);
    expect(() => openNote(NOTE.replace('cryptography', 'cryptographY'), [key])).to.throw(NoteError, /does not verify/);
    expect(() => openNote(NOTE, [parseVerifierKey(parseSignerKey(generateSignerKey('PeterNeumann')).text)])).to.throw(NoteError, /no signature by a known key/);
    expect(() => parseVerifierKey(VKEY.replace('c74f20a3', 'c74f20a4'))).to.throw(NoteError);
    expect(() => parseVerifierKey(VKEY.slice(0, -2))).to.throw(NoteError);
    expect(() => openNote(NOTE.replace('\n\n', '\n'), [key])).to.throw(NoteError);
    expect(() => openNote(`${TEXT}\n\u2014 PeterNeumann\n`, [key])).to.throw(NoteError);
  });

  it('ignores signatures by unknown keys beside a known one', () => {
    const other = parseSignerKey(generateSignerKey('witness.example/w1'));
    const cosigned = `${NOTE}${signNote(TEXT, [other]).slice(TEXT.length + 1)}`;
    const opened = openNote(cosigned, [parseVerifierKey(VKEY)]);
    expect(opened.verifiedBy.map((k) => k.name)).to.deep.equal(['PeterNeumann']);
  });

  it('writes checkpoints as origin, size and base64 root, signed under the origin', () => {
    const key = parseSignerKey(generateSignerKey('practice.example/audit'));
    const root = createHash('sha256').update('x').digest();
    const note = signCheckpoint('practice.example/audit', 12345, root, [key]);
    expect(note.split('\n').slice(0, 4)).to.deep.equal(['practice.example/audit', '12345', root.toString('base64'), '']);
    expect(note).to.match(/^practice\.example\/audit\n12345\n[A-Za-z0-9+/]{43}=\n\n\u2014 practice\.example\/audit [A-Za-z0-9+/]{91}=\n$/);
    const cp = openCheckpoint(note, [parseVerifierKey(key.text)]);
    expect(cp).to.include({ origin: 'practice.example/audit', size: 12345 });
    expect(cp.root.equals(root)).to.equal(true);
  });

  it('refuses malformed checkpoint texts', () => {
    const root = Buffer.alloc(32).toString('base64');
    for (const bad of [`o\n012\n${root}\n`, `o\n-1\n${root}\n`, `\n1\n${root}\n`, 'o\n1\nAAAA\n', `o\n1\n${root}\n\n`, `o\n1\n${root}`]) {
      expect(() => parseCheckpointText(bad), JSON.stringify(bad)).to.throw(NoteError);
    }
    expect(parseCheckpointText(`o\n0\n${root}\next\n`).extensions).to.deep.equal(['ext']);
  });
});
