import { expect } from 'chai';
import { DateTime } from 'luxon';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from '../http/helpers.ts';
import { asignar, book, newPaciente, newPsicologo, ZONE, type Paciente, type Psicologo } from './support.ts';

// A refused series names, for each date it cannot book, that date's own causes.
describe('a refused series names each date\'s cause', function () {
  this.timeout(60_000);
  let srv: TestServer;
  let ana: Paciente;
  let luis: Paciente;
  let mio: Psicologo;
  let otro: Psicologo;
  // Weekly from six days ago at 10:00: -6, +1, +8, +15, +22, +29, +36 days.
  const start = DateTime.now().setZone(ZONE).startOf('day').minus({ days: 6 });
  const day = (weeks: number) => start.plus({ weeks }).toFormat('yyyy-LL-dd');
  const at10 = (weeks: number) => `${day(weeks)}T10:00:00`;

  before(async () => {
    srv = await startTestServer({ env: { BOOKING_HORIZON_DAYS: '30' } });
    const admin = await srv.adminToken();
    [ana, luis] = [await newPaciente(srv, 'Ana'), await newPaciente(srv, 'Luis')];
    [mio, otro] = [await newPsicologo(srv, admin), await newPsicologo(srv, admin, 'Pablo', 'Sanz')];
    for (const p of [ana, luis]) await asignar(srv, admin, p.idPaciente, mio.idPsicologo);
    // Working hours on the series' weekday until the fourth occurrence's day.
    const horario = { desde: day(0), hasta: day(3), dias: [{ dia: start.weekday, intervalos: [{ horaInicio: '09:00', horaFin: '14:00' }] }] };
    const h = await srv.request('PUT', '/api/psicologo/horario', { token: mio.token, body: horario });
    expect(h.status, h.text).to.equal(200);
    await book(srv, luis, mio.idPsicologo, at10(2)); // the psychologist is busy at +8
    await book(srv, ana, otro.idPsicologo, at10(3)); // the patient is busy at +15
  });
  after(async () => {
    await srv?.stop();
  });

  it('past, overlapping the psychologist, overlapping the patient, outside working hours, beyond the horizon; nothing booked', async () => {
    const body = { idPsicologo: mio.idPsicologo, startDatetime: at10(0), durationMinutes: 50, frecuencia: 'SEMANAL', repeticiones: 7 };
    const r = await srv.request('POST', '/api/citas/series', { token: ana.token, body });
    expectError(r, 409);
    const m = r.body.mensaje as string;
    expect(m).to.include(`${day(0)} (en el pasado)`);
    expect(m).to.include(`${day(2)} (se solapa con otra cita o un bloqueo del psicólogo)`);
    expect(m).to.include(`${day(3)} (se solapa con otra cita del paciente)`);
    expect(m).to.include(`${day(4)} (fuera del horario laboral del psicólogo)`);
    expect(m).to.include(`${day(5)} (fuera del horario laboral del psicólogo)`);
    expect(m).to.match(new RegExp(`${day(6)} \\([^)]*más allá del plazo de reserva \\(30 días\\)`));
    expect(m).not.to.include(day(1));
    const en = await srv.request('POST', '/api/citas/series', { token: ana.token, body, headers: { 'Accept-Language': 'en' } });
    expect(en.body.mensaje).to.include(`${day(0)} (in the past)`).and.include(`${day(4)} (outside the psychologist's working hours)`);
    const citas = await srv.request('GET', '/api/citas', { token: ana.token });
    expect(citas.body).to.have.length(1);
  });
});
