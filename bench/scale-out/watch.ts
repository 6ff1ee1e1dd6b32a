// What the scale-out section watches while the load runs: which instance runs which consumer (each
// instance's /health `running`, its own reckoning, sampled every 100 ms), the takeover after a kill,
// and the projection lag with every consumer spread over the instances.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Position } from '../../src/eventstore/port.ts';
import { reserveIds } from '../lib/generate.ts';
import { percentile, sleep } from '../lib/stats.ts';
import { openBenchStore } from '../projections.ts';
import type { Cluster, Instance } from './cluster.ts';

interface Health {
  instance?: string;
  running?: string[];
}

export class OwnerSampler {
  /** The most instances seen running one consumer in one sample, and which. */
  maxOwners = 0;
  worst = '';
  samples = 0;
  private stopped = false;
  private loop: Promise<void> | null = null;
  /** The last sample: consumer → instances (their index) running it. */
  last = new Map<string, number[]>();
  lastRunning = new Map<number, string[]>();

  constructor(private readonly cluster: Cluster) {}

  start(): void {
    this.loop = (async () => {
      while (!this.stopped) {
        await this.sample();
        await sleep(100);
      }
    })();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
  }

  async sample(): Promise<Map<string, number[]>> {
    const answers = await Promise.all(this.cluster.live().map(async (i) => ({ i, h: await health(i) })));
    const owners = new Map<string, number[]>();
    for (const { i, h } of answers) {
      if (!h) continue;
      this.lastRunning.set(i.index, h.running ?? []);
      for (const name of h.running ?? []) owners.set(name, [...(owners.get(name) ?? []), i.index]);
    }
    this.samples += 1;
    for (const [name, who] of owners) {
      if (who.length > this.maxOwners) {
        this.maxOwners = who.length;
        this.worst = `${name} on ${who.join(', ')}`;
      }
    }
    this.last = owners;
    return owners;
  }

  /** The live instance that runs the most consumers now. */
  busiest(): Instance {
    const live = this.cluster.live();
    return live.reduce((a, b) => ((this.lastRunning.get(b.index)?.length ?? 0) > (this.lastRunning.get(a.index)?.length ?? 0) ? b : a), live[0]);
  }

  /** Milliseconds from `killedAt` until every consumer in `names` runs on a live instance again. */
  async takeover(names: string[], killedAt: number, timeoutMs: number): Promise<number> {
    while (performance.now() - killedAt < timeoutMs) {
      const owners = await this.sample();
      if (names.every((n) => (owners.get(n)?.length ?? 0) > 0)) return performance.now() - killedAt;
      await sleep(20);
    }
    return Number.POSITIVE_INFINITY;
  }
}

async function health(i: Instance): Promise<Health | null> {
  try {
    const res = await fetch(`${i.url}/health`, { signal: AbortSignal.timeout(2_000) });
    return (await res.json()) as Health;
  } catch {
    return null;
  }
}

/**
 * The read model timed: `diario` is written inline now (committed with the append: no lag), so the
 * lag is that of `fhir`, the asynchronous read model a client reads (FHIR reads wait for it).
 */
export const LAG_MODEL = 'fhir';

/**
 * Projection lag with the consumers spread over the instances: diary events appended at `rate` per
 * second straight into the store (open loop), each timed from its commit until the LAG_MODEL read
 * model's checkpoint, whichever instance runs it, has passed it (heard on the checkpoint channel).
 */
export async function lagWithInstances(url: string, dataDir: string, idPaciente: number, rate: number, seconds: number): Promise<{ p50: number; p99: number; n: number }> {
  const o = await openBenchStore(url, dataDir, { inline: true });
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  const waiters = new Set<{ position: Position; done: () => void }>();
  const check = async () => {
    const row = (await o.knex('projection_checkpoints').where({ name: LAG_MODEL }).first('position')) as { position: string | null } | undefined;
    for (const w of [...waiters]) if (o.store.compare(row?.position ?? null, w.position) >= 0) (waiters.delete(w), w.done());
  };
  listener.on('notification', () => void check());
  await listener.query('listen practice_checkpoints');
  const poll = setInterval(() => void check(), 250); // a safety net, as the service has
  try {
    const total = Math.round(rate * seconds);
    const ids = await reserveIds(o.knex, 'diario', total);
    const lag: number[] = [];
    const inFlight: Promise<void>[] = [];
    const t0 = performance.now();
    for (let i = 0; i < total; i++) {
      const due = t0 + (i * 1000) / rate;
      if (due > performance.now()) await sleep(due - performance.now());
      inFlight.push((async () => {
        const r = await o.store.append([{ streamId: `diario-${ids[i]}`, expected: 'noStream', events: [{
          type: 'DiarioRegistrado',
          data: { idDiario: ids[i], idPaciente, fecha: '2031-01-06T21:00:00', emocion: 'Calma', intensidad: 5, nota: 'Bien' },
          metadata: { eventId: randomUUID(), actor: { idUsuario: 1, rol: 'PACIENTE' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
        }] }]);
        const committed = performance.now();
        await new Promise<void>((resolve) => {
          waiters.add({ position: r.position, done: resolve });
          void check();
        });
        lag.push(performance.now() - committed);
      })());
    }
    await Promise.race([Promise.all(inFlight), sleep(60_000).then(() => { throw new Error(`lag: ${waiters.size} events never became visible`); })]);
    return { p50: percentile(lag, 50), p99: percentile(lag, 99), n: lag.length };
  } finally {
    clearInterval(poll);
    await listener.end();
    await o.close();
  }
}
