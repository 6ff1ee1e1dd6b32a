import { DateTime } from 'luxon';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storedEvents } from '../support/log.ts';
import { cancelCita, mailsTo, newCita, newPaciente, newPsicologo, pushesTo, settle, waitMailsTo, type Persona } from './support.ts';

const START = '2030-01-15T10:00:00'; // a Tuesday, winter time: Madrid UTC+1, New York UTC-5

describe('appointment notifications (e-mail and push)', () => {
  let srv: TestServer;
  let admin: string;
  let psi: Persona;
  let ana: Persona;
  const device = (who: string) => `fcm-token-${who}-${process.pid}`;

  const registerDevice = async (p: Persona, token: string) => {
    const r = await srv.request('POST', '/api/dispositivos', { token: p.token, body: { token } });
    expect(r.status, r.text).to.equal(201);
  };
  const ajustes = async (p: Persona, body: Record<string, unknown>) => {
    const r = await srv.request('PUT', '/api/ajustes', { token: p.token, body });
    expect(r.status, r.text).to.equal(200);
  };

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    psi = await newPsicologo(srv, admin, 'Laura');
    ana = await newPaciente(srv, 'Ana');
    await registerDevice(psi, device('psi'));
    await registerDevice(ana, device('ana'));
  });
  after(async () => {
    await srv?.stop();
  });

  it('CitaCreada: a Spanish mail and a push to the patient and to the psychologist, time in the practice zone', async () => {
    const idCita = await newCita(srv, ana.idPaciente, psi.idPsicologo, START);
    const [toAna] = await waitMailsTo(srv, ana.email, 1);
    const [toPsi] = await waitMailsTo(srv, psi.email, 1);
    expect(toAna.subject).to.equal('Nueva cita: martes 15 de enero de 2030, 10:00');
    expect(toAna.text).to.match(/^Hola Ana:/);
    expect(toAna.text).to.include('Su cita con Laura Gómez ha quedado registrada el martes 15 de enero de 2030 a las 10:00 (hora de Europe/Madrid).');
    expect(toPsi.subject).to.equal('Nueva cita: martes 15 de enero de 2030, 10:00');
    expect(toPsi.text).to.include('Ana Pérez ha reservado una cita con usted el martes 15 de enero de 2030 a las 10:00');
    await settle(500);
    for (const who of ['ana', 'psi']) {
      const pushes = pushesTo(srv, device(who));
      expect(pushes, who).to.have.length(1);
      expect(pushes[0]).to.deep.include({ title: 'Nueva cita', body: 'martes 15 de enero de 2030, 10:00 (Europe/Madrid)' });
      expect(pushes[0].data).to.deep.equal({ tipo: 'CitaCreada', idCita: String(idCita) });
    }
  });

  it('CitaCancelada: both are told, once each', async () => {
    const [m0, p0] = [mailsTo(srv, ana.email).length, mailsTo(srv, psi.email).length];
    const startDatetime = '2030-01-16T17:30:00';
    const idCita = await newCita(srv, ana.idPaciente, psi.idPsicologo, startDatetime);
    await cancelCita(srv, { idCita, idPaciente: ana.idPaciente, idPsicologo: psi.idPsicologo, startDatetime });
    const toAna = await waitMailsTo(srv, ana.email, m0 + 2);
    const toPsi = await waitMailsTo(srv, psi.email, p0 + 2);
    await settle();
    expect(mailsTo(srv, ana.email)).to.have.length(m0 + 2);
    expect(mailsTo(srv, psi.email)).to.have.length(p0 + 2);
    expect(toAna[m0 + 1].subject).to.equal('Cita cancelada: miércoles 16 de enero de 2030, 17:30');
    expect(toAna[m0 + 1].text).to.include('Su cita con Laura Gómez el miércoles 16 de enero de 2030 a las 17:30 (hora de Europe/Madrid) ha sido cancelada.');
    expect(toPsi[p0 + 1].text).to.include('Su cita con su paciente Ana Pérez el miércoles 16 de enero de 2030 a las 17:30');
    expect(pushesTo(srv, device('ana')).filter((p) => p.data?.tipo === 'CitaCancelada' && p.data.idCita === String(idCita))).to.have.length(1);
    expect(pushesTo(srv, device('psi')).filter((p) => p.data?.tipo === 'CitaCancelada' && p.data.idCita === String(idCita))).to.have.length(1);
  });

  it("writes in the recipient's language and shows the time in their zone", async () => {
    const john = await newPaciente(srv, 'John');
    await ajustes(john, { idioma: 'en', timezone: 'America/New_York' });
    await registerDevice(john, device('john'));
    await newCita(srv, john.idPaciente, psi.idPsicologo, START);
    const [mail] = await waitMailsTo(srv, john.email, 1);
    expect(mail.subject).to.equal('New appointment: Tuesday, 15 January 2030, 04:00');
    expect(mail.text).to.match(/^Hello John,/);
    expect(mail.text).to.include('Your appointment with Laura Gómez has been booked on Tuesday, 15 January 2030 at 04:00 (America/New_York time).');
    await settle(500);
    expect(pushesTo(srv, device('john'))[0]).to.deep.include({ title: 'New appointment', body: 'Tuesday, 15 January 2030, 04:00 (America/New_York)' });
    // The psychologist keeps the defaults: Spanish, practice zone.
    const last = mailsTo(srv, psi.email).at(-1)!;
    expect(last.text).to.include('John Pérez ha reservado una cita con usted el martes 15 de enero de 2030 a las 10:00 (hora de Europe/Madrid)');
  });

  it('sends nothing, neither mail nor push, to a user who turned notifications off', async () => {
    const callado = await newPaciente(srv, 'Carmen');
    await registerDevice(callado, device('carmen'));
    await ajustes(callado, { notificaciones: false });
    const before = mailsTo(srv, psi.email).length;
    const idCita = await newCita(srv, callado.idPaciente, psi.idPsicologo, START);
    await waitMailsTo(srv, psi.email, before + 1); // the psychologist is still told
    await cancelCita(srv, { idCita, idPaciente: callado.idPaciente, idPsicologo: psi.idPsicologo, startDatetime: START });
    await waitMailsTo(srv, psi.email, before + 2);
    await settle();
    expect(mailsTo(srv, callado.email)).to.deep.equal([]);
    expect(pushesTo(srv, device('carmen'))).to.deep.equal([]);
  });

  it('drops a device token that FCM reports unregistered', async () => {
    const eva = await newPaciente(srv, 'Eva');
    const [gone, kept] = [device('eva-old'), device('eva-new')];
    await registerDevice(eva, gone);
    await registerDevice(eva, kept);
    srv.push.unregistered.add(gone);
    await newCita(srv, eva.idPaciente, psi.idPsicologo, START);
    await waitMailsTo(srv, eva.email, 1);
    const deadline = Date.now() + 10_000;
    const tokens = async () => (await srv.db.knex('dispositivos').where({ id_usuario: eva.idUsuario }).pluck('token')) as string[];
    while (((await tokens()).includes(gone) || pushesTo(srv, kept).length === 0) && Date.now() < deadline) await settle(50);
    expect(await tokens()).to.deep.equal([kept]);
    expect(pushesTo(srv, kept)).to.have.length(1); // each device's push is an outbox row of its own: the kept one may come after
    const removed = await storedEvents(srv, { type: 'DispositivoEliminado', streamId: `dispositivos-usuario-${eva.idUsuario}` });
    expect(removed).to.have.length(1);
    // A rebuild of the read model would not bring it back: the removal is an event, not a row deletion.
    expect(JSON.stringify(removed[0].data)).not.to.include(gone);
  });

  it('end to end through POST /api/citas, when the appointments endpoint is there', async function () {
    const probe = await srv.request('POST', '/api/citas', { token: ana.token, body: {} });
    if (probe.status === 404 || probe.status === 405) this.skip();
    const pat = await newPaciente(srv, 'Lola');
    await srv.request('POST', '/api/admin/psicologos/asignar-psicologo', { token: admin, body: { idPaciente: pat.idPaciente, idPsicologo: psi.idPsicologo } });
    const before = mailsTo(srv, psi.email).length;
    // Next year's 5 February: inside BOOKING_HORIZON_DAYS whenever the suite runs.
    const when = DateTime.fromObject({ year: DateTime.now().year + 1, month: 2, day: 5, hour: 9 }, { zone: 'Europe/Madrid' });
    const startDatetime = when.toFormat("yyyy-MM-dd'T'HH:mm:ss");
    const r = await srv.request('POST', '/api/citas', { token: pat.token, body: { idPsicologo: psi.idPsicologo, startDatetime, durationMinutes: 50, motivo: 'Primera visita' } });
    expect(r.status, r.text).to.equal(201);
    const [toPat] = await waitMailsTo(srv, pat.email, 1);
    expect(toPat.subject).to.equal(`Nueva cita: ${when.setLocale('es').toFormat("cccc d 'de' LLLL 'de' yyyy")}, 09:00`);
    await waitMailsTo(srv, psi.email, before + 1);
    const s = await srv.request('POST', '/api/sesiones', { token: pat.token, body: { idCita: r.body.idCita, sessionDate: startDatetime, durationMinutes: 50 } });
    expect(s.status, s.text).to.equal(201);
    expect(s.body).to.include({ idCita: r.body.idCita, idPaciente: pat.idPaciente, idPsicologo: psi.idPsicologo });
  });
});
