// A synthetic but valid audit bundle (the files audit:export writes, src/cli/audit-bundle.ts) of
// any size, built with the project's own leaf, tree and checkpoint code and written as it is
// generated: the generator holds one chunk of lines and the tree's frontier, never the log.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, statSync, writeFileSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import type { StoredEvent } from '../../src/eventstore/port.ts';
import { signCheckpoint } from '../../src/platform/audit/checkpoint.ts';
import { leafBytes } from '../../src/platform/audit/leaf.ts';
import { hashLeaf, TreeFrontier } from '../../src/platform/audit/merkle.ts';
import { generateSignerKey, parseSignerKey } from '../../src/platform/audit/note.ts';

export interface SyntheticBundle {
  dir: string;
  /** The verifier key, kept apart from the bundle (as --key wants it). */
  keyFile: string;
  events: number;
  streams: number;
  bytes: number;
  seconds: number;
}

const CHUNK = 1000;

async function put(file: WriteStream, text: string): Promise<void> {
  if (!file.write(text)) await once(file, 'drain');
}

async function close(file: WriteStream): Promise<void> {
  file.end();
  await once(file, 'finish');
}

/**
 * The streams' kinds, from the templates' streams (cita, agenda, usuario, …) but for the signed
 * records' (sesion, historial): the verifier keeps an unsigned record's leaf hashes until its
 * signature, and a synthetic record of many unrelated events would weigh what no real one does.
 */
const streamKinds = (templates: StoredEvent[]) =>
  templates.map((t) => t.streamId.replace(/-.*$/, '')).filter((k) => k !== 'sesion' && k !== 'historial');

/**
 * `events` events, copies of the sealed `templates` (data and metadata as stored, new ids and
 * times), spread over events ÷ `eventsPerStream` streams taken in turn: event i is revision
 * ⌊i ÷ streams⌋ of stream i mod streams, so every stream is open from the start to the end of the
 * log (the verifier's worst case: it keeps an entry per stream).
 */
export async function writeSyntheticBundle(root: string, name: string, templates: StoredEvent[], events: number, eventsPerStream: number): Promise<SyntheticBundle> {
  const t = performance.now();
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  const streams = Math.max(1, Math.round(events / eventsPerStream));
  const kinds = streamKinds(templates);
  const names = Array.from({ length: streams }, (_, s) => `${kinds[s % kinds.length]}-${s}`);
  const eventsFile = createWriteStream(join(dir, 'events.ndjson'), { encoding: 'utf8' });
  const leavesFile = createWriteStream(join(dir, 'leaves.ndjson'), { encoding: 'utf8' });
  const frontier = new TreeFrontier();
  const base = Date.UTC(2031, 0, 6);
  for (let start = 0; start < events; start += CHUNK) {
    let ev = '';
    let lv = '';
    for (let i = start; i < Math.min(events, start + CHUNK); i++) {
      const tpl = templates[i % templates.length];
      const e = {
        position: `${1_000_000 + Math.floor(i / 8)}/${i + 1}`, streamId: names[i % streams], revision: String(Math.floor(i / streams)), type: tpl.type, data: tpl.data,
        metadata: { ...tpl.metadata, eventId: randomUUID(), occurredAt: new Date(base + i * 1000).toISOString() },
      };
      const leaf = leafBytes({ ...e, revision: BigInt(e.revision) });
      frontier.append(hashLeaf(leaf));
      ev += `${JSON.stringify(e)}\n`;
      lv += `${JSON.stringify({ leafIndex: i, leaf: leaf.toString('base64') })}\n`;
    }
    await Promise.all([put(eventsFile, ev), put(leavesFile, lv)]);
  }
  await Promise.all([close(eventsFile), close(leavesFile)]);
  const signer = parseSignerKey(generateSignerKey('bench.invalid/audit'));
  const keyFile = join(root, `${name}.key`);
  writeFileSync(keyFile, `${signer.text}\n`);
  writeFileSync(join(dir, 'checkpoint.txt'), signCheckpoint(signer.name, events, frontier.root(), [signer]));
  writeFileSync(join(dir, 'key.txt'), signer.text);
  writeFileSync(join(dir, 'keys.txt'), `${signer.text}\n`);
  const manifest = { format: 'practice.audit.bundle', version: 1, origin: signer.name, treeSize: events, leaves: events, events, exportedAt: new Date().toISOString() };
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const bytes = statSync(join(dir, 'events.ndjson')).size + statSync(join(dir, 'leaves.ndjson')).size;
  return { dir, keyFile, events, streams, bytes, seconds: (performance.now() - t) / 1000 };
}
