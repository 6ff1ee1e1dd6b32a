import { expect } from 'chai';
import { ManualClock } from '../../src/platform/clock.ts';
import { ReminderWorker } from '../../src/reactors/reminders.ts';
import { startServer } from '../../src/server.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { appendCita, cancelCita, citaEvents, mailsTo, newCita, newPaciente, newPsicologo, pushesTo, settle, waitMailsTo, type Persona } from './support.ts';

const ZONE = 'Europe/Madrid';
const at = (iso: string) => new Date(iso);

describe('reminders at each user’s own lead times', function () {
  this.timeout(120_000);
  const clock = new ManualClock(at('2030-01-01T08:00:00Z'));
  let srv: TestServer;
  let admin: string;
  let psi: Persona;
  let worker: ReminderWorker;
  const device = (who: string) => `fcm-recordatorio-${who}-${process.pid}`;
  const ajustes = async (p: Persona, body: Record<string, unknown>) => {
    const r = await srv.request('PUT', '/api/ajustes', { token: p.token, body });
    expect(r.status, r.text).to.equal(200);
    return r.body;
  };
  const withDevice = async (p: Persona, who: string) => {
    const r = await srv.request('POST', '/api/dispositivos', { token: p.token, body: { token: device(who) } });
    expect(r.status, r.text).to.equal(201);
  };
  /** The reminders of an appointment as `destinatario:lead@start`, in order. */
  const sent = async (idCita: number) => (await citaEvents(srv, idCita))
    .filter((e) => e.type === 'CitaRecordatorioEnviado')
    .map((e) => `${e.data.destinatario}:${e.data.antelacionHoras}@${e.data.startDatetime}`);
  const reminderMails = (p: Persona) => mailsTo(srv, p.email).filter((m) => /^(Recordatorio|Appointment reminder)/.test(m.subject));
  const reminderPushes = (who: string) => pushesTo(srv, device(who)).filter((p) => p.data?.tipo === 'CitaRecordatorioEnviado');

  before(async () => {
    srv = await startTestServer({ clock });
    await srv.reminders.stop(); // the tests drive workers and servers of their own
    admin = await srv.adminToken();
    psi = await newPsicologo(srv, admin, 'Laura');
    await withDevice(psi, 'laura');
    worker = new ReminderWorker({ knex: srv.deps.knex, store: srv.deps.store, clock, practiceTimezone: ZONE });
  });
  after(async () => {
    await srv?.stop();
  });

  it('settings: [24] by default before any change, 1 to 3 distinct lead times of 1 to 168 hours', async () => {
    const eva = await newPaciente(srv, 'Eva');
    const r = await srv.request('GET', '/api/ajustes', { token: eva.token });
    expect(r.body).to.deep.include({ idAjuste: null, recordatorios: [24] });
    expect(await ajustes(eva, { recordatorios: [2, 24, 168] })).to.deep.include({ recordatorios: [168, 24, 2], idioma: 'es' });
    expect(await ajustes(eva, { idioma: 'en' })).to.deep.include({ recordatorios: [168, 24, 2], idioma: 'en' });
    for (const bad of [[], [0], [169], [1, 2, 3, 4], [2, 2], [1.5], 'x']) {
      const no = await srv.request('PUT', '/api/ajustes', { token: eva.token, body: { recordatorios: bad } });
      expect(no.status, JSON.stringify(bad)).to.equal(400);
    }
  });

  it('counts real hours across a daylight-saving change at a short lead time', async () => {
    const ana = await newPaciente(srv, 'Ana');
    await ajustes(ana, { recordatorios: [2] });
    // Madrid skips 02:00–03:00 on 2030-03-31: 03:30 that day is 01:30Z, so 2 h before is 23:30Z the day before.
    const idCita = await newCita(srv, ana.idPaciente, psi.idPsicologo, '2030-03-31T03:30:00');
    await worker.runOnce(at('2030-03-30T03:00:00Z')); // the psychologist's 24 h
    expect(await worker.runOnce(at('2030-03-30T23:29:00Z'))).to.equal(0);
    expect(await worker.runOnce(at('2030-03-30T23:30:00Z'))).to.equal(1);
    expect(await sent(idCita)).to.deep.equal(['PSICOLOGO:24@2030-03-31T03:30:00', 'PACIENTE:2@2030-03-31T03:30:00']);
  });

  it('sends nothing to a user with notificaciones false; the other party is still reminded', async () => {
    const carmen = await newPaciente(srv, 'Carmen');
    await withDevice(carmen, 'carmen');
    await ajustes(carmen, { notificaciones: false, recordatorios: [24, 2] });
    const idCita = await newCita(srv, carmen.idPaciente, psi.idPsicologo, '2030-02-05T10:00:00');
    for (const t of ['2030-02-04T09:00:00Z', '2030-02-05T08:00:00Z', '2030-02-05T09:30:00Z']) await worker.runOnce(at(t));
    expect(await sent(idCita)).to.deep.equal(['PSICOLOGO:24@2030-02-05T10:00:00']);
    await settle();
    expect(mailsTo(srv, carmen.email)).to.deep.equal([]);
    expect(pushesTo(srv, device('carmen'))).to.deep.equal([]);
  });

  it('reminds a moved appointment at its new time only, and a cancelled one not at all', async () => {
    const rosa = await newPaciente(srv, 'Rosa');
    await ajustes(rosa, { recordatorios: [24, 2] });
    const idCita = await newCita(srv, rosa.idPaciente, psi.idPsicologo, '2030-02-10T10:00:00');
    const ref = { idCita, idPaciente: rosa.idPaciente, idPsicologo: psi.idPsicologo };
    await appendCita(srv, 'CitaReprogramada', { ...ref, startDatetime: '2030-02-12T17:00:00', durationMinutes: 50, motivo: null, anteriorStartDatetime: '2030-02-10T10:00:00' });
    for (const t of ['2030-02-09T09:00:00Z', '2030-02-10T08:00:00Z']) expect(await worker.runOnce(at(t)), t).to.equal(0);
    expect(await worker.runOnce(at('2030-02-11T16:00:00Z'))).to.equal(2);
    expect(await worker.runOnce(at('2030-02-12T14:00:00Z'))).to.equal(1);
    expect(await worker.runOnce(at('2030-02-12T15:59:00Z'))).to.equal(0);
    expect(await sent(idCita)).to.deep.equal(['PACIENTE:24@2030-02-12T17:00:00', 'PSICOLOGO:24@2030-02-12T17:00:00', 'PACIENTE:2@2030-02-12T17:00:00']);
    const cancelled = await newCita(srv, rosa.idPaciente, psi.idPsicologo, '2030-02-20T10:00:00');
    await cancelCita(srv, { ...ref, idCita: cancelled, startDatetime: '2030-02-20T10:00:00' });
    for (const t of ['2030-02-19T09:00:00Z', '2030-02-20T08:00:00Z']) expect(await worker.runOnce(at(t)), t).to.equal(0);
    expect(await sent(cancelled)).to.deep.equal([]);
  });

  it('of several lead times due at once (booked late), sends only the nearest', async () => {
    const luis = await newPaciente(srv, 'Luis');
    await ajustes(luis, { recordatorios: [48, 24, 2] });
    const idCita = await newCita(srv, luis.idPaciente, psi.idPsicologo, '2030-02-25T10:00:00'); // 09:00Z
    expect(await worker.runOnce(at('2030-02-24T12:00:00Z'))).to.equal(2); // 21 h ahead: 24 h for both
    expect(await worker.runOnce(at('2030-02-25T08:00:00Z'))).to.equal(1);
    expect(await sent(idCita)).to.deep.equal(['PACIENTE:24@2030-02-25T10:00:00', 'PSICOLOGO:24@2030-02-25T10:00:00', 'PACIENTE:2@2030-02-25T10:00:00']);
  });

  it('two lead times, each exactly once across a server restart, in English and the user’s zone, by mail and push', async () => {
    const john = await newPaciente(srv, 'John');
    await ajustes(john, { idioma: 'en', timezone: 'America/New_York', recordatorios: [24, 2] });
    await withDevice(john, 'john');
    const idCita = await newCita(srv, john.idPaciente, psi.idPsicologo, '2030-03-15T10:00:00'); // 09:00Z, 05:00 in New York
    const serverAt = async (iso: string) => {
      clock.set(at(iso));
      const s = await startServer({ config: { ...srv.config, port: 0 }, database: srv.db, push: srv.push, clock });
      await s.reminders.stop(); // waits for the pass every server makes at start
      const again = await s.reminders.runOnce();
      await s.close();
      return again;
    };
    expect(await serverAt('2030-03-14T09:00:30Z')).to.equal(0);
    expect(await sent(idCita)).to.deep.equal(['PACIENTE:24@2030-03-15T10:00:00', 'PSICOLOGO:24@2030-03-15T10:00:00']);
    expect(await serverAt('2030-03-15T07:00:00Z')).to.equal(0);
    expect(await serverAt('2030-03-15T07:30:00Z')).to.equal(0);
    expect(await sent(idCita)).to.have.length(3);
    expect((await sent(idCita))[2]).to.equal('PACIENTE:2@2030-03-15T10:00:00');

    const deadline = Date.now() + 10_000;
    while ((reminderMails(john).length < 2 || reminderPushes('john').length < 2) && Date.now() < deadline) await settle(50);
    await settle(500);
    const mails = reminderMails(john);
    expect(mails.map((m) => m.subject)).to.deep.equal(['Appointment reminder: Friday, 15 March 2030, 05:00', 'Appointment reminder: Friday, 15 March 2030, 05:00']);
    expect(mails[0].text).to.include('This is a reminder of your appointment with Laura Gómez on Friday, 15 March 2030 at 05:00 (America/New_York time).');
    const pushes = reminderPushes('john');
    expect(pushes).to.have.length(2);
    expect(pushes[0]).to.deep.include({ title: 'Appointment reminder', body: 'Friday, 15 March 2030, 05:00 (America/New_York)' });
    // The psychologist by their own settings: Spanish, the practice's zone, 24 h only.
    await waitMailsTo(srv, psi.email, 1);
    const laura = reminderMails(psi).filter((m) => m.subject.includes('15 de marzo'));
    expect(laura.map((m) => m.subject)).to.deep.equal(['Recordatorio de cita: viernes 15 de marzo de 2030, 10:00']);
    expect(laura[0].text).to.include('Le recordamos su cita con su paciente John');
    expect(reminderPushes('laura').filter((p) => p.body.includes('15 de marzo'))).to.have.length(1);
  });
});
