import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, fsyncSync, lstatSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import pg from 'pg';
import { StartupError } from '../startup-error.ts';
import { scramSecret } from './scram.ts';

// The embedded cluster's superuser `postgres` has a password of its own per data folder, generated
// before the cluster is made and kept beside it like the other secrets (`<DATA_DIR>/.postgres_password`,
// mode 600). Clusters made before had one fixed password for everyone: their next start changes it.
// The new password is saved before it is set, so a start that dies in between finds the server still
// on the old one and the file already on the new one, and sets it then.

/** The fixed password of clusters made before: tried only to replace it. */
export const LEGACY_PASSWORD = 'embedded';

/** `<DATA_DIR>/.postgres_password` for the cluster in `<DATA_DIR>/postgres`. */
export function passwordFile(clusterDir: string): string {
  return join(dirname(clusterDir), `.${basename(clusterDir)}_password`);
}

/** The kept password, or null when there is none (a server started before it existed). */
export function readPassword(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim() || null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Written whole or not at all (temp file, fsync, rename): a crash never leaves a half password. */
function save(file: string, password: string): void {
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const fd = openSync(temp, 'wx', 0o600);
    try {
      writeSync(fd, password);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
  try {
    const dir = openSync(dirname(file), 'r');
    fsyncSync(dir);
    closeSync(dir);
  } catch {
    // Not every platform syncs a folder; the rename is done all the same.
  }
}

/** Where a warning about the password file goes: the server's log, or stderr for the commands. */
export type Warn = (message: string) => void;

const toStderr: Warn = (message) => process.stderr.write(`Warning: ${message}\n`);

/**
 * A file others may read (restored from a backup, copied with a umask of 022) is closed to them
 * before the password is used: 0600, and the operator is told, since it may have been read already.
 */
function tighten(file: string, mode: number, warn: Warn): void {
  if ((mode & 0o077) === 0) return;
  chmodSync(file, 0o600); // lstat just found a plain file of ours there, not a link
  const was = (mode & 0o777).toString(8).padStart(4, '0');
  warn(`${file} (the embedded PostgreSQL's password) had mode ${was}, open to other users of this machine: set to 0600. ` +
    'Whoever read it meanwhile knows the superuser password.');
}

/**
 * The password of the cluster in `clusterDir`, made now if there is none yet. Only a plain file of
 * this user's counts: in a shared folder (/tmp) another user could have planted one beforehand.
 */
export function keptPassword(clusterDir: string, warn: Warn = toStderr): string {
  const file = passwordFile(clusterDir);
  let st: ReturnType<typeof lstatSync> | null = null;
  try {
    st = lstatSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (st && (!st.isFile() || st.uid !== (process.getuid?.() ?? st.uid))) {
    throw new StartupError(
      `${file} (the embedded PostgreSQL's password) is not a plain file of this user's (owner uid ${st.uid}): ` +
      'if it is this data folder\'s, give it to the user who runs the server (chown); if not, remove it.',
    );
  }
  if (st) tighten(file, st.mode, warn);
  const kept = st ? readPassword(file) : null;
  if (kept) return kept;
  const fresh = randomBytes(32).toString('base64url');
  save(file, fresh);
  return fresh;
}

/**
 * Clusters made with `--auth=password` took the password in clear text: scram-sha-256 instead (the
 * stored secrets are SCRAM already, PostgreSQL's default since 14). Before the server starts; the
 * file keeps its owner and mode.
 */
export function requireScram(clusterDir: string): void {
  const hba = join(clusterDir, 'pg_hba.conf');
  const text = readFileSync(hba, 'utf8');
  const changed = text.split('\n').map((line) => (/^\s*(#|$)/.test(line) ? line : line.replace(/(\s)password(\s*)$/, '$1scram-sha-256$2'))).join('\n');
  if (changed === text) return;
  const st = statSync(hba);
  const temp = `${hba}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temp, changed, { mode: st.mode & 0o777, flag: 'wx' });
    if (process.getuid?.() === 0) chownSync(temp, st.uid, st.gid);
    renameSync(temp, hba);
  } finally {
    rmSync(temp, { force: true });
  }
}

async function connect(port: number, password: string): Promise<pg.Client> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await client.connect();
  return client;
}

/**
 * A connection as `postgres` with the kept password. A cluster still on the old fixed password
 * gets the kept one now (as a SCRAM secret: the statement never holds the password).
 */
export async function connectSuperuser(port: number, clusterDir: string, password: string): Promise<pg.Client> {
  try {
    return await connect(port, password);
  } catch (err) {
    if ((err as { code?: string }).code !== '28P01') throw err;
  }
  const legacy = await connect(port, LEGACY_PASSWORD).catch(() => {
    throw new StartupError(
      `The embedded PostgreSQL in ${clusterDir} refused the password kept in ${passwordFile(clusterDir)}: ` +
      'that file belongs to another data folder, or was changed. Put back the one that came with this folder (from the same backup).',
    );
  });
  try {
    await legacy.query(`alter role postgres password ${legacy.escapeLiteral(scramSecret(password))}`);
    return legacy;
  } catch (err) {
    await legacy.end();
    throw err;
  }
}
