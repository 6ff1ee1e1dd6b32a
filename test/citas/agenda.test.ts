import { expect } from 'chai';
import { DateTime } from 'luxon';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from '../http/helpers.ts';
import { resetProjections } from '../../src/projections/runner.ts';
import { citasProjection } from '../../src/projections/citas.ts';
import { agendaProjection } from '../../src/projections/agenda.ts';
import { asignar, at, book, lastSunday, newPaciente, newPsicologo, Y, ZONE, type Paciente, type Psicologo } from './support.ts';

const ENTRY = ['fecha', 'horaInicio', 'horaFin', 'tipo', 'detalle', 'referenciaId'];
const month = (m: number) => `${Y}-${String(m).padStart(2, '0')}`;

describe('agenda: blocked time and monthly agendas', () => {
  let srv: TestServer;
  let admin: string;
  let ana: Paciente;
  let luis: Paciente;
  let eva: Paciente;
  let mio: Psicologo;
  let otro: Psicologo;
  const req = (method: string, path: string, token?: string, body?: unknown) => srv.request(method, path, { token, body });
  const bloquear = (p: Psicologo, body: Record<string, unknown>) => req('POST', '/api/psicologo/bloqueos', p.token, body);
  const tryBook = (p: Paciente, idPsicologo: number, startDatetime: string, durationMinutes = 50) =>
    req('POST', '/api/citas', p.token, { idPsicologo, startDatetime, durationMinutes });
  const agendaDe = (p: Paciente, m: string, token = p.token) => req('GET', `/api/citas/paciente/${p.idPaciente}/agenda?month=${m}`, token);
  const agendaPsi = (p: Psicologo, m: string) => req('GET', `/api/psicologo/agenda?month=${m}`, p.token);

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    [ana, luis, eva] = [await newPaciente(srv, 'Ana'), await newPaciente(srv, 'Luis'), await newPaciente(srv, 'Eva')];
    [mio, otro] = [await newPsicologo(srv, admin), await newPsicologo(srv, admin, 'Pablo', 'Sanz')];
    await asignar(srv, admin, ana.idPaciente, mio.idPsicologo);
    await asignar(srv, admin, luis.idPaciente, mio.idPsicologo);
    await asignar(srv, admin, eva.idPaciente, otro.idPsicologo);
  });
  after(async () => { await srv?.stop(); });

  describe('POST /api/psicologo/bloqueos', () => {
    it('creates a block between two hours, and a whole-day block shown 00:00–23:59 (201 with the record)', async () => {
      const r = await bloquear(mio, { fecha: `${Y}-05-05`, horaInicio: '09:00', horaFin: '11:00', motivo: 'Formación' });
      expect(r.status, r.text).to.equal(201);
      expect(r.body).to.have.all.keys('idBloqueo', 'fecha', 'horaInicio', 'horaFin', 'motivo');
      expect(r.body).to.include({ fecha: `${Y}-05-05`, horaInicio: '09:00', horaFin: '11:00', motivo: 'Formación' });
      const d = await bloquear(mio, { fecha: `${Y}-05-06`, motivo: 'Vacaciones' });
      expect(d.status, d.text).to.equal(201);
      expect(d.body).to.include({ fecha: `${Y}-05-06`, horaInicio: '00:00', horaFin: '23:59', motivo: 'Vacaciones' });
      expect(d.body.idBloqueo).to.be.greaterThan(r.body.idBloqueo);
    });

    it('rejects bad hours, dates and bodies with 400', async () => {
      const ok = { fecha: `${Y}-05-07`, horaInicio: '09:00', horaFin: '10:00', motivo: 'Reunión' };
      const bad: unknown[] = [
        { ...ok, horaFin: '09:00' }, { ...ok, horaFin: '08:00' }, { ...ok, horaFin: undefined }, { ...ok, horaInicio: null },
        { ...ok, horaInicio: '24:00' }, { ...ok, horaInicio: '9:00' }, { ...ok, horaFin: '10:60' }, { ...ok, motivo: undefined },
        { ...ok, motivo: ' ' }, { ...ok, fecha: `${Y}-02-30` }, { ...ok, fecha: `${Y}-5-7` }, { ...ok, idPsicologo: otro.idPsicologo },
        { ...ok, fecha: `${Y - 2}-05-07` }, { ...ok, fecha: DateTime.now().setZone(ZONE).minus({ days: 1 }).toFormat('yyyy-LL-dd') },
      ];
      for (const body of bad) expectError(await bloquear(mio, body as Record<string, unknown>), 400);
    });

    it('blocks bookings that overlap it; touching ends and other agendas are free', async () => {
      for (const [start, minutes] of [['09:30', 15], ['08:30', 60], ['10:59', 30], ['08:00', 240]] as const) {
        expectError(await tryBook(ana, mio.idPsicologo, at('05-05', start), minutes), 409);
      }
      expectError(await tryBook(ana, mio.idPsicologo, at('05-06', '15:00')), 409);
      expectError(await tryBook(ana, mio.idPsicologo, at('05-05', '23:30'), 60), 409); // runs into the whole-day block
      await book(srv, ana, mio.idPsicologo, at('05-05', '11:00'));
      await book(srv, ana, mio.idPsicologo, at('05-05', '08:00'), 60);
      await book(srv, eva, otro.idPsicologo, at('05-05', '09:30'));
      await book(srv, luis, mio.idPsicologo, at('05-07', '00:00'));
    });

    it('answers 409 for a block over a live appointment, not over a cancelled one', async () => {
      const c = await book(srv, luis, mio.idPsicologo, at('05-12', '10:00'), 60);
      expectError(await bloquear(mio, { fecha: `${Y}-05-12`, horaInicio: '10:30', horaFin: '12:00', motivo: 'Supervisión' }), 409);
      expectError(await bloquear(mio, { fecha: `${Y}-05-12`, motivo: 'Día libre' }), 409);
      expect((await bloquear(otro, { fecha: `${Y}-05-12`, motivo: 'Día libre' })).status).to.equal(201);
      expect((await req('DELETE', `/api/citas/${c.idCita}`, luis.token)).status).to.equal(204);
      expect((await bloquear(mio, { fecha: `${Y}-05-12`, horaInicio: '10:30', horaFin: '12:00', motivo: 'Supervisión' })).status).to.equal(201);
    });
  });

  describe('GET and DELETE /api/psicologo/bloqueos', () => {
    it('lists the caller\'s blocks of a month in date order', async () => {
      await bloquear(mio, { fecha: `${Y}-05-03`, horaInicio: '16:00', horaFin: '17:00', motivo: 'Congreso' });
      await bloquear(mio, { fecha: `${Y}-06-01`, motivo: 'Puente' });
      const r = await req('GET', `/api/psicologo/bloqueos?month=${month(5)}`, mio.token);
      expect(r.status).to.equal(200);
      expect(r.body.map((b: any) => `${b.fecha} ${b.horaInicio} ${b.motivo}`)).to.deep.equal([
        `${Y}-05-03 16:00 Congreso`, `${Y}-05-05 09:00 Formación`, `${Y}-05-06 00:00 Vacaciones`, `${Y}-05-12 10:30 Supervisión`,
      ]);
      expect((await req('GET', `/api/psicologo/bloqueos?month=${month(6)}`, mio.token)).body.map((b: any) => b.motivo)).to.deep.equal(['Puente']);
      expect((await req('GET', `/api/psicologo/bloqueos?month=${month(5)}`, otro.token)).body.map((b: any) => b.motivo)).to.deep.equal(['Día libre']);
    });

    it('answers 400 for a bad month', async () => {
      for (const m of [`${Y}-13`, `${Y}-00`, `${Y}-5`, 'mayo', `${Y}-05-01`, '']) {
        expectError(await req('GET', `/api/psicologo/bloqueos?month=${m}`, mio.token), 400);
        expectError(await agendaPsi(mio, m), 400);
        expectError(await agendaDe(ana, m), 400);
      }
      expectError(await req('GET', `/api/psicologo/agenda?month=${month(5)}&extra=1`, mio.token), 400);
    });

    it('deletes one of the caller\'s blocks (204), freeing its time; another\'s or a missing one is 404', async () => {
      const b = await bloquear(mio, { fecha: `${Y}-05-20`, horaInicio: '10:00', horaFin: '11:00', motivo: 'Médico' });
      expectError(await tryBook(ana, mio.idPsicologo, at('05-20', '10:00')), 409);
      expectError(await req('DELETE', `/api/psicologo/bloqueos/${b.body.idBloqueo}`, otro.token), 404);
      const r = await req('DELETE', `/api/psicologo/bloqueos/${b.body.idBloqueo}`, mio.token);
      expect(r.status, r.text).to.equal(204);
      expectError(await req('DELETE', `/api/psicologo/bloqueos/${b.body.idBloqueo}`, mio.token), 404);
      expectError(await req('DELETE', '/api/psicologo/bloqueos/999999', mio.token), 404);
      const list = (await req('GET', `/api/psicologo/bloqueos?month=${month(5)}`, mio.token)).body;
      expect(list.map((x: any) => x.idBloqueo)).not.to.include(b.body.idBloqueo);
      await book(srv, ana, mio.idPsicologo, at('05-20', '10:00'));
    });

    it('is for psychologists only', async () => {
      expectError(await req('GET', `/api/psicologo/bloqueos?month=${month(5)}`), 401);
      expectError(await req('POST', '/api/psicologo/bloqueos', undefined, { fecha: `${Y}-05-21`, motivo: 'x' }), 401);
      for (const token of [ana.token, admin]) {
        expectError(await req('GET', `/api/psicologo/bloqueos?month=${month(5)}`, token), 403);
        expectError(await req('POST', '/api/psicologo/bloqueos', token, { fecha: `${Y}-05-21`, motivo: 'x' }), 403);
        expectError(await req('DELETE', '/api/psicologo/bloqueos/1', token), 403);
        expectError(await req('GET', `/api/psicologo/agenda?month=${month(5)}`, token), 403);
      }
    });
  });

  describe('monthly agendas', () => {
    it('gives a patient their appointments and their psychologist\'s blocks as "No disponible", by fecha and hora', async () => {
      const r = await agendaDe(ana, month(5));
      expect(r.status, r.text).to.equal(200);
      for (const e of r.body) expect(e).to.have.all.keys(...ENTRY);
      const citas = (await req('GET', '/api/citas', ana.token)).body.filter((c: any) => c.startDatetime.startsWith(month(5)));
      expect(r.body.filter((e: any) => e.tipo === 'cita').map((e: any) => e.referenciaId).sort()).to.deep.equal(citas.map((c: any) => c.idCita).sort());
      expect(r.body.filter((e: any) => e.tipo === 'bloqueo').every((e: any) => e.detalle === 'No disponible')).to.equal(true);
      expect(r.text).not.to.match(/Formación|Vacaciones|Congreso|Supervisión/);
      expect(r.body.map((e: any) => `${e.fecha} ${e.horaInicio} ${e.horaFin} ${e.tipo} ${e.detalle}`)).to.deep.equal([
        `${Y}-05-03 16:00 17:00 bloqueo No disponible`,
        `${Y}-05-05 08:00 09:00 cita PENDIENTE`,
        `${Y}-05-05 09:00 11:00 bloqueo No disponible`,
        `${Y}-05-05 11:00 11:50 cita PENDIENTE`,
        `${Y}-05-06 00:00 23:59 bloqueo No disponible`,
        `${Y}-05-12 10:30 12:00 bloqueo No disponible`,
        `${Y}-05-20 10:00 10:50 cita PENDIENTE`,
      ]);
    });

    it('shows cancelled appointments with their estado; never another patient\'s appointments', async () => {
      const r = (await agendaDe(luis, month(5))).body;
      expect(r.filter((e: any) => e.tipo === 'cita').map((e: any) => `${e.fecha} ${e.detalle}`)).to.deep.equal([
        `${Y}-05-07 PENDIENTE`, `${Y}-05-12 CANCELADA`,
      ]);
      expect(r.filter((e: any) => e.tipo === 'bloqueo')).to.have.length(4);
      const evas = (await agendaDe(eva, month(5))).body;
      expect(evas.map((e: any) => `${e.fecha} ${e.tipo}`)).to.deep.equal([`${Y}-05-05 cita`, `${Y}-05-12 bloqueo`]);
    });

    it('lets a patient see only their own agenda (another id is 404); ADMIN sees any; PSICOLOGO uses their own path', async () => {
      expectError(await agendaDe(luis, month(5), ana.token), 404);
      expectError(await req('GET', `/api/citas/paciente/999999/agenda?month=${month(5)}`, ana.token), 404);
      expect((await agendaDe(ana, month(5), admin)).body).to.deep.equal((await agendaDe(ana, month(5))).body);
      expectError(await req('GET', `/api/citas/paciente/999999/agenda?month=${month(5)}`, admin), 404);
      expectError(await agendaDe(ana, month(5), mio.token), 403);
      expectError(await agendaDe(ana, month(5), ''), 401);
    });

    it('gives the psychologist every appointment of their practice and their blocks with the motivo', async () => {
      const r = await agendaPsi(mio, month(5));
      expect(r.status).to.equal(200);
      expect(r.body.filter((e: any) => e.tipo === 'bloqueo').map((e: any) => e.detalle)).to.deep.equal(['Congreso', 'Formación', 'Vacaciones', 'Supervisión']);
      const citas = r.body.filter((e: any) => e.tipo === 'cita');
      expect(citas.map((e: any) => `${e.fecha} ${e.horaInicio} ${e.detalle}`)).to.deep.equal([
        `${Y}-05-05 08:00 PENDIENTE`, `${Y}-05-05 11:00 PENDIENTE`, `${Y}-05-07 00:00 PENDIENTE`, `${Y}-05-12 10:00 CANCELADA`, `${Y}-05-20 10:00 PENDIENTE`,
      ]);
      const other = (await agendaPsi(otro, month(5))).body;
      expect(other.map((e: any) => `${e.fecha} ${e.tipo} ${e.detalle}`)).to.deep.equal([`${Y}-05-05 cita PENDIENTE`, `${Y}-05-12 bloqueo Día libre`]);
    });

    it('puts an appointment in the month of its local start date, with its end past midnight as the next day\'s hour', async () => {
      const late = await book(srv, ana, mio.idPsicologo, at('01-31', '23:30'), 90);
      const next = await book(srv, ana, mio.idPsicologo, at('02-01', '01:00'), 30);
      expectError(await tryBook(luis, mio.idPsicologo, at('02-01', '00:30'), 15), 409);
      const jan = (await agendaDe(ana, month(1))).body;
      expect(jan).to.deep.equal([{ fecha: `${Y}-01-31`, horaInicio: '23:30', horaFin: '01:00', tipo: 'cita', detalle: 'PENDIENTE', referenciaId: late.idCita }]);
      const feb = (await agendaPsi(mio, month(2))).body;
      expect(feb).to.deep.equal([{ fecha: `${Y}-02-01`, horaInicio: '01:00', horaFin: '01:30', tipo: 'cita', detalle: 'PENDIENTE', referenciaId: next.idCita }]);
      await bloquear(mio, { fecha: `${Y}-04-30`, motivo: 'Fin de mes' });
      expect((await agendaPsi(mio, month(4))).body.map((e: any) => e.detalle)).to.deep.equal(['Fin de mes']);
      expect((await agendaPsi(mio, month(5))).body.map((e: any) => e.detalle)).not.to.include('Fin de mes');
    });

    it('shows the wall-clock hours on the day summer time starts, and judges overlaps in real time', async () => {
      const day = lastSunday(3);
      const mmdd = day.slice(5);
      const c = await book(srv, ana, mio.idPsicologo, at(mmdd, '01:30'), 60); // 01:30 + 60 real minutes = 03:30 CEST
      expectError(await tryBook(luis, mio.idPsicologo, at(mmdd, '02:30')), 400); // never shown by the clock
      expectError(await tryBook(luis, mio.idPsicologo, at(mmdd, '03:00'), 15), 409); // 03:00 CEST is 01:00 UTC, inside
      const after = await book(srv, luis, mio.idPsicologo, at(mmdd, '03:30'), 30);
      expectError(await bloquear(mio, { fecha: day, horaInicio: '02:15', horaFin: '02:45', motivo: 'x' }), 400);
      const entries = (await agendaPsi(mio, month(3))).body;
      expect(entries.map((e: any) => [e.fecha, e.horaInicio, e.horaFin, e.referenciaId])).to.deep.equal([
        [day, '01:30', '03:30', c.idCita], [day, '03:30', '04:00', after.idCita],
      ]);
    });

    it('shows the wall-clock hours on the day summer time ends, and a whole-day block covers its 25 hours', async () => {
      const day = lastSunday(10);
      const mmdd = day.slice(5);
      const c = await book(srv, eva, otro.idPsicologo, at(mmdd, '01:30'), 120); // 01:30 CEST + 2 h = 02:30 CET
      expect((await agendaDe(eva, month(10))).body).to.deep.equal([
        { fecha: day, horaInicio: '01:30', horaFin: '02:30', tipo: 'cita', detalle: 'PENDIENTE', referenciaId: c.idCita },
      ]);
      expect((await bloquear(mio, { fecha: day, motivo: 'Cambio de hora' })).status).to.equal(201);
      expectError(await tryBook(ana, mio.idPsicologo, at(mmdd, '23:30'), 30), 409);
      const nextDay = DateTime.fromISO(day).plus({ days: 1 });
      await book(srv, ana, mio.idPsicologo, at(nextDay.toFormat('LL-dd'), '00:00'), 30);
      // The next day may be 1 November: then it belongs to November's agenda.
      const expected = [`${day} 00:00-23:59 bloqueo`];
      if (nextDay.month === 10) expected.push(`${nextDay.toFormat('yyyy-LL-dd')} 00:00-00:30 cita`);
      expect((await agendaDe(ana, month(10))).body.map((e: any) => `${e.fecha} ${e.horaInicio}-${e.horaFin} ${e.tipo}`)).to.deep.equal(expected);
    });

    it('answers the same after the read models are rebuilt from the log', async () => {
      const snapshot = async () => ({
        citas: (await req('GET', '/api/admin/citas', admin)).body,
        months: await Promise.all([1, 2, 3, 5, 10].map(async (m) => [(await agendaPsi(mio, month(m))).body, (await agendaDe(ana, month(m))).body])),
        bloqueos: (await req('GET', `/api/psicologo/bloqueos?month=${month(5)}`, mio.token)).body,
      });
      const before = await snapshot();
      expect(before.citas.length).to.be.at.least(10);
      await resetProjections(srv.db.knex, [citasProjection, agendaProjection]);
      // No check that the table is empty here: the live engine refills it within milliseconds.
      expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 30_000)).to.equal(true);
      expect(await snapshot()).to.deep.equal(before);
    });

    it('defaults to the current month of the practice\'s zone without ?month', async () => {
      const r = await req('GET', '/api/psicologo/agenda', mio.token);
      expect(r.status).to.equal(200);
      const m = DateTime.now().setZone(ZONE).toFormat('yyyy-LL');
      for (const e of r.body) expect(e.fecha.startsWith(m)).to.equal(true);
    });
  });
});
