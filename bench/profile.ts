// npm run bench -- --profile [--profile-endpoint "POST /api/citas (free slots)"] [--profile-role api] [--quick]
// (--profile-role api: the profiled server serves with INSTANCE_ROLE=api while an unprofiled one
// beside it follows the log: the profile then holds the request path alone.)
// A CPU profile of the service under load on one endpoint: the server child runs with
// `node --cpu-prof`, autocannon drives the endpoint, and the top frames by self time are summarised
// (also by package / source file) into bench/results/profile.md.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Api, serviceEnv } from './lib/api.ts';
import { spawnTs } from './lib/child.ts';
import { withTempDir, type SectionContext } from './lib/context.ts';
import { load } from './lib/load.ts';
import { ENDPOINTS, seedHttpFixture } from './http.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
}

/** Where a frame's code lives: a package, a source file of ours, node's internals, or V8's own buckets. */
function area(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const src = /\/((?:src|bench)\/.*)$/.exec(url);
  if (src) return src[1];
  if (url.startsWith('node:')) return 'node internals';
  return url;
}

/** Each node by id, and each node's parent: the stacks the samples stand on. */
function links(profile: CpuProfile): { parent: Map<number, number>; byId: Map<number, ProfileNode> } {
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const n of profile.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  return { parent, byId };
}

/**
 * Inclusive time of the service's own functions (src/): for each sample, every src frame on its
 * stack counts once. Shows which of our code paths the self time above is spent under.
 */
function inclusiveOurs(profile: CpuProfile): Map<string, number> {
  const { parent, byId } = links(profile);
  const totals = new Map<string, number>();
  for (const id of profile.samples) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at)!.callFrame;
      const src = /\/(src\/.*)$/.exec(f.url);
      if (src) seen.add(`${f.functionName || '(anonymous)'} — ${src[1]}:${f.lineNumber + 1}`);
    }
    for (const k of seen) totals.set(k, (totals.get(k) ?? 0) + 1);
  }
  return totals;
}

/**
 * For the samples spent in socket writes (writev, writeBuffer: a syscall each), the nearest frame of
 * a package or of ours above them: which client's writes they are (pg's, the HTTP server's).
 */
function writeCallers(profile: CpuProfile): Map<string, number> {
  const { parent, byId } = links(profile);
  const totals = new Map<string, number>();
  for (const id of profile.samples) {
    const leaf = byId.get(id)!.callFrame;
    if (leaf.functionName !== 'writev' && leaf.functionName !== 'writeBuffer') continue;
    let caller = '(none)';
    for (let at = parent.get(id); at !== undefined; at = parent.get(at)) {
      const f = byId.get(at)!.callFrame;
      const where = area(f.url, f.functionName);
      if (where !== 'node internals' && where !== '(native)') {
        caller = `${f.functionName || '(anonymous)'} — ${where}`;
        break;
      }
    }
    const key = `${leaf.functionName} ← ${caller}`;
    totals.set(key, (totals.get(key) ?? 0) + 1);
  }
  return totals;
}

export function summarise(profile: CpuProfile, top = 20): string {
  const totalSamples = profile.samples.length || 1;
  const byFrame = new Map<string, number>();
  const byArea = new Map<string, number>();
  for (const n of profile.nodes) {
    const hits = n.hitCount ?? 0;
    if (!hits) continue;
    const f = n.callFrame;
    const where = area(f.url, f.functionName);
    const frame = `${f.functionName || '(anonymous)'} — ${where}${f.url ? `:${f.lineNumber + 1}` : ''}`;
    byFrame.set(frame, (byFrame.get(frame) ?? 0) + hits);
    byArea.set(where, (byArea.get(where) ?? 0) + hits);
  }
  const pct = (h: number) => `${((100 * h) / totalSamples).toFixed(1)}%`;
  const rows = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, h]) => `| ${pct(h)} | ${k.replace(/\|/g, '\\|')} |`);
  const seconds = ((profile.endTime - profile.startTime) / 1e6).toFixed(1);
  return [
    `${totalSamples} samples over ${seconds} s.`, '',
    '**By package or source file (self time)**', '', '| self | where |', '|---:|---|', ...rows(byArea), '',
    '**Top frames (self time)**', '', '| self | frame |', '|---:|---|', ...rows(byFrame), '',
    '**Our functions (src/), inclusive time**', '', '| total | function |', '|---:|---|', ...rows(inclusiveOurs(profile)), '',
    '**Socket writes, by the nearest caller outside node**', '', '| self | write ← caller |', '|---:|---|', ...rows(writeCallers(profile)).slice(0, 10),
  ].join('\n');
}

export async function profileSection(ctx: SectionContext, endpointName: string, role: 'all' | 'api' = 'all'): Promise<void> {
  const endpoint = ENDPOINTS.find((e) => e.name === endpointName || e.name.startsWith(endpointName));
  if (!endpoint) throw new Error(`unknown endpoint "${endpointName}"; known: ${ENDPOINTS.map((e) => e.name).join(' | ')}`);
  const url = await ctx.pg.createDatabase('bench_profile');
  await withTempDir('bench-profile-', async (dir) => {
    const profDir = join(dir, 'prof');
    mkdirSync(profDir);
    // Seeded by an unprofiled server first, so the profile holds the load and little else.
    const seeder = await spawnTs<{ url: string }>('bench/lib/service-main.ts', { env: serviceEnv(url, dir) });
    const fx = await seedHttpFixture(new Api(seeder.ready.url)).finally(() => role === 'all' && seeder.stop());
    const queryLog = join(dir, 'queries.json');
    const env = serviceEnv(url, dir, { BENCH_QUERY_LOG: queryLog, INSTANCE_ROLE: role });
    const service = await spawnTs<{ url: string }>('bench/lib/service-main.ts', { env, nodeArgs: ['--cpu-prof', '--cpu-prof-dir', profDir] });
    let requests = 0;
    try {
      ctx.log(`profile: loading ${endpoint.name}`);
      const seconds = ctx.quick ? 5 : 20;
      const r = await load({ ...endpoint.options(fx), url: service.ready.url, seconds, connections: ctx.sizes.http.connections, maxRequests: 500_000 });
      requests = r.requests;
      ctx.log(`profile: ${Math.round(r.rps)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms while profiling`);
    } finally {
      await service.stop();
      if (role === 'api') await seeder.stop(); // it followed the log beside the profiled one
    }
    const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('the server wrote no CPU profile');
    const queries = Object.entries(JSON.parse(readFileSync(queryLog, 'utf8')) as Record<string, number>);
    const total = queries.reduce((a, [, n]) => a + n, 0);
    const perRequest = (n: number) => (n / Math.max(1, requests)).toFixed(1);
    const sql = [
      `**SQL statements sent by the server: ${total} for ${requests} requests (${perRequest(total)} per request)**`, '',
      '| per request | statement (first 70 characters) |', '|---:|---|',
      ...queries.slice(0, 15).map(([q, n]) => `| ${perRequest(n)} | \`${q.replace(/\|/g, '\\|')}\` |`),
    ].join('\n');
    const text = `## CPU profile: ${endpoint.name}${role === 'api' ? ' (INSTANCE_ROLE=api; the log followed by another process)' : ''}\n\n${summarise(JSON.parse(readFileSync(join(profDir, file), 'utf8')) as CpuProfile)}\n\n${sql}\n`;
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/profile.md', text);
    process.stdout.write(`${text}\nWritten to bench/results/profile.md\n`);
  });
}
