import { expect } from 'chai';
import { DateTime } from 'luxon';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError, pacienteBody, uniqueEmail } from '../http/helpers.ts';
import { practice, type Paciente, type Psicologo } from '../clinico/support.ts';

// Bad input as a careless client or an attacker sends it: each is a clear 400 in the spec's body,
// nothing is stored, and the next ordinary request works.
describe('hostile input at the door', () => {
  let srv: TestServer;
  let admin: string;
  let paciente: Paciente;
  let psicologo: Psicologo;
  const today = () => DateTime.now().setZone('Europe/Madrid');
  const day = (d: DateTime) => d.toFormat('yyyy-MM-dd');

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    ({ paciente, psicologo } = await practice(srv, admin));
  });
  after(() => srv?.stop());

  const count = async (table: string) => Number((await srv.deps.knex(table).count('* as n'))[0].n);

  describe('dates', () => {
    it('refuses dates outside 1900-01-01..2100-12-31 naming the field, the format and the range', async () => {
      for (const fechaNacimiento of ['0000-01-01', '1899-12-31', '2101-01-01', '9999-12-31', '1990-02-30']) {
        const r = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody({ fechaNacimiento }) });
        expectError(r, 400, /fechaNacimiento.*AAAA-MM-DD.*1900-01-01.*2100-12-31/);
      }
      const en = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody({ fechaNacimiento: '0000-01-01' }), headers: { 'Accept-Language': 'en' } });
      expectError(en, 400, /fechaNacimiento.*YYYY-MM-DD.*1900-01-01.*2100-12-31/);
    });

    it('refuses a birth date in the future and a progress fecha out of range', async () => {
      const future = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody({ fechaNacimiento: day(today().plus({ days: 2 })) }) });
      expectError(future, 400, /fechaNacimiento.*futura/);
      const before = await count('progreso_emocional');
      for (const fecha of ['0000-01-01', '1899-12-31', day(today().plus({ days: 2 }))]) {
        const r = await srv.request('POST', '/api/progreso-emocional', { token: paciente.token, body: { fecha, nivelEstres: 3, nivelAnsiedad: 3, nivelAnimo: 5 } });
        expectError(r, 400);
      }
      expect(await count('progreso_emocional')).to.equal(before);
    });

    it('refuses a weekly summary or an agenda month over year 0000 with 400, not 500', async () => {
      const r = await srv.request('GET', '/api/progreso-emocional/resumen?desde=0000-01-01&hasta=2026-01-01', { token: paciente.token });
      expectError(r, 400, /desde.*1900-01-01/);
      const agenda = await srv.request('GET', '/api/psicologo/agenda?month=0000-01', { token: psicologo.token });
      expectError(agenda, 400, /month.*AAAA-MM.*1900-01.*2100-12/);
    });

    it('refuses appointments in year 9999 or past BOOKING_HORIZON_DAYS, and books inside it', async () => {
      const cita = (startDatetime: string) =>
        srv.request('POST', '/api/citas', { token: paciente.token, body: { idPsicologo: psicologo.idPsicologo, startDatetime, durationMinutes: 50, motivo: 'x' } });
      expectError(await cita('9999-01-01T10:00:00'), 400, /startDatetime.*AAAA-MM-DDTHH:mm:ss.*2100-12-31/);
      const beyond = today().plus({ days: srv.config.limits.bookingHorizonDays + 2 }).set({ hour: 10, minute: 0, second: 0 });
      expectError(await cita(beyond.toFormat("yyyy-MM-dd'T'HH:mm:ss")), 400, /startDatetime.*730 días/);
      const block = await srv.request('POST', '/api/psicologo/bloqueos', { token: psicologo.token, body: { fecha: day(beyond), motivo: 'Congreso' } });
      expectError(block, 400, /fecha.*730 días/);
      const inside = today().plus({ days: 700 }).set({ hour: 10, minute: 0, second: 0 });
      expect((await cita(inside.toFormat("yyyy-MM-dd'T'HH:mm:ss"))).status).to.equal(201);
    });
  });

  describe('text', () => {
    it('refuses a lone surrogate at registration: nothing stored, the e-mail still free', async () => {
      const email = uniqueEmail('surrogate');
      const r = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody({}, { email, nombre: 'Ana\ud800' }) });
      expectError(r, 400, /usuario\.nombre.*Unicode/);
      const again = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody({}, { email }) });
      expect(again.status, again.text).to.equal(200);
    });

    it('refuses lone surrogates on blocked time, profiles and the situations catalogue (400, not 500)', async () => {
      const fecha = day(today().plus({ days: 10 }));
      expectError(await srv.request('POST', '/api/psicologo/bloqueos', { token: psicologo.token, body: { fecha, motivo: '\udc00' } }), 400);
      expectError(await srv.request('PUT', `/api/psicologo/${psicologo.idPsicologo}`, { token: psicologo.token, body: { descripcion: 'x\ud83d' } }), 400);
      expectError(await srv.request('POST', '/api/admin/situaciones', { token: admin, body: { nombre: 'S\ud800', categoria: 'Emocional', descripcion: 'd' } }), 400);
      expect((await srv.request('GET', '/api/situaciones')).body.some((s: { nombre: string }) => s.nombre.startsWith('S'))).to.equal(false);
    });

    it('refuses NUL in a body, a query and a path parameter', async () => {
      expectError(await srv.request('POST', '/api/diario-emocional', { token: paciente.token, body: { emocion: 'calma\u0000', intensidad: 3 } }), 400, /NUL/);
      expectError(await srv.request('GET', '/api/psicologo/agenda?month=2026-01%00', { token: psicologo.token }), 400, /NUL/);
      expectError(await srv.request('GET', '/files/abc%00.png', { token: admin }), 400, /NUL/);
      // Raw JSON text with the escape, as a hand-written client would send it.
      const raw = '{"emocion":"calma\\ud800","intensidad":3}';
      expectError(await srv.request('POST', '/api/diario-emocional', { token: paciente.token, raw, headers: { 'Content-Type': 'application/json' } }), 400, /Unicode/);
    });

    it('caps free text: mensaje 2,000 and nota 5,000 characters, the message names the limit', async () => {
      const long = await srv.request('POST', '/api/mensajes', { token: paciente.token, body: { receiverId: psicologo.idUsuario, mensaje: 'a'.repeat(2001) } });
      expectError(long, 400, /mensaje.*2000/);
      expect((await srv.request('POST', '/api/mensajes', { token: paciente.token, body: { receiverId: psicologo.idUsuario, mensaje: 'a'.repeat(2000) } })).status).to.equal(201);
      expectError(await srv.request('POST', '/api/diario-emocional', { token: paciente.token, body: { emocion: 'calma', intensidad: 3, nota: 'n'.repeat(5001) } }), 400, /nota.*5000/);
      expect((await srv.request('POST', '/api/diario-emocional', { token: paciente.token, body: { emocion: 'calma', intensidad: 3, nota: 'n'.repeat(5000) } })).status).to.equal(201);
    });
  });

  describe('nesting', () => {
    it('refuses a body nested 10,000 or 33 levels deep with 400, and serves the next request', async () => {
      for (const depth of [10_000, 33]) {
        const raw = `{"emocion":"calma","intensidad":3,"x":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
        const r = await srv.request('POST', '/api/diario-emocional', { token: paciente.token, raw, headers: { 'Content-Type': 'application/json' } });
        expectError(r, 400, /32/);
      }
      const deepQuery = await srv.request('POST', '/auth/login', { raw: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, headers: { 'Content-Type': 'application/json' } });
      expectError(deepQuery, 400);
      expect((await srv.request('GET', '/api/diario-emocional', { token: paciente.token })).status).to.equal(200);
    });
  });
});
