import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { asignar, newPaciente, newPsicologo, readMail, type Persona } from '../notifications/support.ts';
import { at } from '../citas/support.ts';

// Withdrawing the online sessions consent (issue 34 §3, docs/care.md "3. Informed consent"): each
// psychologist with one of the patient's ONLINE appointments still to come gets a notice naming them.
describe('withdrawing the online sessions consent', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let admin: string;
  let laura: Persona;
  let marta: Persona;
  let ana: Persona;
  const PASSWORD = 'secreto123';
  const ASUNTO = /consentimiento para sesiones en línea/;
  const avisos = (p: Persona) => srv.smtp.mails.filter((m) => m.to.includes(p.email)).map(readMail).filter((m) => ASUNTO.test(m.subject));

  const reservar = async (psi: Persona, start: string, modalidad: 'ONLINE' | 'PRESENCIAL') => {
    const r = await srv.request('POST', '/api/citas', { token: ana.token, body: { idPsicologo: psi.idPsicologo, startDatetime: start, modalidad } });
    expect(r.status, r.text).to.equal(201);
    return r.body.idCita as number;
  };
  const retirar = (tipo: string) => srv.request('POST', '/api/consentimientos/retiradas', { token: ana.token, body: { tipo, password: PASSWORD } });
  /** Until the reactors reached the log's head and the outbox has sent everything, so "no notice" is not "not yet". */
  async function drained(): Promise<void> {
    const head = await srv.deps.store.head();
    await srv.deps.reactors?.waitFor(head, 10_000);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const pend = await srv.db.knex('outbox').whereIn('status', ['PENDING', 'SENDING']).count<{ count: string }[]>('* as count');
      if (Number(pend[0].count) === 0 || Date.now() > deadline) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  before(async () => {
    srv = await startTestServer({
      env: { JITSI_DOMAIN: 'meet.consulta.test', JITSI_APP_ID: 'consulta', JITSI_APP_SECRET: 'un-secreto-de-prueba-de-32-caracteres-o-mas' },
    });
    admin = await srv.adminToken();
    [laura, marta] = [await newPsicologo(srv, admin, 'Laura'), await newPsicologo(srv, admin, 'Marta')];
    ana = await newPaciente(srv, 'Ana');
    const doc = await srv.request('POST', '/api/admin/consentimientos/documentos', { token: admin, body: { tipo: 'ONLINE', titulo: 'Sesiones en línea', cuerpo: 'Acepto' } });
    expect(doc.status, doc.text).to.equal(201);
    for (const tipo of ['ONLINE', 'TRATAMIENTO']) {
      if (tipo === 'TRATAMIENTO') await srv.request('POST', '/api/admin/consentimientos/documentos', { token: admin, body: { tipo, titulo: 'Tratamiento', cuerpo: 'Acepto' } });
      const r = await srv.request('POST', '/api/consentimientos', { token: ana.token, body: { tipo, version: 1, password: PASSWORD } });
      expect(r.status, r.text).to.equal(201);
    }
  });
  after(async () => {
    await srv?.stop();
  });

  it("tells each psychologist of the patient's future ONLINE appointments with them, and no one else", async () => {
    await reservar(laura, at('03-02', '10:00'), 'ONLINE');
    await reservar(laura, at('03-03', '11:00'), 'PRESENCIAL');
    await reservar(marta, at('03-04', '12:00'), 'ONLINE');
    const cancelada = await reservar(laura, at('03-05', '13:00'), 'ONLINE');
    expect((await srv.request('DELETE', `/api/citas/${cancelada}`, { token: ana.token })).status).to.equal(204);

    expect((await retirar('TRATAMIENTO')).status).to.equal(200);
    await drained();
    expect([...avisos(laura), ...avisos(marta)], 'withdrawing another type tells nobody').to.deep.equal([]);

    const r = await retirar('ONLINE');
    expect(r.status, r.text).to.equal(200);
    await drained();
    const [aLaura, ...masLaura] = avisos(laura);
    expect(masLaura).to.deep.equal([]);
    expect(aLaura.text).to.include('Ana').and.include('2 de marzo, 10:00').and.not.include('11:00').and.not.include('13:00');
    const [aMarta, ...masMarta] = avisos(marta);
    expect(masMarta).to.deep.equal([]);
    expect(aMarta.text).to.include('4 de marzo, 12:00').and.not.include('10:00');
    expect(avisos(ana)).to.deep.equal([]);

    // Not required by the practice, yet withdrawn by the patient: no new ONLINE booking until signed again.
    const otra = await srv.request('POST', '/api/citas', { token: ana.token, body: { idPsicologo: laura.idPsicologo, startDatetime: at('03-09', '10:00'), modalidad: 'ONLINE' } });
    expect(otra.status, otra.text).to.equal(409);
    expect(otra.body.mensaje).to.include('ONLINE v1');
    await reservar(laura, at('03-09', '10:00'), 'PRESENCIAL');
  });

  it('requires the ONLINE consent, when the practice does, of ONLINE bookings only', async () => {
    expect((await srv.request('PUT', '/api/admin/consentimientos/requeridos', { token: admin, body: { tipos: ['ONLINE'] } })).status).to.equal(200);
    const bea = await newPaciente(srv, 'Bea');
    await asignar(srv, admin, bea.idPaciente, laura.idPsicologo); // a patient's series is with their own psychologist
    const pedir = (start: string, modalidad: string) =>
      srv.request('POST', '/api/citas', { token: bea.token, body: { idPsicologo: laura.idPsicologo, startDatetime: start, modalidad } });
    expect((await pedir(at('04-06', '10:00'), 'PRESENCIAL')).status).to.equal(201);
    const online = await pedir(at('04-07', '10:00'), 'ONLINE');
    expect(online.status, online.text).to.equal(409);
    expect(online.body.mensaje).to.include('ONLINE v1');
    const serie = await srv.request('POST', '/api/citas/series', { token: bea.token, body: { idPsicologo: laura.idPsicologo, startDatetime: at('04-08', '10:00'), frecuencia: 'SEMANAL', repeticiones: 2, modalidad: 'ONLINE' } });
    expect(serie.status, serie.text).to.equal(409);
    expect(serie.body.mensaje).to.include('ONLINE v1');
    expect((await srv.request('POST', '/api/consentimientos', { token: bea.token, body: { tipo: 'ONLINE', version: 1, password: PASSWORD } })).status).to.equal(201);
    expect((await pedir(at('04-07', '10:00'), 'ONLINE')).status).to.equal(201);
  });
});
