import { expect } from 'chai';
import { startServer, type RunningServer } from '../../src/server.ts';
import { pacienteBody } from '../http/helpers.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { sleep } from './support.ts';

// Two servers on one database (the default CONSUMER_LEASE_MS): they share out the read models and
// reactors by lease, /health and /metrics say who runs what, and read-your-writes holds on the
// instance that does not run the read model.

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789';

type Call = (method: string, path: string, opts?: { body?: unknown; token?: string }) => Promise<{ status: number; body: any; text: string }>;

function caller(url: string): Call {
  return async (method, path, opts = {}) => {
    const headers: Record<string, string> = {};
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${url}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body, text };
  };
}

const runnersOf = (s: RunningServer) => [s.deps.projections, s.deps.auditLog!, s.deps.reactors!];
const instanceOf = (s: RunningServer) => s.deps.projections.leases!.instance;

async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<number> {
  const t0 = Date.now();
  while (!(await check())) {
    if (Date.now() - t0 > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(20);
  }
  return Date.now() - t0;
}

describe('consumer leases: two servers on one database', function () {
  this.timeout(60_000);
  let srv: TestServer;
  let second: RunningServer;
  let calls: [Call, Call];

  before(async () => {
    srv = await startTestServer({ env: { METRICS_TOKEN } });
    second = await startServer({ config: { ...srv.config, port: 0 }, database: srv.db, push: srv.push });
    calls = [caller(srv.url), caller(second.url)];
  });
  after(async () => {
    await second?.close();
    await srv?.stop();
  });

  it('share the consumers fairly; /health on either names the same owners; /metrics counts each one\'s own', async () => {
    const servers = [srv, second];
    // Each runner's consumers split in two: at most ⌈n ÷ 2⌉ each.
    const fair = () => servers.every((s, i) => runnersOf(s).every((r, k) => {
      const n = r.handlers.length;
      return r.owned().length <= Math.ceil(n / 2) && r.owned().length + runnersOf(servers[1 - i])[k].owned().length === n;
    }));
    await until(async () => fair(), 5_000, 'a fair split');
    const [a, b] = await Promise.all(calls.map((call) => call('GET', '/health')));
    expect(a.body.owners).to.deep.equal(b.body.owners);
    const owners = a.body.owners as Record<string, string>;
    expect(new Set(Object.values(owners))).to.deep.equal(new Set([instanceOf(srv), instanceOf(second)]));
    for (const s of servers) for (const r of runnersOf(s)) for (const name of r.owned()) expect(owners[name], name).to.equal(instanceOf(s));
    // Each instance's own reckoning agrees with the rows, and no consumer runs on both.
    for (const [i, body] of [a.body, b.body].entries()) {
      expect(body.instance).to.equal(instanceOf(servers[i]));
      expect(body.running).to.deep.equal(Object.keys(owners).filter((n) => owners[n] === body.instance).sort());
    }
    expect(a.body.running.filter((n: string) => b.body.running.includes(n))).to.deep.equal([]);

    for (const [i, s] of servers.entries()) {
      const text = (await calls[i]('GET', '/metrics', { token: METRICS_TOKEN })).text;
      const value = (kind: string) => Number(new RegExp(`^consumers_owned\\{kind="${kind}",instance="${instanceOf(s)}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
      expect(value('projection')).to.equal(s.deps.projections.owned().length + s.deps.auditLog!.owned().length);
      expect(value('reactor')).to.equal(s.deps.reactors!.owned().length);
    }
  });

  it('read-your-writes through the instance that does not run the read model', async () => {
    const owner = (await calls[0]('GET', '/health')).body.owners.progreso as string;
    const other = instanceOf(srv) === owner ? 1 : 0;
    const call = calls[other];
    const registered = await call('POST', '/auth/register-paciente', { body: pacienteBody() });
    expect(registered.status, registered.text).to.equal(200);
    const token = registered.body.token as string;
    for (let day = 1; day <= 5; day++) {
      const t0 = Date.now();
      const r = await call('POST', '/api/progreso-emocional', { token, body: { fecha: `2025-03-0${day}`, nivelEstres: 2, nivelAnsiedad: 3, nivelAnimo: 8 } });
      expect(r.status, r.text).to.equal(201);
      const list = await call('GET', '/api/progreso-emocional', { token });
      expect(list.body, 'listed right after the write').to.have.length(day);
      expect(Date.now() - t0, 'at its usual pace').to.be.below(1_000);
    }
  });

  it('a server that stops gives its consumers to the other at once', async () => {
    const t0 = Date.now();
    await second.close();
    const took = await until(async () => runnersOf(srv).every((r) => r.owned().length === r.handlers.length), 3_000, 'the first running everything');
    expect(Date.now() - t0).to.be.below(3_000);
    expect(took).to.be.below(1_000);
    const owners = (await calls[0]('GET', '/health')).body.owners as Record<string, string>;
    expect(new Set(Object.values(owners))).to.deep.equal(new Set([instanceOf(srv)]));
  });
});
