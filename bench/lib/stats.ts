// Small numeric helpers shared by the benchmark sections.

/** The p-th percentile (0–100) of samples, nearest-rank; NaN when there are none. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const round = (n: number, digits = 2): number => (Number.isFinite(n) ? Number(n.toFixed(digits)) : n);

/** a / b rounded, or NaN when b is not a positive number (a missing reference gives no ratio). */
export const ratio = (a: number, b: number): number => {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b <= 0) return NaN;
  const r = a / b;
  return r >= 1 ? round(r, 2) : Number(r.toPrecision(2)); // two significant digits for small ratios
};

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Runs `work` over `items` with at most `limit` in flight. */
export async function pool<T>(items: T[], limit: number, work: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i], i);
    }
  }));
}

/**
 * Calls `op` repeatedly until `count` calls or `ms` milliseconds, whichever comes first, from
 * `writers` concurrent loops; returns the operations done, the time taken and each call's latency.
 */
export async function timedLoop(
  opts: { writers: number; count: number; ms: number },
  op: (writer: number, i: number) => Promise<void>,
): Promise<{ done: number; seconds: number; latencies: number[] }> {
  const latencies: number[] = [];
  let started = 0;
  const t0 = performance.now();
  const deadline = t0 + opts.ms;
  await Promise.all(Array.from({ length: opts.writers }, async (_, w) => {
    while (started < opts.count && performance.now() < deadline) {
      const i = started++;
      const t = performance.now();
      await op(w, i);
      latencies.push(performance.now() - t);
    }
  }));
  return { done: latencies.length, seconds: (performance.now() - t0) / 1000, latencies };
}
