// CPU seconds of a Node process and of the bench's PostgreSQL server (the postmaster and its
// children: backends, background workers), from /proc (Linux; NaN elsewhere). On a shared machine
// a throughput ratio moves with everyone else's load; the CPU each operation costs moves much less.
import { readdirSync, readFileSync } from 'node:fs';
import type { Knex } from 'knex';

const TICKS = 100; // USER_HZ on Linux

function stat(pid: number | string): { ppid: number; cpu: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / TICKS };
  } catch {
    return null;
  }
}

/** CPU seconds so far, per process of the server (by pid), and of the Node process. */
export interface CpuSample { node: number; postgres: Map<number, number> }

/** CPU spent between two samples (seconds); a process that exited meanwhile is left out, one that started counts whole. */
export interface CpuSpent { node: number; postgres: number }

export interface CpuMeter { sample(): CpuSample }

/** A meter of `nodePid` and of the PostgreSQL server `knex` talks to (found through a backend's parent). */
export async function cpuMeter(knex: Knex, nodePid = process.pid): Promise<CpuMeter> {
  const { rows } = await knex.raw('select pg_backend_pid() as pid');
  const postmaster = stat(rows[0].pid)?.ppid ?? NaN;
  return {
    sample() {
      const postgres = new Map<number, number>();
      const master = stat(postmaster);
      if (master) postgres.set(postmaster, master.cpu);
      for (const pid of master ? readdirSync('/proc') : []) {
        const s = /^\d+$/.test(pid) ? stat(pid) : null;
        if (s && s.ppid === postmaster) postgres.set(Number(pid), s.cpu);
      }
      return { node: stat(nodePid)?.cpu ?? NaN, postgres };
    },
  };
}

export function spent(a: CpuSample, b: CpuSample): CpuSpent {
  let postgres = b.postgres.size ? 0 : NaN;
  for (const [pid, cpu] of b.postgres) postgres += cpu - (a.postgres.get(pid) ?? 0);
  return { node: b.node - a.node, postgres };
}
