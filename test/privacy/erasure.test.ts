import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError, pacienteBody, psicologoBody, uniqueEmail } from '../http/helpers.ts';
import { allProjections } from '../../src/projections/index.ts';
import { resetProjections } from '../../src/projections/runner.ts';

/** A patient whose every personal value is distinctive, so a dump can be searched for it. */
function distinctive(tag: string) {
  const email = uniqueEmail(`${tag}.borrado`).toLowerCase();
  return {
    email,
    password: 'secreto123',
    values: {
      nombre: `Zebulonio${tag}`, apellido: `Quxtaposter${tag}`, email, dni: `4815${tag}23Q`, telefono: `+34 611 98${tag} 54`,
      calle: `Calle Xilofono Purpura ${tag}`, ciudad: `Villaquxtar${tag}`, descripcion: `Portal verde quxtar ${tag}`,
      telefonoNuevo: `+34 622 13${tag} 91`, genero: `Genquxtar${tag}`, calleNueva: `Avenida Quxtar Segunda ${tag}`,
      provinciaNueva: `Provquxtar${tag}`, dispositivo: `device-token-quxtar-${tag}`,
    },
  };
}

describe('erasure of a patient (crypto-shredding)', () => {
  let srv: TestServer;
  let admin: string;
  let psicologo: { token: string; idPsicologo: number };
  const gone = distinctive('71');
  const kept = distinctive('93');
  const ids: Record<string, { idPaciente: number; idUsuario: number; token: string }> = {};

  /** Every row of every table of the public schema, as text. */
  async function dumpDatabase(): Promise<string> {
    const tables = await srv.deps.knex('information_schema.tables').where({ table_schema: 'public', table_type: 'BASE TABLE' }).pluck('table_name');
    const parts: string[] = [];
    for (const t of tables) {
      const { rows } = await srv.deps.knex.raw('select t::text as row from ?? t', [t]);
      parts.push(`${t}:`, ...rows.map((r: { row: string }) => r.row));
    }
    return parts.join('\n').toLowerCase();
  }

  /** Every read model, sorted, to compare before and after a rebuild. */
  async function dumpReadModels(): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    for (const t of [...new Set(allProjections(srv.config).flatMap((p) => p.tables))].sort()) {
      const { rows } = await srv.deps.knex.raw('select t::text as row from ?? t order by 1', [t]);
      out[t] = rows.map((r: { row: string }) => r.row);
    }
    return out;
  }

  /** Registers the patient and uses the areas that hold their data: profile, address, settings, device. */
  async function populate(p: ReturnType<typeof distinctive>) {
    const v = p.values;
    const body = pacienteBody(
      { telefono: v.telefono, direccion: [{ calle: v.calle, ciudad: v.ciudad, provincia: 'Madrid', codigoPostal: '28001', pais: 'España', descripcion: v.descripcion }] },
      { nombre: v.nombre, apellido: v.apellido, email: p.email, dni: v.dni, password: p.password },
    );
    const r = await srv.request('POST', '/auth/register-paciente', { body });
    expect(r.status, r.text).to.equal(200);
    const token = await srv.login(p.email, p.password);
    const calls: [string, string, unknown][] = [
      ['PUT', `/api/pacientes/${r.body.idPaciente}`, { telefono: v.telefonoNuevo, genero: v.genero }],
      ['POST', '/api/direcciones', { calle: v.calleNueva, ciudad: v.ciudad, provincia: v.provinciaNueva, codigoPostal: '08001', pais: 'España' }],
      ['PUT', '/api/ajustes', { idioma: 'en', darkMode: true }],
      ['POST', '/api/dispositivos', { token: v.dispositivo }],
    ];
    for (const [method, path, b] of calls) {
      const res = await srv.request(method, path, { token, body: b });
      expect(res.status, `${method} ${path}: ${res.text}`).to.be.oneOf([200, 201]);
    }
    const a = await srv.request('POST', '/api/admin/psicologos/asignar-psicologo', { token: admin, body: { idPaciente: r.body.idPaciente, idPsicologo: psicologo.idPsicologo } });
    expect(a.status, a.text).to.equal(200);
    ids[p.email] = { idPaciente: r.body.idPaciente, idUsuario: r.body.idUsuario, token };
  }

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    const p = await srv.request('POST', '/auth/register-psicologo', { token: admin, body: psicologoBody() });
    psicologo = p.body;
    await populate(gone);
    await populate(kept);
    // A mail still waiting for the address (a reminder, say) must not outlive the person.
    await srv.deps.knex('outbox').insert({
      kind: 'mail', dedupe_key: `test-pendiente-${gone.email}`, next_attempt_at: srv.deps.knex.raw("now() + interval '1 hour'"),
      payload: JSON.stringify({ to: gone.email, subject: 'Recordatorio', text: `Hola ${gone.values.nombre}` }),
    });
    expect(await dumpDatabase()).to.include(gone.values.nombre.toLowerCase()); // the search below can find it
    const r = await srv.request('DELETE', `/api/pacientes/${ids[gone.email].idPaciente}`, { token: admin });
    expect(r.status, r.text).to.equal(204);
  });
  after(async () => { await srv?.stop(); });

  async function expectNoTraceOfErased() {
    const dump = await dumpDatabase();
    for (const [field, value] of Object.entries(gone.values)) {
      expect(dump.includes(value.toLowerCase()), `${field} "${value}" is still stored in plaintext`).to.equal(false);
    }
    // The other patient's current values stay in the read models (their first phone was replaced).
    for (const [field, value] of Object.entries(kept.values)) if (field !== 'telefono') expect(dump).to.include(value.toLowerCase());
    const hash = srv.deps.lookupHash('email', gone.email);
    expect(await srv.deps.knex('reservations').where({ key: hash }).first()).to.equal(undefined);
    expect(await srv.deps.knex('usuarios').where({ email_hash: hash }).first()).to.equal(undefined);
  }

  it('leaves none of the erased person\'s values in plaintext anywhere in the database', expectNoTraceOfErased);

  it('destroys the identity key: the events read back with the fields erased, the others\' untouched', async () => {
    const { idUsuario, idPaciente } = ids[gone.email];
    const [registrado] = await srv.deps.store.readStream(`usuario-${idUsuario}`);
    expect(registrado.data).to.include({ nombre: null, email: null, dni: null, rol: 'PACIENTE' });
    expect(registrado.erased).to.include.members(['nombre', 'apellido', 'email', 'dni', 'passwordHash']);
    const paciente = await srv.deps.store.readStream(`paciente-${idPaciente}`);
    expect(paciente.map((e) => e.type)).to.include.members(['PacienteRegistrado', 'PacienteActualizado', 'PsicologoAsignado', 'PacienteEliminado']);
    expect(paciente.find((e) => e.type === 'PacienteActualizado')!.data.telefono).to.equal(null);
    const [otro] = await srv.deps.store.readStream(`usuario-${ids[kept.email].idUsuario}`);
    expect(otro.data.email).to.equal(kept.email);
  });

  it('keeps a blank user row: ids and rol only, inactive, "Paciente eliminado"', async () => {
    const row = await srv.deps.knex('usuarios').where({ id_usuario: ids[gone.email].idUsuario }).first();
    expect(row).to.deep.include({ rol: 'PACIENTE', activo: false, nombre: 'Paciente eliminado', apellido: '', email: '', email_hash: '', dni: null, password_hash: '' });
    expect(await srv.deps.knex('pacientes').where({ id_paciente: ids[gone.email].idPaciente }).first()).to.equal(undefined);
  });

  it('the erased person can no longer sign in, and their token stops working', async () => {
    expectError(await srv.request('POST', '/auth/login', { body: { email: gone.email, password: gone.password } }), 404);
    expectError(await srv.request('GET', '/api/ajustes', { token: ids[gone.email].token }), 401);
  });

  it('the API keeps answering, and the other patient\'s data still reads', async () => {
    const other = ids[kept.email];
    const p = await srv.request('GET', `/api/pacientes/${other.idPaciente}`, { token: admin });
    expect(p.status, p.text).to.equal(200);
    expect(p.body).to.include({ nombre: kept.values.nombre, email: kept.email, telefono: kept.values.telefonoNuevo, genero: kept.values.genero });
    const token = await srv.login(kept.email, kept.password);
    const dirs = await srv.request('GET', '/api/direcciones', { token });
    expect(dirs.body.map((d: { calle: string }) => d.calle)).to.deep.equal([kept.values.calle, kept.values.calleNueva]);
    const exp = await srv.request('GET', `/api/pacientes/${other.idPaciente}/exportacion`, { token });
    expect(exp.status, exp.text).to.equal(200);
    expect(JSON.stringify(exp.body)).to.include(kept.values.dni);
    const list = await srv.request('GET', '/api/pacientes/admin', { token: admin });
    expect(list.body.map((x: { idPaciente: number }) => x.idPaciente)).to.deep.equal([other.idPaciente]);
    const mine = await srv.request('GET', '/api/psicologo/pacientes/getAll', { token: psicologo.token });
    expect(mine.body.map((x: { idPaciente: number }) => x.idPaciente)).to.deep.equal([other.idPaciente]);
    expect((await srv.request('GET', '/api/admin/direcciones', { token: admin })).status).to.equal(200);
  });

  it('a rebuild of the read models gives the same read models, still without the erased data', async () => {
    // The asynchronous read models (analysts', FHIR) are compared once they reached the head too.
    expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 30_000)).to.equal(true);
    const before = await dumpReadModels();
    await resetProjections(srv.deps.knex, allProjections(srv.config));
    const head = await srv.deps.store.head();
    expect(await srv.deps.projections.waitFor(head, 30_000), 'projections replayed').to.equal(true);
    expect(await dumpReadModels()).to.deep.equal(before);
    await expectNoTraceOfErased();
    expectError(await srv.request('POST', '/auth/login', { body: { email: gone.email, password: gone.password } }), 404);
    expect(await srv.login(kept.email, kept.password)).to.be.a('string');
  });

  it('a repeated erasure is 404 and changes nothing', async () => {
    const before = await dumpReadModels();
    expectError(await srv.request('DELETE', `/api/pacientes/${ids[gone.email].idPaciente}`, { token: admin }), 404);
    expect(await dumpReadModels()).to.deep.equal(before);
  });
});
