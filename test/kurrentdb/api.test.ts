import { expect } from 'chai';
import { rebuildProjections } from '../../src/cli/rebuild-projections.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startKurrentStandIn, type KurrentStandIn } from '../kurrentdb-wire/server.ts';
import { asignar, at, book } from '../citas/support.ts';
import { newPaciente, newPsicologo, waitMailsTo, type Persona } from '../notifications/support.ts';
import { waitFor } from '../mensajes/support.ts';

// The API with its events in KurrentDB, through the real client library. With KURRENTDB_URL set
// (`npm run test:kurrentdb` runs EVERY test file so, test/support/server.ts starting each server in
// streams of its own) these flows run against that server. Without it they run against the in-memory
// gRPC stand-in of test/kurrentdb-wire/, so a plain `npm test` still sends every call the server
// makes over the wire: appends with reservations, stream reads, $all reads and subscriptions (read
// models, reactors, the outbox) and a rebuild that replays $all.
const url = process.env.KURRENTDB_URL;

describe(url ? 'API flows on a KurrentDB server' : 'API flows on KurrentDB over gRPC (stand-in server)', function () {
  this.timeout(120_000);
  let standIn: KurrentStandIn | undefined;
  let s: TestServer;
  let admin: string;
  let psi: Persona;
  let pac: Persona;

  before(async function () {
    let base = url;
    if (!base) {
      standIn = await startKurrentStandIn();
      base = standIn.url;
    }
    const prefix = `api_${process.pid}_${Date.now()}`;
    const env: Record<string, string> = url && process.env.TEST_EVENT_STORE === 'kurrentdb'
      ? {}
      : { EVENT_STORE: 'kurrentdb', KURRENTDB_URL: `${base}${base.includes('?') ? '&' : '?'}streamPrefix=${prefix}` };
    s = await startTestServer({ env });
    admin = await s.adminToken();
  });
  after(async function () {
    await s?.stop();
    await standIn?.close();
  });

  const ok = async (method: string, path: string, token: string, body?: unknown) => {
    const r = await s.request(method, path, { token, body });
    expect(r.status, `${method} ${path}: ${r.text}`).to.be.within(200, 299);
    return r.body;
  };

  it('registers, logs in and books: events in KurrentDB, read models, keys and checkpoints in PostgreSQL', async function () {
    expect(s.config.eventStore).to.equal('kurrentdb');
    psi = await newPsicologo(s, admin);
    pac = await newPaciente(s);
    expect(await s.login(pac.email, 'secreto123')).to.be.a('string');
    await asignar(s, admin, pac.idPaciente, psi.idPsicologo);
    const cita = await book(s, { token: pac.token, idPaciente: pac.idPaciente, idUsuario: pac.idUsuario }, psi.idPsicologo, at('03-10', '10:00'));
    const citas = await ok('GET', '/api/admin/citas', admin);
    expect(citas.map((c: { idCita: number }) => c.idCita)).to.deep.equal([cita.idCita]);
    // Delivery through the outbox, fed by a subscription to $all: the psychologist hears of the request.
    expect(await waitMailsTo(s, psi.email, 1)).to.have.length(1);
    const { rows } = await s.deps.knex.raw('select count(*)::int as n from events');
    expect(rows[0].n, 'PostgreSQL events table').to.equal(0);
    expect((await s.deps.store.readStream(`usuario-${pac.idUsuario}`)).map((e) => e.type)).to.include('UsuarioRegistrado');
    const dup = await s.request('POST', '/auth/register-psicologo', { token: admin, body: { nombre: 'Otra', apellido: 'Vez', email: psi.email, password: 'terapia2024', experiencia: 3 } });
    expect(dup.status, 'the e-mail reservation holds on KurrentDB').to.equal(409);
  });

  it('keeps a diary: the entry is read back from the projection', async function () {
    const entry = await ok('POST', '/api/diario-emocional', pac.token, { emocion: 'Calma', intensidad: 6, nota: 'paseo' });
    const mine = await ok('GET', '/api/diario-emocional', pac.token);
    expect(mine.map((d: { idDiario: number }) => d.idDiario)).to.include(entry.idDiario);
    const seen = await ok('GET', `/api/psicologo/diario-emocional?idPaciente=${pac.idPaciente}`, psi.token);
    expect(seen.map((d: { emocion: string }) => d.emocion)).to.deep.equal(['Calma']);
  });

  it('sends a message and delivers it: listed for the receiver, pushed to their device', async function () {
    const device = `device-${Date.now()}`;
    await ok('POST', '/api/dispositivos', pac.token, { token: device });
    const m = await ok('POST', '/api/psicologo/mensajes', psi.token, { receiverId: pac.idUsuario, mensaje: 'Hasta el martes' });
    const inbox = await ok('GET', '/api/mensajes', pac.token);
    expect(inbox.map((x: { idMensaje: number }) => x.idMensaje)).to.include(m.idMensaje);
    const push = await waitFor(() => s.push.sent.find((p) => p.token === device && p.data?.idMensaje === String(m.idMensaje)), 10_000, 'the push');
    expect(push.data).to.include({ tipo: 'MensajeEnviado' });
  });

  it('rebuilds the read models by replaying $all: every listing answers as before', async function () {
    const listings = ['/api/admin/citas', '/api/admin/psicologos', '/api/pacientes/admin', '/api/admin/diario-emocional', '/api/admin/mensajes'];
    const before: unknown[] = [];
    for (const path of listings) before.push(await ok('GET', path, admin));
    const { ms } = await rebuildProjections(s.config);
    expect(ms).to.be.a('number');
    const after: unknown[] = [];
    for (const path of listings) after.push(await ok('GET', path, admin));
    expect(after).to.deep.equal(before);
    expect((after[0] as unknown[]).length).to.equal(1);
  });

  it('went over the wire: the calls a real server would get', function () {
    if (!standIn) return this.skip();
    expect([...standIn.calls.keys()].sort()).to.deep.equal([
      '/event_store.client.server_features.ServerFeatures/GetSupportedMethods',
      '/event_store.client.streams.Streams/BatchAppend',
      '/event_store.client.streams.Streams/Read',
      '/kurrentdb.protocol.v2.streams.StreamsService/AppendSession',
    ]);
    const types = new Set(standIn.log.all.map((r) => r.type));
    for (const t of ['UsuarioRegistrado', 'CitaCreada', 'DiarioRegistrado', 'MensajeEnviado', 'ReservationClaimed']) expect(types, t).to.include(t);
  });
});
