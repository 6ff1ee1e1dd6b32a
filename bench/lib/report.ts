// The benchmark's output: one list of figures, printed as a table, saved as JSON and Markdown.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';

/** A reference the figure is divided by, measured in the same run. */
export interface Ratio {
  /** What the figure is compared with, e.g. "raw node:http". */
  to: string;
  value: number;
}

export interface Figure {
  section: string;
  name: string;
  value: number;
  unit: string;
  p50Ms?: number;
  p99Ms?: number;
  ratios: Ratio[];
  /** Anything a reader needs to trust the number: errors seen, a bound hit, the sample size. */
  note?: string;
}

export interface RunInfo {
  mode: 'quick' | 'full';
  startedAt: string;
  seconds: number;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string };
  /** 1-minute load average at the start and the end: other work on the machine skews every figure. */
  load: { start: number; end: number };
  sizes: Record<string, unknown>;
  /** Sections that failed, with the error: the rest of the run is still reported. */
  failures: { section: string; error: string }[];
}

export const load1 = () => loadavg()[0];

export function machine(): RunInfo['machine'] {
  return { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? '?', memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version };
}

const num = (n: number | undefined) => {
  if (n === undefined) return '';
  if (!Number.isFinite(n)) return 'n/a';
  if (Math.abs(n) >= 100) return Math.round(n).toLocaleString('en-US');
  return String(Number(n.toPrecision(3)));
};

const ratios = (f: Figure) => f.ratios.map((r) => `${Number.isFinite(r.value) ? `${r.value}×` : 'n/a'} ${r.to}`).join('; ');

const COLUMNS = ['Section', 'Figure', 'Value', 'Unit', 'p50 ms', 'p99 ms', 'Ratio (figure ÷ reference)', 'Note'];
const cells = (f: Figure) => [f.section, f.name, num(f.value), f.unit, num(f.p50Ms), num(f.p99Ms), ratios(f), f.note ?? ''];

/** A fixed-width table for the terminal. */
export function textTable(figures: Figure[]): string {
  const rows = [COLUMNS, ...figures.map(cells)];
  const widths = COLUMNS.map((_, i) => Math.min(60, Math.max(...rows.map((r) => r[i].length))));
  const line = (r: string[]) => r.map((c, i) => (c.length > widths[i] ? `${c.slice(0, widths[i] - 1)}…` : c.padEnd(widths[i]))).join(' │ ');
  return [line(rows[0]), widths.map((w) => '─'.repeat(w)).join('─┼─'), ...rows.slice(1).map(line)].join('\n');
}

export function markdownTable(figures: Figure[]): string {
  const esc = (c: string) => c.replace(/\|/g, '\\|');
  return [
    `| ${COLUMNS.join(' | ')} |`,
    `|${COLUMNS.map((_, i) => (i >= 2 && i <= 5 ? '---:' : '---')).join('|')}|`,
    ...figures.map((f) => `| ${cells(f).map(esc).join(' | ')} |`),
  ].join('\n');
}

export function markdownReport(info: RunInfo, figures: Figure[]): string {
  const m = info.machine;
  const failed = info.failures.map((f) => `- **${f.section} failed:** ${f.error}`).join('\n');
  return [
    `Run of ${info.startedAt} (${info.mode}, ${Math.round(info.seconds)} s) on ${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB, Node ${m.node}; ` +
      `load average ${info.load.start.toFixed(1)} at the start, ${info.load.end.toFixed(1)} at the end.`,
    '',
    markdownTable(figures),
    ...(failed ? ['', failed] : []),
  ].join('\n');
}

/**
 * Writes `<dir>/<timestamp>-<mode>.json`; a complete full run (every section, full sizes) also
 * becomes `latest.json` and `latest.md`, so neither a run of a few sections nor a quick run (short
 * samples) replaces the last complete table.
 */
export function saveResults(dir: string, info: RunInfo, figures: Figure[], complete: boolean): string {
  mkdirSync(dir, { recursive: true });
  const stamp = info.startedAt.replace(/[:.]/g, '-');
  const json = `${JSON.stringify({ ...info, figures }, null, 2)}\n`;
  const file = join(dir, `${stamp}-${info.mode}${complete ? '' : '-partial'}.json`);
  writeFileSync(file, json);
  if (complete && info.mode === 'full') {
    writeFileSync(join(dir, 'latest.json'), json);
    writeFileSync(join(dir, 'latest.md'), `${markdownReport(info, figures)}\n`);
  }
  return file;
}

export const README_START = '<!-- bench:latest:start -->';
export const README_END = '<!-- bench:latest:end -->';

/** Replaces the table between the README's markers (left alone when the markers are missing). */
export function updateReadme(path: string, info: RunInfo, figures: Figure[]): boolean {
  const text = readFileSync(path, 'utf8');
  const a = text.indexOf(README_START);
  const b = text.indexOf(README_END);
  if (a < 0 || b < a) return false;
  writeFileSync(path, `${text.slice(0, a + README_START.length)}\n${markdownReport(info, figures)}\n${text.slice(b)}`);
  return true;
}
