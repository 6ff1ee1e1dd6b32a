import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { asignar } from '../citas/support.ts';
import { startKurrentCluster, type KurrentCluster } from '../kurrentdb-wire/cluster.ts';
import { newPaciente, newPsicologo, type Persona } from '../notifications/support.ts';
import { waitFor } from '../mensajes/support.ts';

// The API on a three-node KurrentDB cluster (the in-process stand-in of test/kurrentdb-wire/cluster.ts),
// reached as operators configure it: KURRENTDB_URL=kurrentdb+discover://<seeds>?nodePreference=leader.
// Leaders step down between requests and during them; every acknowledged write is there once, the read
// models and reactors (subscriptions resuming from their checkpoints) see each event once.

describe('API flows on a three-node KurrentDB cluster (stand-in), through leader changes', function () {
  this.timeout(120_000);
  let cluster: KurrentCluster;
  let s: TestServer;
  let admin: string;
  let psi: Persona;
  let pac: Persona;

  before(async function () {
    cluster = await startKurrentCluster();
    s = await startTestServer({ env: { EVENT_STORE: 'kurrentdb', KURRENTDB_URL: `${cluster.url}&streamPrefix=cluster_${process.pid}` } });
    admin = await s.adminToken();
  });
  after(async function () {
    await s?.stop();
    await cluster?.close();
  });

  const ok = async (method: string, path: string, token: string, body?: unknown) => {
    const r = await s.request(method, path, { token, body });
    expect(r.status, `${method} ${path}: ${r.text}`).to.be.within(200, 299);
    return r.body;
  };

  it('registers and writes diary entries while the leader changes three times: each entry listed once, none lost', async function () {
    psi = await newPsicologo(s, admin);
    await cluster.stepDown();
    pac = await newPaciente(s);
    await asignar(s, admin, pac.idPaciente, psi.idPsicologo);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const change = i === 4 ? cluster.stepDown(100) : i === 8 ? cluster.stepDown() : null; // during the request
      const entry = await ok('POST', '/api/diario-emocional', pac.token, { emocion: 'Calma', intensidad: 1 + (i % 10), nota: `n${i}` });
      ids.push(entry.idDiario);
      await change;
    }
    expect(cluster.leader()).to.equal(0);
    const mine = await ok('GET', '/api/diario-emocional', pac.token);
    expect(mine.map((d: { idDiario: number }) => d.idDiario).sort((a: number, b: number) => a - b)).to.deep.equal([...ids].sort((a, b) => a - b));
    const dup = await s.request('POST', '/auth/register-psicologo', { token: admin, body: { nombre: 'Otra', apellido: 'Vez', email: psi.email, password: 'terapia2024', experiencia: 3 } });
    expect(dup.status, `the e-mail reservation held through the changes: ${dup.text}`).to.equal(409);
  });

  it('a message sent across a change is delivered once: the reactor resumes from its checkpoint', async function () {
    const device = `device-${Date.now()}`;
    await ok('POST', '/api/dispositivos', pac.token, { token: device });
    const change = cluster.stepDown(50);
    const m = await ok('POST', '/api/psicologo/mensajes', psi.token, { receiverId: pac.idUsuario, mensaje: 'Hasta el martes' });
    await change;
    await waitFor(() => s.push.sent.find((p) => p.token === device && p.data?.idMensaje === String(m.idMensaje)), 15_000, 'the push');
    await cluster.stepDown();
    const m2 = await ok('POST', '/api/psicologo/mensajes', psi.token, { receiverId: pac.idUsuario, mensaje: 'Y el jueves' });
    await waitFor(() => s.push.sent.find((p) => p.token === device && p.data?.idMensaje === String(m2.idMensaje)), 15_000, 'the second push');
    await new Promise((r) => setTimeout(r, 300));
    const pushes = s.push.sent.filter((p) => p.token === device).map((p) => p.data?.idMensaje);
    expect(pushes.filter((x) => x === String(m.idMensaje)), 'first, once').to.have.length(1);
    expect(pushes.filter((x) => x === String(m2.idMensaje)), 'second, once').to.have.length(1);
    const inbox = await ok('GET', '/api/mensajes', pac.token);
    expect(inbox.map((x: { idMensaje: number }) => x.idMensaje).filter((x: number) => x === m.idMensaje || x === m2.idMensaje)).to.have.length(2);
  });

  it('an entry over the server\'s MaxAppendSize once sealed is a 413 in the spec\'s body, nothing written; the limit back, it is taken', async function () {
    const before = cluster.log.all.length;
    cluster.log.maxAppendSize = 4096; // a server configured smaller: 4,000 characters sealed (base64) exceed it
    const body = { emocion: 'Calma', intensidad: 5, nota: 'x'.repeat(4000) };
    try {
      const r = await s.request('POST', '/api/diario-emocional', { token: pac.token, body });
      expect(r.status, r.text).to.equal(413);
      expect(r.body).to.include({ status: 413, error: 'Payload Too Large' });
      expect(cluster.log.all.length).to.equal(before);
    } finally {
      cluster.log.maxAppendSize = 1024 * 1024;
    }
    await ok('POST', '/api/diario-emocional', pac.token, body);
  });

  it('a cluster without a leader for longer than the adapter retries answers 503 with Retry-After; then writes go on', async function () {
    const election = cluster.stepDown(9_000);
    const started = Date.now();
    const r = await s.request('POST', '/api/diario-emocional', { token: pac.token, body: { emocion: 'Calma', intensidad: 2, nota: null } });
    expect(r.status, r.text).to.equal(503);
    expect(r.headers.get('retry-after')).to.equal('1');
    expect(Date.now() - started).to.be.within(4_000, 9_500);
    await election;
    await ok('POST', '/api/diario-emocional', pac.token, { emocion: 'Calma', intensidad: 3, nota: null });
  });

  it('went through gossip and the leaders only: no append reached a follower unanswered', function () {
    const calls = cluster.calls();
    expect(calls.get('/event_store.client.gossip.Gossip/Read')).to.be.greaterThan(0);
    const ours = cluster.log.all.filter((r) => r.stream.startsWith(`cluster_${process.pid}/`));
    expect(new Set(ours.map((r) => r.id)).size, 'no event written twice').to.equal(ours.length);
    expect(cluster.log.all.filter((r) => r.type === '$epoch-information').length).to.be.at.least(6);
  });
});
