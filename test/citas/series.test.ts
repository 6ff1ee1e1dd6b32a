import { expect } from 'chai';
import { DateTime } from 'luxon';
import { startTestServer, type TestServer } from '../support/server.ts';
import { logEvents } from '../support/log.ts';
import { expectError, expectSession, pacienteBody } from '../http/helpers.ts';
import { mailsTo, settle, waitMailsTo } from '../notifications/support.ts';
import { asignar, at, book, lastSunday, newPaciente, newPsicologo, ZONE, type Paciente, type Psicologo } from './support.ts';

const dia = (local: string, days: number) => DateTime.fromISO(local, { zone: 'UTC' }).plus({ days }).toFormat("yyyy-LL-dd'T'HH:mm:ss");

describe('recurring series of appointments', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let admin: string;
  let ana: Paciente & { email: string };
  let luis: Paciente;
  let eva: Paciente;
  let mio: Psicologo;
  let otro: Psicologo;
  const req = (method: string, path: string, token: string, body?: unknown) => srv.request(method, path, { token, body });
  const serie = (p: Paciente, body: Record<string, unknown>) => req('POST', '/api/citas/series', p.token, body);
  // Events of a type whose data holds these values, read through the event store (either store).
  const count = async (type: string, data: Record<string, unknown>) =>
    (await logEvents(srv, { type })).filter((e) => Object.entries(data).every(([k, v]) => e.data[k] === v)).length;
  const citasDe = (p: Paciente) => count('CitaCreada', { idPaciente: p.idPaciente });

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    const body = pacienteBody({}, { nombre: 'Ana' });
    const r = await srv.request('POST', '/auth/register-paciente', { body });
    expectSession(r, 'PACIENTE');
    ana = { token: r.body.token, idPaciente: r.body.idPaciente, idUsuario: r.body.idUsuario, email: body.usuario.email.toLowerCase() };
    [luis, eva] = [await newPaciente(srv, 'Luis'), await newPaciente(srv, 'Eva')];
    [mio, otro] = [await newPsicologo(srv, admin), await newPsicologo(srv, admin, 'Pablo', 'Sanz')];
    for (const p of [ana, luis]) await asignar(srv, admin, p.idPaciente, mio.idPsicologo);
    await asignar(srv, admin, eva.idPaciente, otro.idPsicologo);
  });
  after(async () => { await srv?.stop(); });

  it('a weekly series of 10 across the last Sunday of October keeps 10:00 local, and sends one mail for the series', async () => {
    const start = `${DateTime.fromISO(lastSunday(10)).minus({ days: 33 }).toFormat('yyyy-LL-dd')}T10:00:00`;
    const r = await serie(ana, { idPsicologo: mio.idPsicologo, startDatetime: start, durationMinutes: 50, motivo: 'Seguimiento', frecuencia: 'SEMANAL', repeticiones: 10 });
    expect(r.status, r.text).to.equal(201);
    expect(r.body.frecuencia).to.equal('SEMANAL');
    expect(r.body.citas.map((c: any) => c.startDatetime)).to.deep.equal(Array.from({ length: 10 }, (_, i) => dia(start, 7 * i)));
    expect(r.body.citas.every((c: any) => c.estado === 'PENDIENTE' && c.motivo === 'Seguimiento')).to.equal(true);
    // The instants follow the zone: 08:00Z in summer time, 09:00Z after the change.
    const ids: number[] = r.body.citas.map((c: any) => c.idCita);
    const rows = (await logEvents(srv, { type: 'HuecoReservado' })).filter((e) => ids.includes(e.data.idCita as number))
      .sort((a, b) => (a.data.idCita as number) - (b.data.idCita as number)).map((e) => ({ inicio: e.data.inicio as string }));
    const utc = rows.map((x: any) => DateTime.fromISO(x.inicio, { zone: 'UTC' }).toFormat('HH:mm'));
    expect(new Set(utc)).to.deep.equal(new Set(['08:00', '09:00']));
    expect(rows.every((x: any) => DateTime.fromISO(x.inicio, { zone: ZONE }).toFormat('HH:mm') === '10:00')).to.equal(true);
    const got = await req('GET', `/api/citas/series/${r.body.idSerie}`, ana.token);
    expect(got.status).to.equal(200);
    expect(got.body.map((c: any) => c.idCita)).to.deep.equal(r.body.citas.map((c: any) => c.idCita));
    const mails = await waitMailsTo(srv, ana.email, 1);
    await settle(1000);
    expect(mailsTo(srv, ana.email), JSON.stringify(mails)).to.have.length(1);
    expect(mailsTo(srv, ana.email)[0].text).to.match(/primera de 10 citas, cada semana/);
  });

  it('a fortnightly series booked by the psychologist for their own patient; another psychologist\'s patient is not found', async () => {
    const start = at('03-02', '17:30');
    const r = await req('POST', '/api/psicologo/citas/series', mio.token, { idPaciente: luis.idPaciente, startDatetime: start, frecuencia: 'QUINCENAL', repeticiones: 4 });
    expect(r.status, r.text).to.equal(201);
    expect(r.body.citas.map((c: any) => c.startDatetime)).to.deep.equal([0, 14, 28, 42].map((d) => dia(start, d)));
    expect(r.body.citas.every((c: any) => c.idPaciente === luis.idPaciente && c.durationMinutes === 50)).to.equal(true);
    expect((await req('GET', `/api/citas/series/${r.body.idSerie}`, luis.token)).body).to.have.length(4);
    expectError(await req('GET', `/api/citas/series/${r.body.idSerie}`, ana.token), 404);
    expectError(await req('GET', `/api/psicologo/citas/series/${r.body.idSerie}`, otro.token), 404);
    const ajeno = await req('POST', '/api/psicologo/citas/series', mio.token, { idPaciente: eva.idPaciente, startDatetime: at('03-03', '10:00'), frecuencia: 'SEMANAL', repeticiones: 2 });
    expectError(ajeno, 404);
  });

  it('two conflicting dates: 409 naming both, nothing stored', async () => {
    const start = at('04-05', '12:00');
    await book(srv, luis, mio.idPsicologo, dia(start, 14), 50); // the psychologist is busy
    await book(srv, ana, otro.idPsicologo, dia(start, 35).replace('12:00', '12:30'), 50); // Ana herself is busy
    const before = await citasDe(ana);
    const r = await serie(ana, { idPsicologo: mio.idPsicologo, startDatetime: start, frecuencia: 'SEMANAL', repeticiones: 8 });
    expectError(r, 409);
    expect(r.body.mensaje).to.include(dia(start, 14).slice(0, 10)).and.to.include(dia(start, 35).slice(0, 10));
    expect(r.body.mensaje).not.to.include(dia(start, 7).slice(0, 10));
    expect(await citasDe(ana)).to.equal(before);
    expect(await count('SerieCitasCreada', { idPaciente: ana.idPaciente })).to.equal(1);
  });

  it('dates outside the psychologist\'s working hours are named too', async () => {
    const plantilla = { desde: at('01-01', '00:00').slice(0, 10), dias: [1, 2, 3, 4, 5].map((d) => ({ dia: d, intervalos: [{ horaInicio: '09:00', horaFin: '14:00' }] })) };
    expect((await req('PUT', '/api/psicologo/horario', otro.token, plantilla)).status).to.equal(200);
    // Eva's series every Saturday at 10:00: every date is outside, every date is named.
    const sabado = DateTime.fromISO(at('09-01', '10:00')).plus({ days: (6 - DateTime.fromISO(at('09-01', '10:00')).weekday + 7) % 7 });
    const start = sabado.toFormat("yyyy-LL-dd'T'HH:mm:ss");
    const r = await serie(eva, { idPsicologo: otro.idPsicologo, startDatetime: start, frecuencia: 'QUINCENAL', repeticiones: 3 });
    expectError(r, 409);
    for (const d of [0, 14, 28]) expect(r.body.mensaje).to.include(dia(start, d).slice(0, 10));
    const lunes = dia(start, 2);
    const ok = await serie(eva, { idPsicologo: otro.idPsicologo, startDatetime: lunes, frecuencia: 'QUINCENAL', repeticiones: 3 });
    expect(ok.status, ok.text).to.equal(201);
  });

  it('a series and a single booking of one of its slots at once: exactly one wins', async () => {
    for (let round = 0; round < 4; round++) {
      const start = at('05-04', `${String(9 + round).padStart(2, '0')}:00`);
      const [s, b] = await Promise.all([
        serie(ana, { idPsicologo: mio.idPsicologo, startDatetime: start, frecuencia: 'SEMANAL', repeticiones: 5 }),
        req('POST', '/api/citas', eva.token, { idPsicologo: mio.idPsicologo, startDatetime: dia(start, 21), durationMinutes: 50 }),
      ]);
      expect([s.status, b.status].sort(), `${s.text}\n${b.text}`).to.deep.equal([201, 409]);
      if (s.status === 409) expect(s.body.mensaje).to.include(dia(start, 21).slice(0, 10));
      const slot = await count('CitaCreada', { idPsicologo: mio.idPsicologo, startDatetime: dia(start, 21) });
      expect(slot).to.equal(1);
    }
  });

  it('one occurrence moves alone; the rest of the series is cancelled at once and its slots freed', async () => {
    const start = at('06-01', '16:00');
    const r = await serie(ana, { idPsicologo: mio.idPsicologo, startDatetime: start, frecuencia: 'SEMANAL', repeticiones: 6 });
    expect(r.status, r.text).to.equal(201);
    const ids: number[] = r.body.citas.map((c: any) => c.idCita);
    const moved = await req('PUT', `/api/citas/${ids[1]}`, ana.token, { startDatetime: dia(start, 8) });
    expect(moved.status, moved.text).to.equal(200);
    // Another occurrence moved alone onto the day of a later one: both still cancelled in one append.
    expect((await req('PUT', `/api/citas/${ids[4]}`, ana.token, { startDatetime: dia(start, 35).replace('16:00', '18:00') })).status).to.equal(200);
    let list = (await req('GET', `/api/citas/series/${r.body.idSerie}`, ana.token)).body;
    expect(list.map((c: any) => c.startDatetime)).to.deep.equal([0, 8, 14, 21, 35, 35].map((d, i) => (i === 4 ? dia(start, d).replace('16:00', '18:00') : dia(start, d))));
    expectError(await req('DELETE', `/api/citas/series/${r.body.idSerie}?desde=${dia(start, 21).slice(0, 10)}`, luis.token), 404);
    expectError(await req('DELETE', `/api/psicologo/citas/series/${r.body.idSerie}`, otro.token), 404);
    const del = await req('DELETE', `/api/citas/series/${r.body.idSerie}?desde=${dia(start, 21).slice(0, 10)}`, ana.token);
    expect(del.status, del.text).to.equal(204);
    list = (await req('GET', `/api/citas/series/${r.body.idSerie}`, ana.token)).body;
    expect(list.map((c: any) => c.estado)).to.deep.equal(['PENDIENTE', 'PENDIENTE', 'PENDIENTE', 'CANCELADA', 'CANCELADA', 'CANCELADA']);
    await book(srv, eva, mio.idPsicologo, dia(start, 21), 50); // freed
    // The psychologist cancels what is left (from today on).
    expect((await req('DELETE', `/api/psicologo/citas/series/${r.body.idSerie}`, mio.token)).status).to.equal(204);
    list = (await req('GET', `/api/psicologo/citas/series/${r.body.idSerie}`, mio.token)).body;
    expect(list.every((c: any) => c.estado === 'CANCELADA')).to.equal(true);
  });
});
