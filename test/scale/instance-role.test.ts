import { expect } from 'chai';
import { loadConfig } from '../../src/platform/config.ts';
import { ConfigError } from '../../src/platform/config-error.ts';
import { createKnex } from '../../src/platform/database.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import type { MailMessage } from '../../src/reactors/mail/mailer.ts';
import { RecordingPush } from '../../src/reactors/push/push.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { asignar, at, newPaciente, newPsicologo } from '../citas/support.ts';
import { requester, type Instance } from '../realtime/support.ts';

// INSTANCE_ROLE=api (docs/scaling.md "Instance roles"): an instance that serves requests and leaves
// the log's followers (asynchronous read models, reactors, the outbox, the audit log) to the `all`
// instances on the same database. Its writes still answer with what the client reads back, its
// side effects happen once, by the other instance, and nothing is lost while no `all` instance runs.

describe('an instance with INSTANCE_ROLE=api beside an instance that follows the log', function () {
  this.timeout(120_000);
  let all: TestServer;
  let api: RunningServer & { request: Instance['request'] };
  let apiKnex: ReturnType<typeof createKnex>;
  const apiMails: MailMessage[] = [];
  const apiPush = new RecordingPush();
  let admin: string;

  before(async () => {
    all = await startTestServer();
    apiKnex = createKnex(all.db.url);
    const running = await startServer({
      config: { ...all.config, instanceRole: 'api' }, database: { knex: apiKnex, url: all.db.url }, push: apiPush,
      mailer: { send: async (m) => { apiMails.push(m); } },
    });
    api = { ...running, request: requester(running.url) };
    admin = await all.adminToken();
  });
  after(async () => {
    await api?.close();
    await apiKnex?.destroy();
    await all?.stop();
  });

  it('runs no consumer of the log: the other instance owns every one', async () => {
    const health = await api.request('GET', '/health');
    expect(health.status).to.equal(200);
    expect(health.body.running).to.deep.equal([]);
    const other = await all.request('GET', '/health');
    expect(other.body.running).to.include.members(['analitica', 'fhir', 'notificaciones-citas']);
    for (const owner of Object.values(health.body.owners as Record<string, string>)) expect(owner).to.equal(other.body.instance);
  });

  it('answers a booking with the appointment, reads it back at once, and its mails go once, from the other instance', async () => {
    const psi = await newPsicologo(all, admin);
    const pac = await newPacienteOn(api);
    await asignar(all, admin, pac.idPaciente, psi.idPsicologo);
    await quiet(all);
    const before = all.smtp.mails.length;
    const r = await api.request('POST', '/api/citas', { token: pac.token, body: { idPsicologo: psi.idPsicologo, startDatetime: at('03-10', '10:00'), durationMinutes: 50, motivo: 'Ansiedad' } });
    expect(r.status, r.text).to.equal(201);
    expect(r.body).to.include({ idPaciente: pac.idPaciente, idPsicologo: psi.idPsicologo, estado: 'PENDIENTE' });
    const list = await api.request('GET', '/api/citas', { token: pac.token });
    expect(list.body.map((c: { idCita: number }) => c.idCita)).to.include(r.body.idCita);
    // CitaCreada: a mail to the patient and one to the psychologist, by the `all` instance's outbox.
    await all.smtp.waitFor(before + 2, 20_000);
    await new Promise((res) => setTimeout(res, 300));
    expect(all.smtp.mails.length - before).to.equal(2);
    expect(apiMails).to.deep.equal([]);
    expect(apiPush.sent).to.deep.equal([]);
  });

  it('serves what an asynchronous read model holds: a FHIR read on the api instance waits for the other instance to write it', async () => {
    const pac = await newPacienteOn(api);
    const r = await api.request('GET', `/fhir/R4/Patient/${pac.idPaciente}`, { token: admin });
    expect(r.status, r.text).to.equal(200);
    expect(r.body.resourceType).to.equal('Patient');
  });

  it('keeps answering writes while the other instance sends nothing (its reactors and outbox stopped), and what they cause goes out once it does again', async () => {
    const psi = await newPsicologo(all, admin);
    const pac = await newPacienteOn(api);
    await asignar(all, admin, pac.idPaciente, psi.idPsicologo);
    await quiet(all);
    const before = all.smtp.mails.length;
    await all.reactors.stop();
    await all.outbox.stop();
    try {
      const r = await api.request('POST', '/api/citas', { token: pac.token, body: { idPsicologo: psi.idPsicologo, startDatetime: at('03-11', '10:00'), durationMinutes: 50, motivo: null } });
      expect(r.status, r.text).to.equal(201);
      await new Promise((res) => setTimeout(res, 500));
      expect(all.smtp.mails.length, 'nobody sends meanwhile').to.equal(before);
    } finally {
      all.reactors.start();
      all.outbox.start();
    }
    await all.smtp.waitFor(before + 2, 20_000);
  });

  it('refuses an unknown INSTANCE_ROLE at start, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', INSTANCE_ROLE: 'workers' })).to.throw(ConfigError, /INSTANCE_ROLE must be all or api/);
  });
});

/** Every earlier write's notices sent: the reactors have passed the log's head and the outbox is empty. */
async function quiet(srv: TestServer) {
  expect(await srv.reactors.waitFor(await srv.deps.store.head(), 20_000)).to.equal(true);
  for (let i = 0; i < 400; i++) {
    const [{ n }] = await srv.deps.knex('outbox').whereIn('status', ['PENDING', 'SENDING']).count({ n: '*' });
    if (Number(n) === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the outbox never emptied');
}

async function newPacienteOn(srv: { request: Instance['request'] }) {
  return newPaciente(srv as TestServer);
}
