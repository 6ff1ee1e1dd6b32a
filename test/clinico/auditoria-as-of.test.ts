import { expect } from 'chai';
import { DateTime } from 'luxon';
import { ManualClock } from '../../src/platform/clock.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { asignar, newPaciente } from './support.ts';
import { newFirmante, PASSWORD } from './firma-support.ts';

// Issue 31 item 19: asOf=2026-12-04T19:56:16 left out a signature whose firmadoEn reads
// 2026-12-04T19:56:16 (it happened at .763 s). The API shows instants to the second, so asOf names
// the whole second (or minute) it writes, and a fraction its own precision.

describe('audit asOf: the bound includes the whole second it names', function () {
  this.timeout(120_000);
  const ZONE = 'Europe/Madrid';
  // 763 ms into a second, as in the report.
  const clock = new ManualClock(new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000 + 763));
  let srv: TestServer;
  let admin: string;
  let idPaciente: number;
  let firmadoEn: string;

  const eventos = async (asOf: string) => {
    const r = await srv.request('GET', `/api/admin/auditoria/pacientes/${idPaciente}/eventos?asOf=${asOf}`, { token: admin });
    expect(r.status, r.text).to.equal(200);
    return (r.body as { type: string }[]).map((e) => e.type);
  };
  const firmaAsOf = async (asOf: string) => {
    const r = await srv.request('GET', `/api/admin/auditoria/pacientes/${idPaciente}/historial-clinico?asOf=${asOf}`, { token: admin });
    expect(r.status, r.text).to.equal(200);
    expect(r.body).to.have.length(1);
    return r.body[0].firma;
  };
  const shifted = (local: string, ms: number) => DateTime.fromISO(local, { zone: ZONE }).plus({ milliseconds: ms }).toFormat("yyyy-MM-dd'T'HH:mm:ss.SSS");

  before(async () => {
    srv = await startTestServer({ clock });
    admin = await srv.adminToken();
    const psi = await newFirmante(srv, admin, 'Laura');
    const pac = await newPaciente(srv);
    idPaciente = pac.idPaciente;
    await asignar(srv, admin, idPaciente, psi.idPsicologo);
    clock.advance(2_000); // the record and its signature, two seconds after the rest
    const created = await srv.request('POST', '/api/psicologo/historial-clinico', { token: psi.token, body: { titulo: 'Evaluación inicial', idPaciente } });
    expect(created.status, created.text).to.equal(201);
    clock.advance(2_000);
    const signed = await srv.request('POST', `/api/psicologo/historial-clinico/${created.body.idHistory}/firma`, { token: psi.token, body: { password: PASSWORD } });
    expect(signed.status, signed.text).to.equal(201);
    firmadoEn = signed.body.firma.firmadoEn;
    expect(firmadoEn).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });
  after(async () => { await srv?.stop(); });

  it('asOf = the firmadoEn shown includes the signature (the event and the replayed record)', async () => {
    expect(await eventos(firmadoEn)).to.include('HistorialFirmado');
    expect(await firmaAsOf(firmadoEn)).to.include({ firmadoEn });
  });

  it('the second before leaves it out; a fraction is a bound of its own precision', async () => {
    const before = shifted(firmadoEn, -1_000).slice(0, 19);
    expect(await eventos(before)).to.not.include('HistorialFirmado');
    expect(await firmaAsOf(before)).to.equal(null);
    expect(await eventos(shifted(firmadoEn, 762))).to.not.include('HistorialFirmado');
    expect(await eventos(shifted(firmadoEn, 763))).to.include('HistorialFirmado');
    expect(await eventos(shifted(firmadoEn, 700).slice(0, 21))).to.include('HistorialFirmado'); // ".7": up to .799
  });

  it('asOf to the minute includes the whole minute', async () => {
    expect(await eventos(firmadoEn.slice(0, 16))).to.include('HistorialFirmado');
  });
});
