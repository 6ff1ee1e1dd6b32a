import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import type { EventStore } from '../eventstore/port.ts';
import { latestCheckpoint } from '../platform/audit/tree-store.ts';

// The audit bundle (docs/audit.md "The bundle"): what an outside auditor verifies without our
// server or database. Files are written as .partial and renamed when whole.

export const BUNDLE_FILES = ['manifest.json', 'checkpoint.txt', 'key.txt', 'keys.txt', 'leaves.ndjson', 'events.ndjson'] as const;

export interface BundleSummary {
  origin: string;
  treeSize: number;
  leaves: number;
  events: number;
}

async function writeLines(path: string, lines: AsyncIterable<string>): Promise<number> {
  const file: WriteStream = createWriteStream(`${path}.partial`, { encoding: 'utf8', mode: 0o600 });
  let n = 0;
  try {
    for await (const line of lines) {
      if (!file.write(`${line}\n`)) await once(file, 'drain');
      n++;
    }
    file.end();
    await once(file, 'finish');
  } catch (err) {
    file.destroy();
    rmSync(`${path}.partial`, { force: true });
    throw err;
  }
  return n;
}

/** Leaves in index order, a page at a time (keyset), each line the leaf bytes in base64. */
async function* leafLines(knex: Knex, pageSize = 10_000): AsyncIterable<string> {
  for (let after = -1; ; ) {
    const rows: { leaf_index: string; leaf: Buffer }[] = await knex('audit_leaves').where('leaf_index', '>', after).orderBy('leaf_index').limit(pageSize).select('leaf_index', 'leaf');
    for (const r of rows) yield JSON.stringify({ leafIndex: Number(r.leaf_index), leaf: r.leaf.toString('base64') });
    if (rows.length < pageSize) return;
    after = Number(rows[rows.length - 1].leaf_index);
  }
}

/** The log as stored (sealed), in the order every reader uses. */
async function* eventLines(store: EventStore, pageSize = 1000): AsyncIterable<string> {
  for (let at: string | null = null; ; ) {
    const page = await store.readAll(at, pageSize);
    for (const e of page.events) {
      yield JSON.stringify({ position: e.position, streamId: e.streamId, revision: e.revision.toString(), type: e.type, data: e.data, metadata: e.metadata });
    }
    if (page.events.length === 0) return;
    at = page.last;
  }
}

/** Refuses a folder holding anything but an earlier bundle, and an earlier bundle without `force`. */
export function prepareBundleDir(dir: string, force: boolean): void {
  if (!existsSync(dir)) return void mkdirSync(dir, { recursive: true, mode: 0o700 });
  const present = readdirSync(dir);
  const foreign = present.filter((f) => !(BUNDLE_FILES as readonly string[]).includes(f.replace(/\.partial$/, '')));
  if (foreign.length) throw new Error(`${dir} holds other files (${foreign.slice(0, 3).join(', ')}): choose an empty or new folder`);
  if (present.length && !force) throw new Error(`${dir} already holds a bundle: pass --force to replace it`);
}

/**
 * Writes the bundle: the latest checkpoint first, then every leaf, then every event (events
 * appended meanwhile come after the last leaf: the verifier counts them as not yet provable).
 */
export async function writeBundle(knex: Knex, store: EventStore, keys: { current: string; all: string[] }, dir: string): Promise<BundleSummary> {
  const cp = await latestCheckpoint(knex);
  if (!cp) throw new Error('no checkpoint is signed yet: start the service once and retry');
  const origin = cp.note.slice(0, cp.note.indexOf('\n'));
  const leaves = await writeLines(join(dir, 'leaves.ndjson'), leafLines(knex));
  const events = await writeLines(join(dir, 'events.ndjson'), eventLines(store));
  const small: [string, string][] = [
    ['checkpoint.txt', cp.note],
    ['key.txt', keys.current],
    ['keys.txt', keys.all.map((k) => `${k}\n`).join('')],
    ['manifest.json', `${JSON.stringify({ format: 'practice.audit.bundle', version: 1, origin, treeSize: cp.treeSize, leaves, events, exportedAt: new Date().toISOString() }, null, 2)}\n`],
  ];
  for (const [name, text] of small) writeFileSync(join(dir, `${name}.partial`), text, { mode: 0o600 });
  for (const name of BUNDLE_FILES) renameSync(join(dir, `${name}.partial`), join(dir, name));
  return { origin, treeSize: cp.treeSize, leaves, events };
}
