// Figure 4: `audit:verify` as an auditor runs it (node --import tsx src/cli/audit-verify.ts DIR
// --key FILE, a child process of its own) on a synthetic bundle of 1,000,000 events and on one a
// tenth of that size: wall time and peak RSS (process.resourceUsage().maxRSS, printed on exit by a
// preloaded hook). The floor is the same child reading and parsing both files of the large bundle.
// The verifier keeps an entry per stream (its last revision), so memory is checked twice: 10× the
// events over the same streams (flat), and 10× both (what it costs per stream).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { StoredEvent } from '../../src/eventstore/port.ts';
import { withTempDir, type SectionContext } from '../lib/context.ts';
import { ratio, round } from '../lib/stats.ts';
import { writeSyntheticBundle, type SyntheticBundle } from './bundle.ts';
import { SECTION, fmt, target } from './targets.ts';

const VERIFY_TARGET_S = 60;
/**
 * Peak RSS at 10× the events over the same streams within this factor of the small bundle's: flat.
 * Peak RSS moves with the GC's timing (1.02–1.12× across runs on a loaded machine); 1.25 still
 * catches a growth of ~30 bytes per event (27 MiB over 900,000 more).
 */
const FLAT_FACTOR = 1.25;
const EVENTS_PER_STREAM = 5;
const MiB = 1024 * 1024;

interface ChildRun { seconds: number; maxRss: number; stdout: string }

/** Runs a script under tsx with the peak-RSS hook, bounded in time. */
function measured(script: string, args: string[], timeoutMs: number): Promise<ChildRun> {
  const hook = pathToFileURL(resolve('bench/audit/max-rss.ts')).href;
  const t = performance.now();
  const proc = spawn(process.execPath, ['--import', 'tsx', '--import', hook, script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-20_000)));
  const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
  return new Promise((done, fail) => {
    proc.once('exit', (code, signal) => {
      clearTimeout(timer);
      const seconds = (performance.now() - t) / 1000;
      const rss = /BENCH_MAX_RSS_KIB (\d+)/.exec(stderr);
      if (code !== 0 || !rss) return fail(new Error(`${script} ${args.join(' ')}: exit ${code ?? signal} after ${seconds.toFixed(1)} s: ${stdout.slice(-1000)} ${stderr.slice(-2000)}`));
      done({ seconds, maxRss: Number(rss[1]) * 1024, stdout });
    });
  });
}

async function verify(b: SyntheticBundle): Promise<ChildRun> {
  const run = await measured('src/cli/audit-verify.ts', [b.dir, '--key', b.keyFile], 1_800_000);
  const report = JSON.parse(run.stdout) as { verified: boolean; events: number; leaves: number };
  if (!report.verified || report.events !== b.events || report.leaves !== b.events) throw new Error(`audit:verify did not verify the synthetic bundle: ${run.stdout.slice(0, 2000)}`);
  return run;
}

/** Writes a bundle, verifies it (then `also`, on the same files), and removes it. */
async function measure(ctx: SectionContext, root: string, templates: StoredEvent[], events: number, perStream: number, also?: (b: SyntheticBundle) => Promise<ChildRun>) {
  ctx.log(`audit: writing a bundle of ${fmt(events)} events, ${perStream} per stream`);
  const b = await writeSyntheticBundle(root, `bundle-${events}-${perStream}`, templates, events, perStream);
  ctx.log(`audit: audit:verify on ${fmt(events)} events (${Math.round(b.bytes / MiB)} MiB, written in ${b.seconds.toFixed(1)} s)`);
  const v = await verify(b);
  const floor = also ? await also(b) : null;
  rmSync(b.dir, { recursive: true, force: true });
  return { b, v, floor };
}

/**
 * Three bundles: a tenth of the size, the full size with as many events per stream (streams grow
 * with the log, as they do), and the full size over the small one's streams (only the events grow:
 * the "memory flat" check).
 */
export async function verifyFigures(ctx: SectionContext, templates: StoredEvent[]): Promise<void> {
  const large = ctx.sizes.audit.verifyEvents;
  const small = Math.round(large / 10);
  await withTempDir('bench-audit-bundle-', async (root) => {
    const s = await measure(ctx, root, templates, small, EVENTS_PER_STREAM);
    const l = await measure(ctx, root, templates, large, EVENTS_PER_STREAM, (b) => measured('bench/audit/read-floor.ts', [b.dir], 1_800_000));
    const c = await measure(ctx, root, templates, large, EVENTS_PER_STREAM * 10);
    const floor = l.floor!;
    const flat = c.v.maxRss / s.v.maxRss;
    const perStream = (l.v.maxRss - c.v.maxRss) / (l.b.streams - c.b.streams);
    ctx.add({
      section: SECTION, name: `audit:verify, ${fmt(large)} events over ${fmt(l.b.streams)} streams: wall time`, value: round(l.v.seconds, 1), unit: 's',
      ratios: [{ to: 'reading and parsing the same files alone', value: ratio(l.v.seconds, floor.seconds) }, { to: `at ${fmt(small)} events`, value: ratio(l.v.seconds, s.v.seconds) }],
      note: `${target(`≤ ${VERIFY_TARGET_S} s`, l.v.seconds <= VERIFY_TARGET_S)}; ${fmt(Math.round(large / l.v.seconds))} events/s; bundle ${fmt(Math.round(l.b.bytes / MiB))} MiB (events + leaves); the floor ${floor.seconds.toFixed(1)} s`,
    });
    ctx.add({
      section: SECTION, name: `audit:verify peak RSS, ${fmt(large)} events over ${fmt(c.b.streams)} streams (only the events grow)`, value: round(c.v.maxRss / MiB, 0), unit: 'MiB',
      ratios: [{ to: `at ${fmt(small)} events over the same ${fmt(s.b.streams)} streams`, value: ratio(c.v.maxRss, s.v.maxRss) }],
      note: `${target(`memory flat in events (≤ ${FLAT_FACTOR}× at 10× the events)`, flat <= FLAT_FACTOR)}; ${c.v.seconds.toFixed(1)} s`,
    });
    ctx.add({
      section: SECTION, name: `audit:verify peak RSS, ${fmt(large)} events over ${fmt(l.b.streams)} streams (${EVENTS_PER_STREAM} events per stream)`, value: round(l.v.maxRss / MiB, 0), unit: 'MiB',
      ratios: [{ to: `at ${fmt(small)} events over ${fmt(s.b.streams)} streams`, value: ratio(l.v.maxRss, s.v.maxRss) }, { to: 'reading the same files alone', value: ratio(l.v.maxRss, floor.maxRss) }],
      note: `grows with the streams (one entry each): ${Math.round(Math.max(0, perStream))} bytes of peak RSS per stream; floor ${Math.round(floor.maxRss / MiB)} MiB`,
    });
    ctx.add({
      section: SECTION, name: `audit:verify, ${fmt(small)} events over ${fmt(s.b.streams)} streams`, value: round(s.v.seconds, 1), unit: 's',
      ratios: [{ to: 'itself', value: 1 }], note: `peak RSS ${Math.round(s.v.maxRss / MiB)} MiB`,
    });
  });
}
