import { expect } from 'chai';
import { pacienteBody, psicologoBody, uniqueEmail } from '../http/helpers.ts';
import { ADMIN, FAST, startCluster, type Instance } from '../realtime/support.ts';

// A deactivation or erasure answered by one instance is in force on every instance when the answer
// leaves (issue 24 item 5a): the others' user caches check the read model on each request instead
// of waiting to hear of it through the log.

type Cluster = Awaited<ReturnType<typeof startCluster>>;

async function registerPaciente(inst: Instance, email = uniqueEmail('inst')) {
  const r = await inst.request('POST', '/auth/register-paciente', { body: pacienteBody({}, { email, password: 'secreto123' }) });
  expect(r.status).to.equal(200);
  return { ...(r.body as { token: string; idPaciente: number; idUsuario: number }), email };
}

/** The patient's token, known good on `inst` (so that its cache keeps them). */
async function warmOn(inst: Instance, token: string) {
  for (let i = 0; i < 2; i++) expect((await inst.request('GET', '/api/diario-emocional', { token })).status).to.equal(200);
}

describe('a change of a user answered by one instance, on the others', function () {
  this.timeout(120_000);
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;
  let admin: string;

  before(async () => {
    cluster = await startCluster(2, FAST);
    [a, b] = cluster.instances;
    admin = (await a.request('POST', '/auth/login', { body: ADMIN })).body.token;
  });
  after(async () => { await cluster?.stop(); });

  it('refuses a deactivated patient on B at the very next request, every time (15 tries, live log)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const p = await registerPaciente(a);
      await warmOn(b, p.token);
      expect((await a.request('PUT', `/auth/pacientes/${p.idPaciente}/baja`, { token: admin })).status).to.equal(200);
      statuses.push((await b.request('GET', '/api/diario-emocional', { token: p.token })).status);
    }
    expect(statuses).to.deep.equal(Array(15).fill(401));
  });

  describe('while B hears nothing of the log (its subscription stopped: the log is late)', () => {
    before(async () => { await b.users.stop(); });

    it('deactivation: 401 on B', async () => {
      const p = await registerPaciente(a);
      await warmOn(b, p.token);
      expect((await a.request('PUT', `/auth/pacientes/${p.idPaciente}/baja`, { token: admin })).status).to.equal(200);
      const r = await b.request('GET', '/api/diario-emocional', { token: p.token });
      expect(r.status).to.equal(401);
      expect(r.body.status).to.equal(401);
    });

    it('erasure: 401 on B', async () => {
      const p = await registerPaciente(a);
      await warmOn(b, p.token);
      expect((await a.request('DELETE', `/api/pacientes/${p.idPaciente}`, { token: admin })).status).to.equal(204);
      expect((await b.request('GET', '/api/diario-emocional', { token: p.token })).status).to.equal(401);
    });

    it('role change (the e-mail erased, then registered as a psychologist): the old token 401 on B, the new one good', async () => {
      const p = await registerPaciente(a);
      await warmOn(b, p.token);
      expect((await a.request('DELETE', `/api/pacientes/${p.idPaciente}`, { token: admin })).status).to.equal(204);
      const psi = await a.request('POST', '/auth/register-psicologo', { token: admin, body: psicologoBody({ email: p.email, password: 'secreto123' }) });
      expect(psi.status).to.equal(200);
      expect((await b.request('GET', '/api/diario-emocional', { token: p.token })).status).to.equal(401);
      const login = await b.request('POST', '/auth/login', { body: { email: p.email, password: 'secreto123' } });
      expect(login.status).to.equal(200);
      expect((await b.request('GET', '/api/psicologos/directorio', { token: login.body.token })).status).to.equal(200);
      expect((await b.request('GET', '/api/diario-emocional', { token: p.token })).status).to.equal(401);
    });
  });
});
