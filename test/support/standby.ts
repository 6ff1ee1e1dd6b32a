import { execFileSync } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedServer } from '../../src/platform/database.ts';
import { passwordFile } from '../../src/platform/postgres/credentials.ts';
import { portFile } from '../../src/platform/postgres/port.ts';

// A real streaming standby made from the embedded PostgreSQL binaries: the primary's folder copied
// while it is stopped, with standby.signal and primary_conninfo; recovery_min_apply_delay makes it lag.

export async function makeStandby(primaryDir: string): Promise<{ primary: EmbeddedServer; standby: EmbeddedServer; standbyDir: string }> {
  const first = await startEmbeddedPostgres(primaryDir, true);
  await first.stop(); // a clean shutdown: the copy is consistent as it is
  const standbyDir = mkdtempSync(join(tmpdir(), 'practice-standby-'));
  rmSync(standbyDir, { recursive: true });
  execFileSync('cp', ['-a', primaryDir, standbyDir]); // owner and modes kept (the `postgres` user when we run as root)
  copyFileSync(passwordFile(primaryDir), passwordFile(standbyDir));
  const primary = await startEmbeddedPostgres(primaryDir, true);
  const { port, password } = new URL(primary.url);
  writeFileSync(join(standbyDir, 'standby.signal'), '');
  appendFileSync(join(standbyDir, 'postgresql.auto.conf'),
    `primary_conninfo = 'host=127.0.0.1 port=${port} user=postgres password=${decodeURIComponent(password)}'\n`);
  const standby = await startEmbeddedPostgres(standbyDir, true);
  return { primary, standby, standbyDir };
}

/** Sets the standby's replay delay (ALTER SYSTEM works during recovery; a reload applies it). */
export async function applyDelay(standbyUrl: string, ms: number): Promise<void> {
  const c = new pg.Client({ connectionString: standbyUrl });
  await c.connect();
  await c.query(`alter system set recovery_min_apply_delay = '${ms}ms'`);
  await c.query('select pg_reload_conf()');
  await c.end();
}


/** The files a kept embedded cluster has beside its folder (password, port): removed with it. */
export function removeSideFiles(clusterDir: string): void {
  for (const f of [passwordFile(clusterDir), portFile(clusterDir)]) rmSync(f, { force: true });
}
