// What every benchmark section receives from the runner.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchPostgres } from './postgres.ts';
import type { Figure } from './report.ts';

export interface Sizes {
  /** autocannon: warm-up and measured seconds, connections. */
  http: { warmSeconds: number; seconds: number; connections: number };
  /** Event store: the time bound of each append test, and the log read back by catch-up. */
  eventstore: { appendSeconds: number; maxAppends: number; catchUpEvents: number };
  /** Projections: the generated log rebuilt, the sizes for the growth curve, the lag test's seconds and rates (appends/s). */
  projections: { rebuildEvents: number; growth: number[]; lagSeconds: number; lagRates: number[] };
  /** Appointments per psychologist; requests per size; the bound on one size's booking test. */
  scale: { appointments: number[]; samples: number; bookingBudgetSeconds: number };
  stomp: { sessions: number; users: number; messages: number; rate: number; durationSeconds: number };
  sealing: { events: number };
  /** Audit log: events the tree builder adds, seconds per append phase and phase pairs (on/off), seconds at 100 appends/s, events of the large bundle verified. */
  audit: { builderEvents: number; appendSeconds: number; appendPairs: number; latencySeconds: number; verifyEvents: number };
  /** Scale-out: seconds of mixed load per instance count, seconds of the lag test with 4 instances. */
  scaleOut: { seconds: number; lagSeconds: number };
}

/** About a minute in all: every figure is there, each from a short sample (rough, for a quick look). */
export const QUICK: Sizes = {
  http: { warmSeconds: 0.3, seconds: 1, connections: 8 },
  eventstore: { appendSeconds: 0.6, maxAppends: 20_000, catchUpEvents: 5_000 },
  projections: { rebuildEvents: 10_000, growth: [2_500], lagSeconds: 2, lagRates: [20] },
  scale: { appointments: [10, 100, 1000], samples: 5, bookingBudgetSeconds: 10 },
  stomp: { sessions: 300, users: 20, messages: 40, rate: 20, durationSeconds: 60 },
  sealing: { events: 300 },
  audit: { builderEvents: 10_000, appendSeconds: 1, appendPairs: 2, latencySeconds: 5, verifyEvents: 100_000 },
  scaleOut: { seconds: 8, lagSeconds: 3 },
};

export const FULL: Sizes = {
  http: { warmSeconds: 2, seconds: 10, connections: 10 },
  eventstore: { appendSeconds: 8, maxAppends: 200_000, catchUpEvents: 200_000 },
  projections: { rebuildEvents: 1_000_000, growth: [10_000, 100_000], lagSeconds: 15, lagRates: [20, 100] },
  scale: { appointments: [10, 1000, 100_000], samples: 30, bookingBudgetSeconds: 60 },
  stomp: { sessions: 2000, users: 50, messages: 200, rate: 10, durationSeconds: 240 },
  sealing: { events: 3000 },
  audit: { builderEvents: 100_000, appendSeconds: 2, appendPairs: 8, latencySeconds: 20, verifyEvents: 1_000_000 },
  scaleOut: { seconds: 30, lagSeconds: 15 },
};

export interface SectionContext {
  quick: boolean;
  sizes: Sizes;
  pg: BenchPostgres;
  log(message: string): void;
  /** Where a section reports a figure as soon as it has it (so a later failure keeps it). */
  add(figure: Figure): void;
}

/** A temporary folder for a section's service (mail files, secrets), removed afterwards. */
export async function withTempDir<T>(prefix: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    return await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
