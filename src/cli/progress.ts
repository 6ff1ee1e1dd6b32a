// Progress of the long commands (rebuild, events:import, events:export, seed:demo), always on stderr so
// that stdout stays the command's result. A person at a terminal gets a live bar with counts,
// percentage, rate and time left; a log file or a CI job gets a plain line each time another 10% is
// reached (at most ten, each with the true percentage and count) instead of a bar's control characters.
import cliProgress from 'cli-progress';

export interface Progress {
  /** `done` units so far (never goes back). */
  update(done: number): void;
  increment(by?: number): void;
  /** Ends the bar (or prints the last line); `completed` false after a failure: no 100%. Safe to call twice. */
  stop(completed?: boolean): void;
}

export interface ProgressOptions {
  /** What is counted, plural ("events"). */
  unit?: string;
  stream?: NodeJS.WritableStream & { isTTY?: boolean };
  /** Without a total (a store that cannot count cheaply), a plain line every this many units. */
  step?: number;
}

/** `total` null: unknown, counts and rate only. */
export function startProgress(label: string, total: number | null, opts: ProgressOptions = {}): Progress {
  const stream = opts.stream ?? process.stderr;
  const unit = opts.unit ?? 'events';
  return stream.isTTY ? barProgress(label, total, unit, stream) : lineProgress(label, total, unit, stream, opts.step ?? 10_000);
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

function rateOf(done: number, started: number): number {
  const seconds = (Date.now() - started) / 1000;
  return seconds > 0 ? done / seconds : 0;
}

function barProgress(label: string, total: number | null, unit: string, stream: NodeJS.WritableStream): Progress {
  const started = Date.now();
  const format = total === null
    ? `${label} {value} ${unit} | {rate}/s | {elapsed}`
    : `${label} [{bar}] {percentage}% | {value}/{total} ${unit} | {rate}/s | {left} left`;
  const bar = new cliProgress.SingleBar({ format, stream, hideCursor: true, clearOnComplete: false, fps: 5 }, cliProgress.Presets.shades_classic);
  let done = 0;
  const payload = () => {
    const rate = rateOf(done, started);
    return { rate: rate.toFixed(0), left: formatDuration(total === null || rate === 0 ? NaN : (total - done) / rate), elapsed: formatDuration((Date.now() - started) / 1000) };
  };
  bar.start(Math.max(total ?? 0, 1), 0, payload());
  let stopped = false;
  return {
    update(n) {
      done = Math.max(done, n);
      bar.update(done, payload());
    },
    increment(by = 1) {
      this.update(done + by);
    },
    stop(completed = true) {
      if (stopped) return;
      stopped = true;
      if (completed && total !== null) {
        bar.setTotal(Math.max(total, done, 1));
        bar.update(total === 0 ? 1 : Math.max(done, total), payload());
      }
      bar.stop();
    },
  };
}

function lineProgress(label: string, total: number | null, unit: string, stream: NodeJS.WritableStream, step: number): Progress {
  const started = Date.now();
  let done = 0;
  let printed = 0; // the last tenth (or step) reported
  const line = (percent: number | null) => {
    const rate = rateOf(done, started);
    const left = total === null || rate === 0 || done >= total ? '' : `, about ${formatDuration((total - done) / rate)} left`;
    const head = percent === null ? `${done} ${unit}` : `${percent}% (${done}/${total} ${unit}`;
    stream.write(`${label} ${head}${percent === null ? ' (' : ', '}${rate.toFixed(0)}/s${left})\n`);
  };
  const report = () => {
    if (total === null) {
      const k = Math.floor(done / step);
      if (k > printed) line(null);
      printed = Math.max(printed, k);
      return;
    }
    // One line when a new tenth is reached, at the real percentage: a jump over several tenths used
    // to print each of them with the same count ("44/45 rows" at 70, 80 and 90 %).
    const tenth = total === 0 ? 10 : Math.min(10, Math.floor((done * 10) / total));
    if (tenth > printed) line(total === 0 ? 100 : Math.min(100, Math.floor((done * 100) / total)));
    printed = Math.max(printed, tenth);
  };
  let stopped = false;
  return {
    update(n) {
      done = Math.max(done, n);
      if (total === 0) return; // nothing to count: one 100% line at the end
      report();
    },
    increment(by = 1) {
      this.update(done + by);
    },
    stop(completed = true) {
      if (stopped) return;
      stopped = true;
      if (!completed) return;
      if (total === null) return line(null);
      // A total that was an estimate (writes meanwhile) still ends on one 100% line.
      if (printed < 10) {
        done = Math.max(done, total);
        report();
      }
    },
  };
}
