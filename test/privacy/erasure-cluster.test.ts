import { expect } from 'chai';
import { ADMIN, startCluster, type Instance } from '../realtime/support.ts';
import { asignar, newPaciente, newPsicologo, type Persona } from '../mensajes/support.ts';

type Evento = { type: string; data: Record<string, unknown>; erased: string[] };

// Two server instances on one database, each with its own key ring and cache: a key destroyed
// through one is announced (NOTIFY practice_keys) and evicted in the other at once.
describe('erasure across two server instances', function () {
  this.timeout(120_000);
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let a: Instance;
  let b: Instance;
  let admin: string;
  let psi: Persona & { idPsicologo: number };
  let ana: Persona & { idPaciente: number };
  let luis: Persona & { idPaciente: number };

  const mensajes = async (inst: Instance, idPaciente: number) => {
    const r = await inst.request('GET', `/api/admin/auditoria/pacientes/${idPaciente}/eventos`, { token: admin });
    expect(r.status, r.text).to.equal(200);
    return (r.body as Evento[]).filter((e) => e.type === 'MensajeEnviado');
  };
  const registro = async (inst: Instance, idUsuario: number) =>
    (await inst.deps.store.readStream(`usuario-${idUsuario}`)).find((e) => e.type === 'UsuarioRegistrado')!;
  const send = async (p: Persona, mensaje: string) => {
    const r = await a.request('POST', '/api/mensajes', { token: p.token, body: { receiverId: psi.idUsuario, mensaje } });
    expect(r.status, r.text).to.equal(201);
  };

  before(async () => {
    cluster = await startCluster(2);
    [a, b] = cluster.instances;
    admin = (await a.request('POST', '/auth/login', { body: ADMIN })).body.token;
    psi = await newPsicologo(a, admin);
    ana = await newPaciente(a);
    luis = await newPaciente(a);
    for (const p of [ana, luis]) await asignar(a, admin, p.idPaciente, psi.idPsicologo);
    await send(ana, 'Vuelven las crisis por la noche');
    await send(luis, 'Hoy he dormido mejor');
  });
  after(async () => { await cluster?.stop(); });

  it('erased through A: B at once reads the identity fields as erased and refuses to seal new ones', async () => {
    expect((await registro(b, ana.idUsuario)).data.nombre).to.equal('Ana'); // B has the key in its cache now
    expect((await b.request('GET', `/api/pacientes/${ana.idPaciente}`, { token: admin })).status).to.equal(200);
    expect((await a.request('DELETE', `/api/pacientes/${ana.idPaciente}`, { token: admin })).status).to.equal(204);
    const after = await registro(b, ana.idUsuario);
    expect(after.data).to.include({ nombre: null, apellido: null, email: null });
    expect(after.erased).to.include.members(['nombre', 'apellido', 'email']);
    const subject = await b.deps.keys.resolve(`paciente-${ana.idPaciente}`);
    const refused = await b.deps.keys.obtain(subject, 'identity').then(() => null, (err: { status?: number }) => err);
    expect(refused?.status).to.equal(409);
    expect((await b.request('GET', `/api/pacientes/${ana.idPaciente}`, { token: admin })).status).to.equal(404);
  });

  it('a clinical key destroyed in A (the retention reactor\'s step): B\'s audit shows the message text erased at once', async () => {
    const [before] = await mensajes(b, ana.idPaciente); // kept after the erasure, until retention ends
    expect(before.data.mensaje).to.equal('Vuelven las crisis por la noche');
    await a.deps.keys.destroy(await a.deps.keys.resolve(`paciente-${ana.idPaciente}`), 'clinical');
    const [after] = await mensajes(b, ana.idPaciente);
    expect(after.data.mensaje).to.equal(null);
    expect(after.erased).to.include('mensaje');
  });

  it('while B cannot listen, it serves no key from its cache (an announcement may be lost)', async () => {
    expect((await mensajes(b, luis.idPaciente))[0].data.mensaje).to.equal('Hoy he dormido mejor');
    await cluster.db.knex.raw(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'practice-key-watch' and datname = current_database()`,
    );
    await new Promise((r) => setTimeout(r, 200)); // B notices the lost connection
    // Destroyed with no announcement at all, as by a process whose NOTIFY never arrived.
    const subject = await a.deps.keys.resolve(`paciente-${luis.idPaciente}`);
    await cluster.db.knex('data_keys').where({ subject, purpose: 'clinical' }).update({ wrapped: null, destroyed_at: cluster.db.knex.fn.now() });
    expect((await mensajes(b, luis.idPaciente))[0].data.mensaje).to.equal(null);
  });
});
