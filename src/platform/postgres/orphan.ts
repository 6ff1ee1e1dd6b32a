import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // someone else's process, alive all the same
  }
}

/**
 * After a kill -9 of the app, its embedded server can outlive it and keep the data folder locked.
 * Only called once we hold the data folder's lock (data-lock.ts): no live app owns that server,
 * so it is such an orphan: stop it cleanly.
 */
export async function stopOrphan(dir: string): Promise<void> {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  // Signalled, not just alive: a pid reused by another user's process is none of ours.
  const signalled = (p: number) => {
    try {
      process.kill(p, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!Number.isInteger(pid) || pid <= 0 || !signalled(pid)) return;
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, keeps committed ones
  for (let i = 0; i < 200 && signalled(pid); i++) await new Promise((r) => setTimeout(r, 50));
}
