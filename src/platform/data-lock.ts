import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { alive } from './postgres/orphan.ts';
import { StartupError } from './startup-error.ts';

/**
 * One process at a time keeps its embedded PostgreSQL in a data folder. The lock file says which
 * (pid, command, API address) so a second start can name it; it is created with O_EXCL, so of two
 * starts at once exactly one wins.
 */
export interface Holder {
  pid: number;
  /** The process's start time (Linux, clock ticks since boot) and the boot: a reused pid is not the holder. */
  start: string | null;
  boot: string | null;
  command: string;
  url: string | null;
  since: string;
}

export interface DataLock {
  /** Records the API's address, for the message a second start prints. */
  setUrl(url: string): void;
  release(): void;
}

const LOCK_FILE = 'data.lock';

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat, counted after the command name (which may hold spaces). */
function processStart(pid: number): string | null {
  const stat = read(`/proc/${pid}/stat`);
  return stat ? (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null) : null;
}

const bootId = () => read('/proc/sys/kernel/random/boot_id');

/** This process, as a holder of a data folder (its lock, or its list of servers: server-registry.ts). */
export function thisProcess(): Holder {
  return {
    pid: process.pid, start: processStart(process.pid), boot: bootId(),
    command: basename(process.argv[1] ?? 'node'), url: null, since: new Date().toISOString(),
  };
}

/** Whether the holder's process still runs (the same process: a reused pid does not count). */
export function holderAlive(h: Holder): boolean {
  if (!alive(h.pid)) return false;
  const boot = bootId();
  if (h.boot && boot && h.boot !== boot) return false;
  const start = processStart(h.pid);
  return !(h.start && start && h.start !== start);
}

/** The holder in the file; a file still being written gets a moment, then counts as stale. */
async function readHolder(file: string): Promise<Holder | null> {
  for (let i = 0; i < 3; i++) {
    try {
      const h = JSON.parse(readFileSync(file, 'utf8')) as Holder;
      if (Number.isInteger(h.pid)) return h;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

/** The live process holding the data folder, if any (`npm stop` signals it). */
export async function liveHolder(dataDir: string): Promise<Holder | null> {
  const h = await readHolder(join(dataDir, LOCK_FILE));
  return h && holderAlive(h) ? h : null;
}

export class DataFolderInUse extends StartupError {
  constructor(dataDir: string, h: Holder) {
    const where = h.url ? `serving the API at ${h.url}` : 'not serving an API yet';
    super(
      `The data folder ${dataDir} is in use by process ${h.pid} (${h.command}, ${where}, since ${h.since}). ` +
      `Only one server may use a data folder: stop that one first (Ctrl-C in its terminal, npm stop, or kill -TERM ${h.pid}), ` +
      `or give this one another DATA_DIR. Nothing was changed.`,
    );
  }
}

const held = new Map<string, { count: number; holder: Holder }>();
process.on('exit', () => {
  for (const file of held.keys()) removeIfOurs(file);
});

function removeIfOurs(file: string): void {
  if (read(file)?.includes(`"pid":${process.pid},`)) rmSync(file, { force: true });
}

function handle(file: string): DataLock {
  const entry = held.get(file)!;
  let released = false;
  return {
    setUrl(url) {
      entry.holder.url = url;
      const staged = `${file}.${process.pid}`;
      writeFileSync(staged, JSON.stringify(entry.holder));
      renameSync(staged, file); // replaced at once: a reader never sees half a file
    },
    release() {
      if (released) return;
      released = true;
      if (--entry.count > 0) return;
      held.delete(file);
      removeIfOurs(file);
    },
  };
}

/** Takes the data folder for this process (again, if it holds it already), or refuses naming its holder. */
export async function acquireDataLock(dataDir: string): Promise<DataLock> {
  const file = join(dataDir, LOCK_FILE);
  const mine = held.get(file);
  if (mine) {
    mine.count++;
    return handle(file);
  }
  if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
  const holder = thisProcess();
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(holder), { flag: 'wx', mode: 0o644 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw err;
      const other = await readHolder(file);
      if (other && holderAlive(other)) throw new DataFolderInUse(dataDir, other);
      rmSync(file, { force: true }); // its process is gone (a crash, a kill -9): stale
    }
  }
  held.set(file, { count: 1, holder });
  return handle(file);
}
