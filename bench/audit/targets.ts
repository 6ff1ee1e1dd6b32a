// Shared by the audit section's files: its name in the table and how a figure states its target (issue 23).

export const SECTION = 'Audit log';

export const fmt = (n: number) => n.toLocaleString('en-US');

/** "target ≤ 1 s: met" / "target ≤ 1 s: NOT MET", at the start of a figure's note. */
export const target = (what: string, met: boolean) => `target ${what}: ${met ? 'met' : 'NOT MET'}`;

/**
 * Phases run in pairs (off then on, on then off, …): the median of the pairs' on ÷ off ratios, and
 * each pair's. A drift of the machine's load moves both phases of a pair alike, and one disturbed
 * pair does not move the median.
 */
export function pairedRatio(phases: { tree: boolean; rate: number }[]): { median: number; pairs: number[] } {
  const ratios: number[] = [];
  for (let i = 0; i + 1 < phases.length; i += 2) {
    const [a, b] = [phases[i], phases[i + 1]];
    ratios.push((a.tree ? a.rate : b.rate) / (a.tree ? b.rate : a.rate));
  }
  const sorted = [...ratios].sort((x, y) => x - y);
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, pairs: ratios };
}

export const pairsNote = (pairs: number[]) => `pairs on ÷ off: ${pairs.map((r) => r.toFixed(2)).join(', ')}`;

/**
 * A ≥ target judged on two estimates of one ratio: throughput (what the issue names; on a shared
 * machine it moves with others' load) and CPU per operation (what the tree costs; steadier).
 */
export function targetBoth(what: string, goal: number, throughput: number, cpu: number): string {
  const [a, b] = [throughput >= goal, cpu >= goal];
  const verdict = a === b ? (a ? 'met' : 'NOT MET') : `${a ? 'met' : 'NOT MET'} by throughput, ${b ? 'met' : 'NOT MET'} by CPU`;
  return `target ${what}: ${verdict} (throughput ${throughput.toFixed(2)}×, CPU ${cpu.toFixed(2)}×)`;
}
