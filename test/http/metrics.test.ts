import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { expect } from 'chai';
import pg from 'pg';
import { runParked } from '../../src/cli/projections-parked.ts';
import { newPaciente } from '../clinico/support.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The value of one sample of a scrape (undefined when absent). */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** Every sample of a metric, by its labels. */
function samples(text: string, name: string): Map<string, number> {
  const re = new RegExp(`^${name}\\{([^}]*)\\} (\\S+)$`, 'gm');
  return new Map([...text.matchAll(re)].map((m) => [m[1], Number(m[2])]));
}

const scrape = async (srv: TestServer) => {
  const r = await srv.request('GET', '/metrics', { token: TOKEN });
  expect(r.status, r.text).to.equal(200);
  expect(r.headers.get('content-type')).to.match(/^text\/plain/);
  return r.text;
};

/** Scrapes until `done` holds on the text (bounded); returns the last text. */
async function scrapeUntil(srv: TestServer, done: (text: string) => boolean, ms = 15_000): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const text = await scrape(srv);
    if (done(text) || Date.now() > deadline) return text;
    await sleep(50);
  }
}

const withoutTimestamp = ({ timestamp, ...rest }: Record<string, unknown>) => (expect(timestamp).to.be.a('string'), rest);

describe('/metrics', function () {
  this.timeout(60_000);

  describe('without METRICS_TOKEN', () => {
    let srv: TestServer;
    before(async () => { srv = await startTestServer(); });
    after(async () => srv?.stop());

    it('answers 404 with the error body of any unknown path, whatever the Authorization', async () => {
      const unknown = await srv.request('GET', '/no-such-path');
      expect(unknown.status).to.equal(404);
      for (const token of [undefined, TOKEN, 'x']) {
        const r = await srv.request('GET', '/metrics', { token });
        expect(r.status).to.equal(404);
        expect(withoutTimestamp(r.body)).to.deep.equal(withoutTimestamp(unknown.body));
      }
    });
  });

  describe('with METRICS_TOKEN', () => {
    let srv: TestServer;
    before(async () => { srv = await startTestServer({ env: { METRICS_TOKEN: TOKEN } }); });
    after(async () => srv?.stop());

    it('answers 401 with the spec error body without the token, with a wrong one or another scheme', async () => {
      const wrong = [
        {}, { token: 'wrong' }, { token: `${TOKEN}x` }, { token: TOKEN.slice(0, -1) }, { token: await srv.adminToken() },
        { headers: { Authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` } }, { headers: { Authorization: TOKEN } },
      ];
      for (const opts of wrong) {
        const r = await srv.request('GET', '/metrics', opts);
        expect(r.status, JSON.stringify(opts)).to.equal(401);
        expect(withoutTimestamp(r.body)).to.deep.include({ status: 401, error: 'Unauthorized' });
        expect(r.body.mensaje).to.be.a('string').and.not.equal('');
        expect(r.text).not.to.include('process_cpu');
      }
    });

    it('serves process, HTTP, lag and parked metrics with the token, and is not in the OpenAPI document', async () => {
      await srv.request('GET', '/health');
      const text = await scrape(srv);
      expect(text).to.match(/^process_resident_memory_bytes \d+/m);
      expect(text).to.match(/^http_request_duration_seconds_count\{[^}]*route="\/health"[^}]*\} \d+$/m);
      for (const m of ['projection_lag_events', 'projection_lag_seconds', 'reactor_lag_events', 'reactor_lag_seconds', 'parked_events']) {
        expect(text).to.match(new RegExp(`^# TYPE ${m} gauge$`, 'm'));
      }
      expect(sample(text, 'projection_lag_events', 'projection="usuarios"')).to.be.a('number');
      expect(sample(text, 'reactor_lag_seconds', 'reactor="mail-bienvenida"')).to.be.a('number');
      const doc = await srv.request('GET', '/v3/api-docs');
      expect(Object.keys(doc.body.paths)).not.to.include('/metrics');
    });

    it('lag gauges return to 0 after writes', async () => {
      for (let i = 0; i < 3; i++) await newPaciente(srv);
      const caughtUp = (text: string) => ['projection_lag_events', 'projection_lag_seconds', 'reactor_lag_events', 'reactor_lag_seconds']
        .every((m) => samples(text, m).size > 0 && [...samples(text, m).values()].every((v) => v === 0));
      const text = await scrapeUntil(srv, caughtUp);
      expect(caughtUp(text), text).to.equal(true);
    });

    it('shows the lag of read models retrying a bad event, then the event in parked_events until an operator skips it', async () => {
      const paciente = await newPaciente(srv);
      await appendUnstorableProgress(srv, paciente.idPaciente, paciente.idUsuario);
      // On PostgreSQL progreso is written inline (docs/read-models.md "Inline and asynchronous"): the event
      // is parked for it in the append's own transaction, and its lag stays 0. analitica follows the log
      // (progreso too on KurrentDB, which has no inline read models): it retries, standing before the bad
      // event, which the runner has read and usuarios passed.
      const inline = srv.deps.projections.inline().includes('progreso');
      const following = inline ? ['analitica'] : ['analitica', 'progreso'];
      const lag = (t: string, p: string) => sample(t, 'projection_lag_events', `projection="${p}"`);
      const retrying = await scrapeUntil(srv, (t) => following.every((p) => (lag(t, p) ?? 0) >= 1) && lag(t, 'usuarios') === 0);
      for (const p of following) {
        expect(lag(retrying, p), p).to.be.at.least(1);
        expect(sample(retrying, 'projection_lag_seconds', `projection="${p}"`), p).to.be.above(0);
      }
      if (inline) {
        expect(lag(retrying, 'progreso')).to.equal(0);
        expect(sample(retrying, 'parked_events', 'kind="projection",consumer="progreso"')).to.equal(1);
      }

      const parkedOf = (t: string, p: string) => sample(t, 'parked_events', `kind="projection",consumer="${p}"`);
      const parked = await scrapeUntil(srv, (t) => following.every((p) => parkedOf(t, p) === 1));
      for (const p of following) expect(parkedOf(parked, p), p).to.equal(1);
      const after = await scrapeUntil(srv, (t) => following.every((p) => lag(t, p) === 0));
      for (const p of following) expect(sample(after, 'projection_lag_seconds', `projection="${p}"`), p).to.equal(0);

      // The operator's CLI (its own connection, as another process) skips them: the counts follow its announcement.
      for (const p of await runParked(srv.config, { kind: 'list', all: false, json: true })) {
        await runParked(srv.config, { kind: 'skip', id: p.id, json: false });
      }
      const skipped = await scrapeUntil(srv, (t) => samples(t, 'parked_events').size === 0);
      expect([...samples(skipped, 'parked_events').keys()]).to.deep.equal([]);
    });

    it('a scrape runs no SQL', async () => {
      await newPaciente(srv);
      const { statements } = await sqlDuring(srv, async () => {
        for (let i = 0; i < 5; i++) await scrape(srv);
      });
      expect(statements.filter((s) => s.url === '/metrics')).to.deep.equal([]);
      // The probe sees statements a request runs: /health reads the parked events.
      const health = await sqlDuring(srv, async () => void (await srv.request('GET', '/health')));
      expect(health.statements.filter((s) => s.url === '/health').map((s) => s.sql).join('\n')).to.match(/parked_events/);
    });
  });
});

/** A progress entry as the service stored them before dates were checked: year 0 fits no date column. */
async function appendUnstorableProgress(srv: TestServer, idPaciente: number, idUsuario: number): Promise<void> {
  const idProgress = await srv.deps.ids('progreso');
  const data = { idProgress, idPaciente, fecha: '0000-01-01', nivelEstres: 5, nivelAnsiedad: 5, nivelAnimo: 5 };
  await srv.deps.store.append([{ streamId: `progreso-${idProgress}`, expected: 'noStream', events: [{
    type: 'ProgresoRegistrado', data,
    metadata: { eventId: randomUUID(), actor: { idUsuario, rol: 'PACIENTE' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
  }] }]);
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Every SQL statement sent while `fn` runs, with the path of the request that caused it: each
 * request is handled inside an async context naming it, and every pg client's query reads it.
 * Background work (runners, workers) carries no request and is told apart.
 */
async function sqlDuring(srv: TestServer, fn: () => Promise<void>): Promise<{ statements: { url: string; sql: string }[] }> {
  const context = new AsyncLocalStorage<string>();
  const statements: { url: string; sql: string }[] = [];
  const listeners = srv.server.listeners('request') as RequestListener[];
  const query = pg.Client.prototype.query;
  srv.server.removeAllListeners('request');
  srv.server.on('request', (req: IncomingMessage, res: ServerResponse) => context.run(req.url ?? '', () => listeners.forEach((l) => l.call(srv.server, req, res))));
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const url = context.getStore();
    const first = args[0] as string | { text?: string };
    if (url !== undefined) statements.push({ url, sql: typeof first === 'string' ? first : String(first?.text) });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = query;
    srv.server.removeAllListeners('request');
    for (const l of listeners) srv.server.on('request', l);
  }
  return { statements };
}
