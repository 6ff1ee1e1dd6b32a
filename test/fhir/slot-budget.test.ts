import { expect } from 'chai';
import { DateTime } from 'luxon';
import { startTestServer, type TestServer } from '../support/server.ts';
import { pacienteBody } from '../http/helpers.ts';
import { newPsicologo, type Paciente, type Psicologo } from '../clinico/support.ts';
import { fhirDateTimeAt } from '../../src/queries/fhir/format.ts';
import { localDate } from '../../src/queries/fhir/resources/slot-window.ts';
import { expectOutcome, searchAll } from './people-support.ts';

// Issue 31, item 7: one free-Slot search of ten agendas over 31 days cost about a second of CPU
// and any self-registered patient could send several at once. A search now computes the dates its
// page reaches, and each caller's searches are charged agenda-days (FHIR_SLOT_AGENDA_DAYS_PER_MINUTE,
// 640 a minute, docs/limits.md): beyond it a 429 with Retry-After, for that caller only.

const ZONE = 'Europe/Madrid';
const fecha = (n: number) => DateTime.now().setZone(ZONE).plus({ days: n }).toFormat('yyyy-LL-dd');

describe('FHIR free-Slot searches: work bounded per caller', function () {
  this.timeout(180_000);
  let srv: TestServer;
  let admin: string;
  const agendas: Psicologo[] = [];
  const schedules = () => agendas.map((a) => a.idPsicologo).join(',');

  async function registrar(): Promise<Paciente> {
    const r = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody() });
    expect(r.status, r.text).to.equal(200);
    return { token: r.body.token, idPaciente: r.body.idPaciente, idUsuario: r.body.idUsuario };
  }

  before(async () => {
    srv = await startTestServer({ env: { FHIR_SLOT_AGENDA_DAYS_PER_MINUTE: '640' } });
    admin = await srv.adminToken();
    // Ten agendas open 09:00–10:00 every day: one 50-minute slot a day each.
    const dias = [1, 2, 3, 4, 5, 6, 7].map((dia) => ({ dia, intervalos: [{ horaInicio: '09:00', horaFin: '10:00' }] }));
    for (let i = 0; i < 10; i++) {
      const p = await newPsicologo(srv, admin);
      const r = await srv.request('PUT', '/api/psicologo/horario', { token: p.token, body: { desde: '2020-01-01', hasta: null, dias } });
      expect(r.status, r.text).to.equal(200);
      agendas.push(p);
    }
  });
  after(async () => srv?.stop());

  it('a caller past its agenda-days gets 429 with Retry-After; other callers and its other reads are served', async () => {
    const intruso = await registrar();
    const otro = await registrar();
    // 31 days of ten agendas: about 310 slots, fewer than _count, so every date is computed (10 × 32 agenda-days).
    const search = `Slot?schedule=${schedules()}&status=free&_count=1000`;
    for (let i = 0; i < 2; i++) {
      const r = await srv.request('GET', `/fhir/R4/${search}`, { token: intruso.token });
      expect(r.status, r.text).to.equal(200);
      expect(r.body.entry.length).to.be.within(300, 320);
    }
    const refused = await expectOutcome(srv, search, intruso.token, 429);
    expect(refused.issue[0].code).to.equal('throttled');
    const again = await srv.request('GET', `/fhir/R4/${search}`, { token: intruso.token });
    expect(again.status).to.equal(429);
    expect(Number(again.headers.get('retry-after'))).to.be.within(1, 60);
    // Only that caller's free-time searches wait: blocked time costs nothing, nor do its other reads.
    expect((await srv.request('GET', `/fhir/R4/Slot?schedule=${schedules()}&status=busy-unavailable`, { token: intruso.token })).status).to.equal(200);
    expect((await srv.request('GET', '/api/citas', { token: intruso.token })).status).to.equal(200);
    expect((await srv.request('GET', `/fhir/R4/${search}`, { token: otro.token })).status).to.equal(200);
  });

  it('pages computed date by date list exactly the whole list and the REST free slots, before and after a booking', async () => {
    const lector = await registrar();
    const reserva = await registrar();
    const window = `Slot?schedule=${schedules()}&status=free&start=ge${fecha(1)}&start=lt${fecha(8)}`;
    const rest = async (token: string) => {
      const out: string[] = [];
      for (const a of agendas) {
        const r = await srv.request('GET', `/api/psicologos/${a.idPsicologo}/disponibilidad?desde=${fecha(1)}&hasta=${fecha(7)}`, { token });
        expect(r.status, r.text).to.equal(200);
        out.push(...r.body.map((h: any) => `${a.idPsicologo}-${h.startDatetime.slice(0, 16).replace(/[-T:]/g, '')}`));
      }
      return out.sort();
    };
    const check = async (token: string) => {
      const whole = (await searchAll(srv, `${window}&_count=1000`, token)).map((s) => s.id);
      const paged = (await searchAll(srv, `${window}&_count=9`, token)).map((s) => s.id);
      expect(paged).to.deep.equal(whole);
      expect([...whole].sort()).to.deep.equal(await rest(token));
      return whole;
    };
    const before = await check(lector.token);
    expect(before).to.have.length(70);
    const booked = `${agendas[3].idPsicologo}-${fecha(2).replace(/-/g, '')}0900`;
    const r = await srv.request('POST', '/api/citas', { token: reserva.token, body: { idPsicologo: agendas[3].idPsicologo, startDatetime: `${fecha(2)}T09:00:00`, durationMinutes: 50 } });
    expect(r.status, r.text).to.equal(201);
    // Gone for everyone; for the patient who booked, that hour is busy in every agenda (their own appointment).
    expect(await check(lector.token)).to.deep.equal(before.filter((id) => id !== booked));
    const suyas = await check(reserva.token);
    expect(suyas).to.have.length(60);
    expect(suyas.filter((id) => id.endsWith(`${fecha(2).replace(/-/g, '')}0900`))).to.deep.equal([]);
  });

  it('writes start and end with the offset of their instant, and finds the local date of an instant, as luxon does, in any zone and across DST changes', () => {
    for (const zone of ['Europe/Madrid', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/St_Johns', 'Europe/London', 'UTC']) {
      const from = Date.UTC(2027, 0, 1);
      for (let t = from; t < from + 366 * 86_400_000; t += 97 * 60_000) {
        const dt = DateTime.fromMillis(t, { zone });
        expect(fhirDateTimeAt(dt.toFormat("yyyy-LL-dd'T'HH:mm:ss"), t, zone), `${zone} ${t}`).to.equal(dt.toISO({ suppressMilliseconds: true, includeOffset: true }));
        expect(localDate(t, zone), `${zone} ${t}`).to.equal(dt.toFormat('yyyy-LL-dd'));
      }
    }
  });
});
