import { createHash, createPublicKey, verify } from 'node:crypto';
import type { TestServer } from '../support/server.ts';

// Reads of the audit log as an outside verifier would make them: the key and checkpoint parsed
// here from the texts the spec defines, with node's crypto, not with src/platform/audit.

export interface OpenedCheckpoint {
  origin: string;
  size: number;
  root: Buffer;
  note: string;
}

/** Verifies a signed note against a `name+id+base64(0x01||key)` verifier key, by the spec. */
export function openWithKey(note: string, vkey: string): OpenedCheckpoint {
  const [name, idHex, keyB64] = [vkey.slice(0, vkey.indexOf('+')), vkey.split('+')[1], vkey.split('+').slice(2).join('+')];
  const raw = Buffer.from(keyB64, 'base64');
  if (raw[0] !== 1 || raw.length !== 33) throw new Error('not an Ed25519 verifier key');
  const pub = raw.subarray(1);
  const id = createHash('sha256').update(`${name}\n`).update(Buffer.from([1])).update(pub).digest().subarray(0, 4);
  if (id.toString('hex') !== idHex) throw new Error('key id mismatch');
  const split = note.lastIndexOf('\n\n');
  const text = note.slice(0, split + 1);
  const sigs = note.slice(split + 2).split('\n').filter(Boolean);
  const key = createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), pub]), format: 'der', type: 'spki' });
  const ok = sigs.some((line) => {
    const [dash, signer, b64] = line.split(' ');
    const sig = Buffer.from(b64, 'base64');
    return dash === '\u2014' && signer === name && sig.subarray(0, 4).equals(id) && verify(null, Buffer.from(text), key, sig.subarray(4));
  });
  if (!ok) throw new Error('no valid signature by the key');
  const [origin, size, root] = text.split('\n');
  return { origin, size: Number(size), root: Buffer.from(root, 'base64'), note };
}

/** The latest checkpoint once it covers at least `size` leaves. */
export async function checkpointCovering(srv: TestServer, token: string, size: number, timeoutMs = 10_000): Promise<OpenedCheckpoint> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Right after a rebuild the caller's account may not be back in the read model yet: retry.
    const key = await srv.request('GET', '/audit/v1/key', { token });
    const r = await srv.request('GET', '/audit/v1/checkpoint', { token });
    if (key.status === 200 && r.status === 200) {
      const cp = openWithKey(r.text, key.text);
      if (cp.size >= size) return cp;
    }
    if (Date.now() > deadline) throw new Error(`no checkpoint covers ${size} leaves within ${timeoutMs} ms (last: ${r.status} ${r.text})`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

/** The log in the order every reader uses (either event store). */
export async function logEvents(srv: TestServer) {
  return (await srv.deps.store.readAll(null, 100_000)).events;
}

export async function eventCount(srv: TestServer): Promise<number> {
  return (await logEvents(srv)).length;
}
