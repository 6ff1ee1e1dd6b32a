import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { registerPaciente } from '../../src/commands/registration.ts';
import { runParked } from '../../src/cli/projections-parked.ts';
import { pacienteBody } from '../http/helpers.ts';
import { newPaciente } from '../clinico/support.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { sleep } from './support.ts';

const SYSTEM = { idUsuario: null, rol: 'SYSTEM' } as const;
const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789';

/** /health until it reports `n` parked events (bounded). */
async function parkedHealth(srv: TestServer, n: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const r = await srv.request('GET', '/health');
    if ((r.body.parkedEvents ?? 0) >= n || Date.now() > deadline) return r;
    await sleep(100);
  }
}

describe('one bad event in the running service', function () {
  this.timeout(60_000);
  let srv: TestServer;

  beforeEach(async () => {
    srv = await startTestServer({ env: { METRICS_TOKEN } });
  });
  afterEach(async () => srv.stop());

  it('a progress entry that two read models cannot store is parked; every other write and read goes on; /health says DEGRADED', async () => {
    const paciente = await newPaciente(srv);
    // As the service stored such entries before dates were checked at the door: year 0 does not fit a date column.
    const idProgress = await srv.deps.ids('progreso');
    const data = { idProgress, idPaciente: paciente.idPaciente, fecha: '0000-01-01', nivelEstres: 5, nivelAnsiedad: 5, nivelAnimo: 5 };
    await srv.deps.store.append([{ streamId: `progreso-${idProgress}`, expected: 'noStream', events: [{
      type: 'ProgresoRegistrado', data,
      metadata: { eventId: randomUUID(), actor: { idUsuario: paciente.idUsuario, rol: 'PACIENTE' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
    }] }]);

    // On PostgreSQL progreso is written inline (docs/read-models.md "Inline and asynchronous"): the event
    // is parked for it in the append's own transaction. analitica follows the log (progreso too on
    // KurrentDB, which has no inline read models): it retries, then parks.
    // Writes of every kind answer at once and are listed right after.
    const following = srv.deps.projections.inline().includes('progreso') ? ['analitica'] : ['analitica', 'progreso'];
    const t0 = Date.now();
    const diario = await srv.request('POST', '/api/diario-emocional', { token: paciente.token, body: { emocion: 'Calma', intensidad: 3, nota: 'Paseo' } });
    expect(diario.status, diario.text).to.equal(201);
    const list = await srv.request('GET', '/api/diario-emocional', { token: paciente.token });
    expect(list.body.map((d: { idDiario: number }) => d.idDiario)).to.include(diario.body.idDiario);
    const other = await newPaciente(srv);
    expect(Date.now() - t0, 'writes did not wait for the broken read models').to.be.below(2_500);
    // Each of them retrying the event, or (on a loaded machine, its retries already spent) parked it.
    const stuck = () => [...new Set([...srv.deps.projections.failing().map((f) => f.name), ...srv.deps.projections.parked.snapshot().map((p) => p.consumer)])].sort();
    for (const deadline = Date.now() + 10_000; !following.every((n) => stuck().includes(n)) && Date.now() < deadline;) await sleep(25);
    expect(stuck()).to.include.members(following);
    expect((await srv.request('GET', '/health')).body).to.include({ status: 'DEGRADED' });

    // Parked: the read models go on with the next events, and a valid entry is listed again.
    const health = await parkedHealth(srv, 2);
    expect(health.status).to.equal(200);
    expect(health.body).to.deep.include({ status: 'DEGRADED', parkedEvents: 2, retrying: [] });
    const ok = await srv.request('POST', '/api/progreso-emocional', { token: other.token, body: { fecha: '2025-03-02', nivelEstres: 2, nivelAnsiedad: 3, nivelAnimo: 8 } });
    expect(ok.status, ok.text).to.equal(201);
    const progreso = await srv.request('GET', '/api/progreso-emocional', { token: other.token });
    expect(progreso.body).to.have.length(1);
    const metrics = await srv.request('GET', '/metrics', { token: METRICS_TOKEN });
    expect(metrics.text).to.match(/parked_events\{kind="projection",consumer="progreso"\} 1/);

    // The operator skips both: healthy again.
    const parked = await runParked(srv.config, { kind: 'list', all: false, json: true });
    expect(parked.map((p) => p.consumer).sort()).to.deep.equal(['analitica', 'progreso']);
    for (const p of parked) await runParked(srv.config, { kind: 'skip', id: p.id, json: false });
    const healthy = (await srv.request('GET', '/health')).body;
    expect(healthy.status).to.equal('UP');
    expect(healthy).to.not.have.any.keys('parkedEvents', 'parked', 'retrying');
  });

  it('a registration the welcome mail cannot be queued for is parked; later registrations still get their mail', async () => {
    // A lone UTF-16 surrogate cannot be stored in the outbox's JSON.
    await registerPaciente(srv.deps, SYSTEM, {
      usuario: { nombre: 'Ana\ud800', apellido: 'Prueba', email: `surrogate-${Date.now()}@example.com`, password: 'secreto123', dni: null },
      fechaNacimiento: '1990-01-01', direccion: [], aceptaTerminos: true,
    });
    const body = pacienteBody();
    const r = await srv.request('POST', '/auth/register-paciente', { body });
    expect(r.status, r.text).to.equal(200);
    const health = await parkedHealth(srv, 1);
    expect(health.body.parked).to.deep.equal([{ kind: 'reactor', consumer: 'mail-bienvenida', events: 1 }]);
    const deadline = Date.now() + 10_000;
    while (!srv.smtp.mails.some((m) => m.to.includes(body.usuario.email.toLowerCase())) && Date.now() < deadline) await sleep(50);
    expect(srv.smtp.mails.filter((m) => m.to.includes(body.usuario.email.toLowerCase()))).to.have.length(1);
  });
});
