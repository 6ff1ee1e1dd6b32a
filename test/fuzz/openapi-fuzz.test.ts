// OpenAPI-driven fuzzing: thousands of generated requests (valid and hostile) over every operation
// of the served document, as every identity; no answer may be a 5xx, and every answer must be one
// the document describes for that operation. All failures are gathered into one report.
//   FUZZ_SEED=<n>|random   another (reproducible) run;  FUZZ_REQUESTS=<n>   how many requests
//   FUZZ_VERBOSE=1         print the statuses seen per operation
//   FUZZ_DUMP=<file>       write every request and answer there, one JSON per line
import { writeFileSync } from 'node:fs';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { preview, toFetchBody } from './bodies.ts';
import { CURRENT_FILE, generateCases, operationsOf, phaseOf, type FuzzCase, type Operation } from './cases.ts';
import { buildDataSet, type DataSet } from './fixtures.ts';
import { Rng, type Schema } from './generator.ts';
import { responseValidator, type Answer, type Problem } from './validator.ts';
import { inlineRefs } from './refs.ts';

const DEFAULT_SEED = 20_260_101;
const SEED = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 5200);
const IN_FLIGHT = 8;
const SAMPLES = 3;
/** Next pages followed from Link headers, so real cursors are exercised too. */
const MAX_FOLLOWED = 300;

interface Result {
  kase: FuzzCase;
  answer: Answer & { link: string | null };
}
interface Failure extends Result {
  problem: NonNullable<Problem>;
}

async function send(srv: TestServer, data: DataSet, kase: FuzzCase, index: number): Promise<Result['answer']> {
  const headers: Record<string, string> = { 'Accept-Language': index % 4 === 0 ? 'en' : 'es' };
  const auth = kase.identity === 'garbage' ? data.garbage[index % data.garbage.length] : data.headers[kase.identity];
  if (auth) headers.Authorization = auth;
  let body: RequestInit['body'];
  if (kase.payload) {
    const b = toFetchBody(kase.payload);
    body = b.body;
    if (b.type) headers['Content-Type'] = b.type;
  }
  const url = kase.url.replace(CURRENT_FILE, data.files.at(-1) ?? 'none.png');
  try {
    const res = await fetch(`${srv.url}${url}`, { method: kase.op.method, headers, body, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    const uploaded = /"fotoPerfilUrl":"\/files\/([^"]+)"/.exec(text)?.[1];
    if (uploaded && uploaded !== data.files.at(-1)) data.files.push(uploaded);
    return { status: res.status, contentType: res.headers.get('content-type'), link: res.headers.get('link'), text };
  } catch (err) {
    // No answer at all (reset connection, timeout) is a failure too; 599 keeps it in the 5xx group.
    return { status: 599, contentType: null, link: null, text: `no answer: ${(err as Error).message} ${(err as { cause?: Error }).cause?.message ?? ''}` };
  }
}

/** Runs the cases `IN_FLIGHT` at a time, following some rel="next" links on the way. */
async function runAll(srv: TestServer, data: DataSet, cases: FuzzCase[], results: Result[]): Promise<void> {
  // A case's index (not the order answers arrive in) picks its garbage token and language: reproducible.
  const queue = cases.map((kase, i) => ({ kase, i }));
  let followed = 0;
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const { kase, i } = item;
      const answer = await send(srv, data, kase, i);
      results.push({ kase, answer });
      const next = /<([^>]+)>;\s*rel="next"/.exec(answer.link ?? '')?.[1];
      if (next && followed < MAX_FOLLOWED && answer.status === 200) {
        followed++;
        queue.push({ kase: { ...kase, url: next, label: `next page of ${kase.url}` }, i });
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

function report(failures: Failure[], total: number): string {
  const groups = new Map<string, Failure[]>();
  for (const f of failures) {
    const key = `${f.kase.op.method} ${f.kase.op.template} -> ${f.answer.status} (${f.problem.kind})`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const lines = [`OpenAPI fuzz: ${failures.length} of ${total} answers invalid, in ${groups.size} groups (FUZZ_SEED=${SEED} FUZZ_REQUESTS=${REQUESTS})`];
  for (const [key, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push('', `${key}: ${list.length} times`);
    for (const f of list.slice(0, SAMPLES)) {
      lines.push(`  - as ${f.kase.identity}: ${f.kase.op.method} ${f.kase.url.slice(0, 200)} [${f.kase.label}] ${preview(f.kase.payload)}`);
      lines.push(`    ${f.problem.detail.slice(0, 500)}`);
    }
  }
  return lines.join('\n');
}

function statusTable(results: Result[]): string {
  const seen = new Map<string, Record<number, number>>();
  for (const { kase, answer } of results) {
    const key = `${kase.op.method} ${kase.op.template}`;
    const row = seen.get(key) ?? {};
    row[answer.status] = (row[answer.status] ?? 0) + 1;
    seen.set(key, row);
  }
  return [...seen].map(([k, row]) => `${k}  ${JSON.stringify(row)}`).join('\n');
}

describe('OpenAPI fuzz: every operation of the served document', function () {
  this.timeout(170_000);
  let srv: TestServer;
  let doc: Schema;
  let data: DataSet;

  before(async () => {
    srv = await startTestServer();
    const r = await srv.request('GET', '/v3/api-docs');
    expect(r.status).to.equal(200);
    doc = r.body;
    data = await buildDataSet(srv);
  });
  after(async () => {
    await srv?.stop();
  });

  it(`answers ${REQUESTS} generated requests with no 5xx and only documented answers`, async () => {
    // The generator reads plain schemas; the validator resolves the document's $refs itself.
    const ops: Operation[] = operationsOf(inlineRefs(doc));
    expect(ops.length, 'operations in the document').to.be.greaterThan(50);
    const cases = generateCases(ops, new Rng(SEED), data, REQUESTS);
    const results: Result[] = [];
    for (const phase of [0, 1, 2]) await runAll(srv, data, cases.filter((c) => phaseOf(c.op) === phase), results);

    const check = responseValidator(doc);
    const failures: Failure[] = [];
    for (const r of results) {
      const problem = check(r.kase.op.method, r.kase.op.template, r.answer);
      if (problem) failures.push({ ...r, problem });
    }
    if (process.env.FUZZ_VERBOSE) console.log(statusTable(results));
    if (process.env.FUZZ_DUMP) {
      const line = ({ kase, answer }: Result) => JSON.stringify({ identity: kase.identity, method: kase.op.method, url: kase.url, label: kase.label, body: preview(kase.payload), ...answer, text: answer.text.slice(0, 500) });
      writeFileSync(process.env.FUZZ_DUMP, results.map(line).join('\n'));
    }

    const covered = new Set(results.map((r) => `${r.kase.op.method} ${r.kase.op.template}`));
    expect(covered.size, 'every operation fuzzed').to.equal(ops.length);
    expect(results.length).to.be.at.least(Math.min(REQUESTS, 5000));
    if (failures.length > 0) expect.fail(report(failures, results.length));
  });
});
