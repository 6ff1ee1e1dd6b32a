import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { holderAlive, thisProcess, type Holder } from './data-lock.ts';

/**
 * With DATABASE_URL no server takes the data folder's lock (data-lock.ts): several may share one
 * folder (docker-compose.yml's volume). Each says it is there in a file of its own,
 * `<DATA_DIR>/servers/<host>-<pid>.json`, for `npm stop` to find. The host's name tells apart
 * containers sharing the folder: each has pids of its own, and only this host's can be signalled.
 */
export interface RegisteredServer extends Holder {
  host: string;
}

export interface ServerRegistration {
  setUrl(url: string): void;
  release(): void;
}

const FOLDER = 'servers';

/** Writes this process's file; removed by release() or when the process exits. */
export function registerServer(dataDir: string): ServerRegistration {
  const dir = join(dataDir, FOLDER);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${hostname()}-${process.pid}.json`);
  const entry: RegisteredServer = { ...thisProcess(), host: hostname() };
  const write = () => {
    const staged = `${file}.tmp`;
    writeFileSync(staged, JSON.stringify(entry), { mode: 0o644 });
    renameSync(staged, file); // a reader never sees half a file
  };
  write();
  const remove = () => rmSync(file, { force: true });
  process.on('exit', remove);
  return {
    setUrl(url) {
      entry.url = url;
      write();
    },
    release() {
      process.off('exit', remove);
      remove();
    },
  };
}

function readEntry(file: string): RegisteredServer | null {
  try {
    const e = JSON.parse(readFileSync(file, 'utf8')) as RegisteredServer;
    return Number.isInteger(e.pid) && typeof e.host === 'string' ? e : null;
  } catch {
    return null; // gone meanwhile, or half written by a crash
  }
}

/**
 * The servers listed in the folder: those of this host that still run (the files of dead ones are
 * removed), and those of other hosts, which cannot be checked from here.
 */
export function registeredServers(dataDir: string): { here: RegisteredServer[]; elsewhere: RegisteredServer[] } {
  const dir = join(dataDir, FOLDER);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { here: [], elsewhere: [] };
    throw err; // unreadable: the caller says so rather than "none"
  }
  const here: RegisteredServer[] = [];
  const elsewhere: RegisteredServer[] = [];
  for (const name of names) {
    const e = readEntry(join(dir, name));
    if (!e) continue;
    if (e.host !== hostname()) elsewhere.push(e);
    else if (holderAlive(e)) here.push(e);
    else rmSync(join(dir, name), { force: true }); // its server died without removing it (kill -9)
  }
  return { here, elsewhere };
}
