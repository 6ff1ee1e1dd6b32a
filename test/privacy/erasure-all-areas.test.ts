import { expect } from 'chai';
import { DateTime } from 'luxon';
import { rebuildProjections } from '../../src/cli/rebuild-projections.ts';
import { allProjections } from '../../src/projections/index.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError, pacienteBody, psicologoBody, uniqueEmail } from '../http/helpers.ts';
import { readMail } from '../notifications/support.ts';

const ZONE = 'Europe/Madrid';

/** Distinctive values of one patient: identity (sealed with the identity key) and clinical text. */
function persona(tag: string, hour: number) {
  const email = uniqueEmail(`${tag}.areas`).toLowerCase();
  return {
    tag, email, password: 'secreto123', hour,
    identity: {
      nombre: `Zoltarina${tag}`, apellido: `Vexquorian${tag}`, email, dni: `5926${tag}71K`, telefono: `+34 633 41${tag} 77`,
      fechaNacimiento: `19${tag}-08-23`, genero: `Genvexq${tag}`, calle: `Calle Vexquorian Primera ${tag}`, ciudad: `Vexqueda${tag}`,
      provincia: `Provvexq${tag}`, descripcion: `Portal ambar vexq ${tag}`, calleNueva: `Ronda Vexquorian Segunda ${tag}`,
      dispositivo: `push-token-vexq-${tag}-a1b2c3`,
    },
    clinical: {
      motivo: `Insomnio vexq ${tag} desde la mudanza`, motivoNuevo: `Crisis vexq ${tag} en el trabajo`, motivoPendiente: `Seguimiento vexq ${tag} urgente`,
      notas: `Nota sesion vexq ${tag} duelo`, recomendaciones: `Recomendacion vexq ${tag} respirar`, notasPsi: `Observa rumiacion vexq ${tag}`,
      titulo: `Titulo propio vexq ${tag}`, diagnostico: `Diagnostico vexq ${tag} TAG`, tratamiento: `Tratamiento vexq ${tag} TCC`,
      observaciones: `Observaciones vexq ${tag}`, tituloPsi: `Evaluacion psi vexq ${tag}`, diagnosticoPsi: `Distimia vexq ${tag}`,
      emocion: `Emovexq${tag}`, nota: `Diario vexq ${tag} mal dia`, mensajePaciente: `Hola doctora vexq ${tag}`,
      mensajePsicologo: `Respuesta psi vexq ${tag}`, mensajePendiente: `Mensaje tardio vexq ${tag}`,
    },
  };
}
type Persona = ReturnType<typeof persona> & { idPaciente: number; idUsuario: number; token: string; idCita: number };

describe('erasure of a patient across every area', function () {
  this.timeout(180_000);
  let srv: TestServer;
  let admin: string;
  let psi: { token: string; idPsicologo: number; idUsuario: number; email: string };
  const gone = persona('71', 9) as Persona;
  const kept = persona('83', 12) as Persona;
  const keptBefore: Record<string, unknown> = {};
  let mailsAtErasure = 0;
  let pushesAtErasure = 0;

  const ok = async (method: string, path: string, token: string, body?: unknown) => {
    const r = await srv.request(method, path, { token, body });
    expect(r.status, `${method} ${path}: ${r.text}`).to.be.within(200, 299);
    return r.body;
  };
  const start = (hour: number) =>
    DateTime.now().setZone(ZONE).plus({ days: 10 }).set({ hour, minute: 0, second: 0, millisecond: 0 }).toFormat("yyyy-LL-dd'T'HH:mm:ss");
  const caughtUp = async () => {
    const head = await srv.deps.store.head();
    expect(await srv.deps.projections.waitFor(head, 20_000), 'projections').to.equal(true);
    expect(await srv.reactors.waitFor(head, 20_000), 'reactors').to.equal(true);
  };

  /** Every row of every table of the public schema, as lower-case text, by table. */
  async function dumpTables(): Promise<Record<string, string>> {
    const tables: string[] = await srv.deps.knex('information_schema.tables').where({ table_schema: 'public', table_type: 'BASE TABLE' }).pluck('table_name');
    const out: Record<string, string> = {};
    for (const t of tables.sort()) {
      const { rows } = await srv.deps.knex.raw('select t::text as row from ?? t', [t]);
      out[t] = rows.map((r: { row: string }) => r.row).join('\n').toLowerCase();
    }
    return out;
  }
  const tablesHolding = (dump: Record<string, string>, value: string) => Object.keys(dump).filter((t) => dump[t].includes(value.toLowerCase()));

  async function dumpReadModels(): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    for (const t of [...new Set(allProjections(srv.config).flatMap((p) => p.tables))].sort()) {
      const { rows } = await srv.deps.knex.raw('select t::text as row from ?? t order by 1', [t]);
      out[t] = rows.map((r: { row: string }) => r.row);
    }
    return out;
  }

  /** The patient registers, then uses every area, with the psychologist on the other side. */
  async function useEveryArea(p: Persona) {
    const [v, c] = [p.identity, p.clinical];
    const reg = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody(
      { fechaNacimiento: v.fechaNacimiento, genero: v.genero, telefono: v.telefono,
        direccion: [{ calle: v.calle, ciudad: v.ciudad, provincia: v.provincia, codigoPostal: '28001', pais: 'España', descripcion: v.descripcion }] },
      { nombre: v.nombre, apellido: v.apellido, email: p.email, dni: v.dni, password: p.password },
    ) });
    expect(reg.status, reg.text).to.equal(200);
    Object.assign(p, { idPaciente: reg.body.idPaciente, idUsuario: reg.body.idUsuario, token: reg.body.token });
    await ok('POST', '/api/admin/psicologos/asignar-psicologo', admin, { idPaciente: p.idPaciente, idPsicologo: psi.idPsicologo });
    await ok('PUT', '/api/ajustes', p.token, { idioma: 'en', darkMode: true });
    await ok('POST', '/api/dispositivos', p.token, { token: v.dispositivo });
    await ok('POST', '/api/direcciones', p.token, { calle: v.calleNueva, ciudad: v.ciudad, provincia: v.provincia, codigoPostal: '08001', pais: 'España' });
    const cita = await ok('POST', '/api/citas', p.token, { idPsicologo: psi.idPsicologo, startDatetime: start(p.hour), durationMinutes: 50, motivo: c.motivo });
    p.idCita = cita.idCita;
    await ok('PUT', `/api/citas/${p.idCita}`, p.token, { motivo: c.motivoNuevo });
    await ok('PUT', `/api/psicologo/citas/${p.idCita}`, psi.token, { estado: 'CONFIRMADA' });
    const sesion = { idCita: p.idCita, sessionDate: start(p.hour), durationMinutes: 50 };
    await ok('POST', '/api/sesiones', p.token, { ...sesion, notas: c.notas, recomendaciones: c.recomendaciones });
    await ok('POST', '/api/psicologo/sesiones', psi.token, { ...sesion, idPaciente: p.idPaciente, notas: c.notasPsi });
    await ok('POST', '/api/historial-clinico', p.token, { titulo: c.titulo, diagnostico: c.diagnostico, tratamiento: c.tratamiento, observaciones: c.observaciones });
    await ok('POST', '/api/psicologo/historial-clinico', psi.token, { idPaciente: p.idPaciente, titulo: c.tituloPsi, diagnostico: c.diagnosticoPsi });
    await ok('POST', '/api/diario-emocional', p.token, { emocion: c.emocion, intensidad: 8, nota: c.nota });
    await ok('POST', '/api/progreso-emocional', p.token, { fecha: DateTime.now().setZone(ZONE).toISODate(), nivelEstres: 9, nivelAnsiedad: 8, nivelAnimo: 2 });
    await ok('POST', '/api/mensajes', p.token, { receiverId: psi.idUsuario, mensaje: c.mensajePaciente, idCita: p.idCita });
    await ok('POST', '/api/psicologo/mensajes', psi.token, { receiverId: p.idUsuario, mensaje: c.mensajePsicologo });
  }

  /** What the kept patient reads through the API, every area. */
  async function keptView(): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const path of ['/api/citas', '/api/sesiones', '/api/historial-clinico', '/api/diario-emocional', '/api/progreso-emocional',
      '/api/mensajes', '/api/direcciones', '/api/ajustes', `/api/pacientes/${kept.idPaciente}`]) out[path] = await ok('GET', path, kept.token);
    const { generadoEn: _, ...exp } = await ok('GET', `/api/pacientes/${kept.idPaciente}/exportacion`, kept.token);
    out.exportacion = exp;
    return out;
  }

  const pending = () => srv.deps.knex('outbox').whereIn('status', ['PENDING', 'SENDING']);
  /** The values the read models hold while the patient exists (only the erased one did the late steps). */
  const current = (p: Persona) => [
    ...Object.values(p.identity),
    ...Object.entries(p.clinical).filter(([k]) => k !== 'motivo' && (p === gone || !k.endsWith('Pendiente'))).map(([, v]) => v),
  ];

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    const body = psicologoBody();
    const p = await srv.request('POST', '/auth/register-psicologo', { token: admin, body });
    psi = { ...p.body, email: body.email.toLowerCase() };
    await ok('POST', '/api/dispositivos', psi.token, { token: 'psi-device-token-1' });
    await useEveryArea(gone);
    await useEveryArea(kept);
    await caughtUp();
    for (let i = 0; i < 200 && (await pending()).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(srv.smtp.mails.some((m) => m.to.includes(gone.email)), 'the welcome and appointment mails went out').to.equal(true);

    // Delivery falls behind: a new appointment and two messages leave mail and pushes waiting.
    await srv.outbox.stop();
    await ok('POST', '/api/citas', gone.token, { idPsicologo: psi.idPsicologo, startDatetime: start(15), durationMinutes: 50, motivo: gone.clinical.motivoPendiente });
    await ok('POST', '/api/psicologo/mensajes', psi.token, { receiverId: gone.idUsuario, mensaje: gone.clinical.mensajePendiente });
    await ok('POST', '/api/mensajes', gone.token, { receiverId: psi.idUsuario, mensaje: gone.clinical.mensajePendiente });
    await caughtUp();
    const waiting = JSON.stringify(await pending().select('payload'));
    for (const v of [gone.email, gone.identity.dispositivo, `${gone.identity.nombre} ${gone.identity.apellido}`]) expect(waiting).to.include(v);

    // The search can find every value before (the first motivo was replaced: only the log has it, sealed).
    const dump = await dumpTables();
    for (const v of current(gone)) expect(tablesHolding(dump, v), v).not.to.deep.equal([]);
    Object.assign(keptBefore, await keptView());
    [mailsAtErasure, pushesAtErasure] = [srv.smtp.mails.length, srv.push.sent.length];
    const r = await srv.request('DELETE', `/api/pacientes/${gone.idPaciente}`, { token: admin });
    expect(r.status, r.text).to.equal(204);
    await caughtUp();
  });
  after(async () => {
    await srv?.stop();
  });

  async function expectNoTrace() {
    const dump = await dumpTables();
    for (const [field, v] of Object.entries(gone.identity)) expect(tablesHolding(dump, v), `identity ${field} "${v}"`).to.deep.equal([]);
    // Clinical content: nowhere in plaintext either; the log holds it sealed (ciphertext) only.
    for (const [field, v] of Object.entries(gone.clinical)) expect(tablesHolding(dump, v), `clinical ${field} "${v}"`).to.deep.equal([]);
    for (const v of current(kept)) expect(tablesHolding(dump, v), `kept "${v}"`).not.to.deep.equal([]);
  }

  it('leaves none of the identity values and none of the clinical text in plaintext in any table', expectNoTrace);

  it('keeps the clinical content readable from the log for the retention period, identity fields erased', async () => {
    const r = await ok('GET', `/api/admin/auditoria/pacientes/${gone.idPaciente}/eventos`, admin);
    const historial = r.filter((e: { type: string }) => e.type === 'HistorialCreado').map((e: { data: { titulo: string } }) => e.data.titulo);
    expect(historial).to.deep.equal([gone.clinical.titulo, gone.clinical.tituloPsi]);
    const [registrado] = await srv.deps.store.readStream(`usuario-${gone.idUsuario}`);
    expect(registrado.data).to.include({ nombre: null, email: null, dni: null });
    const [cita] = await srv.deps.store.readStream(`cita-${gone.idCita}`);
    expect(cita.data.motivo).to.equal(gone.clinical.motivo);
  });

  it('the other patient reads every area exactly as before', async () => {
    expect(await keptView()).to.deep.equal(keptBefore);
  });

  it('the export (GET /api/pacientes/{id}/exportacion) carries every record of every area in structured form', async () => {
    const [v, c] = [kept.identity, kept.clinical];
    const e = await ok('GET', `/api/pacientes/${kept.idPaciente}/exportacion`, kept.token);
    expect(e.usuario).to.include({ nombre: v.nombre, apellido: v.apellido, email: kept.email, dni: v.dni });
    expect(e.paciente).to.include({ idPaciente: kept.idPaciente, telefono: v.telefono, genero: v.genero, fechaNacimiento: v.fechaNacimiento });
    expect(e.direcciones.map((d: { calle: string }) => d.calle)).to.deep.equal([v.calle, v.calleNueva]);
    expect(e.ajustes).to.deep.equal([await ok('GET', '/api/ajustes', kept.token)]);
    expect(e.dispositivos.map((d: { token: string }) => d.token)).to.deep.equal([v.dispositivo]);
    expect(e.citas).to.deep.equal(await ok('GET', '/api/citas', kept.token)).and.to.have.length(1);
    expect(e.citas[0]).to.include({ motivo: c.motivoNuevo, estado: 'CONFIRMADA' });
    expect(e.sesiones.map((x: { notas: string }) => x.notas)).to.deep.equal([c.notas, c.notasPsi]);
    expect(e.historialClinico.map((h: { titulo: string }) => h.titulo)).to.deep.equal([c.titulo, c.tituloPsi]);
    expect(e.diarioEmocional).to.deep.equal(await ok('GET', '/api/diario-emocional', kept.token));
    expect(e.diarioEmocional[0]).to.include({ emocion: c.emocion, nota: c.nota, intensidad: 8 });
    expect(e.progresoEmocional[0]).to.include({ nivelEstres: 9, nivelAnsiedad: 8, nivelAnimo: 2 });
    expect(e.mensajes.map((m: { mensaje: string }) => m.mensaje)).to.deep.equal([c.mensajePaciente, c.mensajePsicologo]);
    const types = new Set(e.eventos.map((x: { type: string }) => x.type));
    for (const t of ['UsuarioRegistrado', 'PacienteRegistrado', 'DireccionAnadida', 'CitaCreada', 'SesionRegistrada', 'HistorialCreado', 'MensajeEnviado']) {
      expect(types, t).to.include(t);
    }
    expect(JSON.stringify(e)).not.to.include(gone.email);
  });

  it('the API keeps answering; the psychologist\'s history shows "Paciente eliminado" without the clinical text', async () => {
    for (const path of ['/api/pacientes/admin', '/api/admin/citas', '/api/admin/sesiones', '/api/admin/historial-clinico', '/api/admin/diario-emocional',
      '/api/admin/progreso-emocional', '/api/admin/mensajes', '/api/admin/direcciones', '/api/admin/ajustes', '/api/admin/psicologos/pacientes']) {
      const body = await ok('GET', path, admin);
      expect(JSON.stringify(body), path).not.to.include(gone.identity.nombre);
    }
    const citas = await ok('GET', '/api/psicologo/citas', psi.token);
    const mine = citas.filter((x: { idPaciente: number }) => x.idPaciente === gone.idPaciente);
    expect(mine).to.have.length(2);
    for (const x of mine) expect(x).to.include({ nombrePaciente: 'Paciente eliminado', motivo: null });
    // Both lay ahead: the erasure cancelled them (decisions.md "Limits").
    expect(mine.map((x: { estado: string }) => x.estado)).to.deep.equal(['CANCELADA', 'CANCELADA']);
    const sesiones = (await ok('GET', '/api/psicologo/sesiones', psi.token)).filter((x: { idPaciente: number }) => x.idPaciente === gone.idPaciente);
    expect(sesiones.map((x: { notas: unknown; recomendaciones: unknown }) => [x.notas, x.recomendaciones])).to.deep.equal([[null, null], [null, null]]);
    const mensajes = (await ok('GET', '/api/psicologo/mensajes', psi.token)).filter((m: { senderId: number; receiverId: number }) =>
      m.senderId === gone.idUsuario || m.receiverId === gone.idUsuario);
    expect(mensajes.map((m: { mensaje: unknown }) => m.mensaje)).to.deep.equal([null, null, null, null]);
    expect(await ok('GET', `/api/psicologo/agenda?month=${start(9).slice(0, 7)}`, psi.token)).to.be.an('array');
    expectError(await srv.request('GET', `/api/psicologo/historial-clinico?idPaciente=${gone.idPaciente}`, { token: psi.token }), 404);
    expectError(await srv.request('GET', '/api/citas', { token: gone.token }), 401);
  });

  it('mail and pushes that were waiting go out without the erased person: none to them, none naming them', async () => {
    srv.outbox.start();
    for (let i = 0; i < 200 && (await pending()).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await pending()).to.deep.equal([]);
    const mails = srv.smtp.mails.slice(mailsAtErasure).map(readMail);
    const pushes = srv.push.sent.slice(pushesAtErasure);
    // The psychologist's notices still go (the appointment exists), naming nobody; then the two
    // cancellations the erasure made, as for any cancellation.
    expect(mails.map((m) => m.to)).to.deep.equal([[psi.email], [psi.email], [psi.email]]);
    expect(mails[0].text).to.include('Paciente eliminado ha reservado una cita');
    for (const m of mails.slice(1)) expect(m.text).to.include('Su cita con su paciente dado/a de baja');
    expect(pushes.map((p) => p.token)).to.deep.equal(Array(4).fill('psi-device-token-1'));
    expect(pushes.map((p) => p.body)).to.include('Paciente eliminado le ha enviado un mensaje');
    const sent = JSON.stringify([mails, pushes]).toLowerCase();
    for (const v of Object.values(gone.identity)) expect(sent).not.to.include(v.toLowerCase());
  });

  it('a rebuild of the read models gives the same read models, still without the erased data', async () => {
    // The asynchronous read models (analysts', FHIR) are compared once they reached the head too.
    expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 30_000)).to.equal(true);
    const before = await dumpReadModels();
    await rebuildProjections(srv.config);
    expect(await dumpReadModels()).to.deep.equal(before);
    await expectNoTrace();
  });
});
