import { once } from 'node:events';
import { closeSync, constants, createWriteStream, lstatSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeFileSync, type Stats, type WriteStream } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Knex } from 'knex';
import type { EventStore } from '../eventstore/port.ts';
import { latestCheckpoint } from '../platform/audit/tree-store.ts';

// The audit bundle (docs/audit.md "The bundle"): what an outside auditor verifies without our
// server or database. Files are written as .partial and renamed when whole.
//
// The folder may be one another user can reach (export run as root or as the service's user): a
// link planted there would make us write the events, or the manifest, into a file of the planter's
// choosing. So an existing folder must be the caller's and writable by no one else, every file is
// created new (O_EXCL) without following a link (O_NOFOLLOW), and only renamed into place, which
// replaces a name without writing through it.

export const BUNDLE_FILES = ['manifest.json', 'checkpoint.txt', 'key.txt', 'keys.txt', 'leaves.ndjson', 'events.ndjson'] as const;

export interface BundleSummary {
  origin: string;
  treeSize: number;
  leaves: number;
  events: number;
}

const NEW_FILE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/** `<path>.partial`, created by us now (0600): never a file or link that was there before. */
const createPartial = (path: string): number => openSync(`${path}.partial`, NEW_FILE, 0o600);

async function writeLines(path: string, lines: AsyncIterable<string>): Promise<number> {
  const file: WriteStream = createWriteStream('', { fd: createPartial(path), encoding: 'utf8' });
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

/** Why an existing folder is unsafe to write a bundle into, or null. */
function unsafeFolder(dir: string, st: Stats): string | null {
  if (st.isSymbolicLink()) return `${dir} is a symbolic link: name the folder it points to`;
  if (!st.isDirectory()) return `${dir} is not a folder`;
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid) return `${dir} belongs to another user (uid ${st.uid}): write the bundle into a folder of your own`;
  if (process.platform !== 'win32' && st.mode & 0o022) {
    return `${dir} is writable by other users (mode ${(st.mode & 0o777).toString(8)}): they could plant links in it; choose a folder only you can write`;
  }
  return null;
}

/**
 * Makes the folder (0700) or checks the one there: the caller's, writable by no one else, holding
 * nothing but an earlier bundle, and that only with `force`. Stale .partial files of an interrupted
 * export are unlinked (a link is removed, never followed). Returns whether the folder was made here.
 */
export function prepareBundleDir(dir: string, force: boolean): boolean {
  let created = false;
  mkdirSync(dirname(dir), { recursive: true });
  try {
    mkdirSync(dir, { mode: 0o700 });
    created = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  // Checked after mkdir, not before: a folder someone made meanwhile is checked like any other.
  const unsafe = unsafeFolder(dir, lstatSync(dir));
  if (unsafe) throw new Error(unsafe);
  const present = readdirSync(dir);
  const foreign = present.filter((f) => !(BUNDLE_FILES as readonly string[]).includes(f.replace(/\.partial$/, '')));
  if (foreign.length) throw new Error(`${dir} holds other files (${foreign.slice(0, 3).join(', ')}): choose an empty or new folder`);
  if (present.length && !force) throw new Error(`${dir} already holds a bundle: pass --force to replace it`);
  for (const f of present) if (f.endsWith('.partial')) rmSync(join(dir, f));
  return created;
}

/** Removes what an export that failed wrote: the whole folder when it made it, else its .partial files. */
export function discardBundle(dir: string, created: boolean): void {
  if (created) return void rmSync(dir, { recursive: true, force: true });
  for (const name of BUNDLE_FILES) rmSync(join(dir, `${name}.partial`), { force: true });
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
  for (const [name, text] of small) {
    const fd = createPartial(join(dir, name));
    try {
      writeFileSync(fd, text);
    } finally {
      closeSync(fd);
    }
  }
  for (const name of BUNDLE_FILES) renameSync(join(dir, `${name}.partial`), join(dir, name));
  return { origin, treeSize: cp.treeSize, leaves, events };
}
