import { expect } from 'chai';
import { DateTime } from 'luxon';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from '../http/helpers.ts';
import { horarioDecider } from '../../src/commands/horario.ts';
import type { CommandContext } from '../../src/commands/decider.ts';
import { book, newPaciente, newPsicologo, Y, ZONE, type Paciente, type Psicologo } from './support.ts';

const ctx: CommandContext = {
  now: new Date(), timezone: ZONE, bookingHorizonDays: 730, actor: { idUsuario: 1, rol: 'PSICOLOGO' }, correlationId: 'c', causationId: null,
};
const definir = (dias: unknown, desde = `${Y}-01-01`, hasta: string | null = null) =>
  () => horarioDecider.decide({ type: 'DefinirHorario', data: { idPsicologo: 1, desde, hasta, dias } as never }, { status: 'sin-horario' }, ctx);
/** `YYYY-MM-DD` of the first Monday of a month of next year. */
const lunes = (month: number) => {
  const d = DateTime.fromObject({ year: Y, month, day: 1 }, { zone: ZONE });
  return d.plus({ days: (8 - d.weekday) % 7 }).toFormat('yyyy-LL-dd');
};
const plus = (fecha: string, days: number) => DateTime.fromISO(fecha).plus({ days }).toFormat('yyyy-LL-dd');

/** Monday to Friday 09:00–14:00 and 16:00–20:00, from 1 February of next year. */
const PLANTILLA = {
  desde: `${Y}-02-01`,
  dias: [1, 2, 3, 4, 5].map((dia) => ({ dia, intervalos: [{ horaInicio: '16:00', horaFin: '20:00' }, { horaInicio: '09:00', horaFin: '14:00' }] })),
};

describe('working hours (horario laboral)', () => {
  describe('decider', () => {
    it('refuses overlapping, inverted, too many intervals, a repeated weekday and hasta before desde', () => {
      const i = (horaInicio: string, horaFin: string) => ({ horaInicio, horaFin });
      expect(definir([{ dia: 1, intervalos: [i('09:00', '12:00'), i('11:00', '13:00')] }])).to.throw(/overlap/);
      expect(definir([{ dia: 1, intervalos: [i('12:00', '12:00')] }])).to.throw(/after horaInicio/);
      expect(definir([{ dia: 1, intervalos: Array.from({ length: 7 }, (_, n) => i(`0${n}:00`, `0${n}:30`)) }])).to.throw(/At most/);
      expect(definir([{ dia: 1, intervalos: [] }, { dia: 1, intervalos: [] }])).to.throw(/only once/);
      expect(definir([{ dia: 8, intervalos: [] }])).to.throw(/between 1/);
      expect(definir([], `${Y}-02-01`, `${Y}-01-01`)).to.throw(/cannot be before/);
    });

    it('accepts touching intervals and 24:00, and stores them sorted', () => {
      const [e] = definir([{ dia: 7, intervalos: [{ horaInicio: '12:00', horaFin: '24:00' }, { horaInicio: '00:00', horaFin: '12:00' }] }])();
      expect(e.data.dias[0].intervalos.map((x) => x.horaInicio)).to.deep.equal(['00:00', '12:00']);
    });
  });

  describe('HTTP', () => {
    let srv: TestServer;
    let ana: Paciente;
    let luis: Paciente;
    let mio: Psicologo;
    let libre: Psicologo;
    const req = (method: string, path: string, token?: string, body?: unknown, headers?: Record<string, string>) => srv.request(method, path, { token, body, headers });
    const reservar = (p: Paciente, idPsicologo: number, startDatetime: string, durationMinutes = 50, headers?: Record<string, string>) =>
      req('POST', '/api/citas', p.token, { idPsicologo, startDatetime, durationMinutes }, headers);

    before(async () => {
      srv = await startTestServer();
      const admin = await srv.adminToken();
      [ana, luis] = [await newPaciente(srv, 'Ana', 'Pérez'), await newPaciente(srv, 'Luis', 'Martín')];
      [mio, libre] = [await newPsicologo(srv, admin, 'Laura', 'Gómez'), await newPsicologo(srv, admin, 'Pablo', 'Sanz')];
    });
    after(async () => { await srv?.stop(); });

    it('404 before a template; PUT answers 200 with it sorted; GET own and GET by any signed-in user show it', async () => {
      expectError(await req('GET', '/api/psicologo/horario', mio.token), 404);
      const r = await req('PUT', '/api/psicologo/horario', mio.token, PLANTILLA);
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.deep.equal({
        idPsicologo: mio.idPsicologo, desde: PLANTILLA.desde, hasta: null,
        dias: PLANTILLA.dias.map((d) => ({ dia: d.dia, intervalos: [...d.intervalos].reverse() })),
      });
      expect((await req('GET', '/api/psicologo/horario', mio.token)).body).to.deep.equal(r.body);
      expect((await req('GET', `/api/psicologos/${mio.idPsicologo}/horario`, ana.token)).body).to.deep.equal(r.body);
      expectError(await req('GET', `/api/psicologos/${libre.idPsicologo}/horario`, ana.token), 404);
    });

    it('400 for malformed or inconsistent templates; 403 for a patient', async () => {
      const bad = (dias: unknown) => req('PUT', '/api/psicologo/horario', mio.token, { desde: `${Y}-02-01`, dias });
      expectError(await bad([{ dia: 1, intervalos: [{ horaInicio: '09:00', horaFin: '25:00' }] }]), 400);
      expectError(await bad([{ dia: 1, intervalos: [{ horaInicio: '09:00', horaFin: '12:00' }, { horaInicio: '11:59', horaFin: '13:00' }] }]), 400);
      expectError(await bad([{ dia: 0, intervalos: [] }]), 400);
      expectError(await req('PUT', '/api/psicologo/horario', ana.token, PLANTILLA), 403);
    });

    it('with a template, a booking outside working hours is 409 (es/en); inside it is 201', async () => {
      const lun = lunes(3);
      await book(srv, ana, mio.idPsicologo, `${lun}T09:00:00`);
      await book(srv, ana, mio.idPsicologo, `${lun}T19:10:00`);
      expectError(await reservar(luis, mio.idPsicologo, `${lun}T13:30:00`), 409, /fuera del horario laboral/);
      expectError(await reservar(luis, mio.idPsicologo, `${lun}T08:30:00`), 409);
      expectError(await reservar(luis, mio.idPsicologo, `${plus(lun, 5)}T10:00:00`), 409); // Saturday
      expectError(await reservar(luis, mio.idPsicologo, `${lunes(1)}T10:00:00`), 409); // before desde
      expectError(await reservar(luis, mio.idPsicologo, `${lun}T14:00:00`, 50, { 'Accept-Language': 'en' }), 409, /outside the psychologist's working hours/);
    });

    it('a move to a time outside working hours is 409; inside it is 200', async () => {
      const mar = plus(lunes(4), 1);
      const cita = await book(srv, luis, mio.idPsicologo, `${mar}T10:00:00`);
      expectError(await req('PUT', `/api/citas/${cita.idCita}`, luis.token, { startDatetime: `${mar}T15:00:00` }), 409, /fuera del horario/);
      const ok = await req('PUT', `/api/citas/${cita.idCita}`, luis.token, { startDatetime: `${mar}T16:00:00` });
      expect(ok.status, ok.text).to.equal(200);
      expect(ok.body.startDatetime).to.equal(`${mar}T16:00:00`);
    });

    it('without a template any free time is bookable, as before', async () => {
      await book(srv, ana, libre.idPsicologo, `${plus(lunes(5), 5)}T03:00:00`);
    });

    it('a new template replaces the old one: hasta limits the dates it applies on', async () => {
      const lun = lunes(6);
      const r = await req('PUT', '/api/psicologo/horario', mio.token, { ...PLANTILLA, hasta: lun });
      expect(r.status, r.text).to.equal(200);
      expect(r.body.hasta).to.equal(lun);
      await book(srv, luis, mio.idPsicologo, `${lun}T11:00:00`);
      expectError(await reservar(luis, mio.idPsicologo, `${plus(lun, 7)}T11:00:00`), 409);
    });
  });
});
