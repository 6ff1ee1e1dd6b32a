import { expect } from 'chai';
import { ManualClock } from '../../src/platform/clock.ts';
import { ReminderWorker, startReminderWorker } from '../../src/reactors/reminders.ts';
import { startServer } from '../../src/server.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { appendCita, cancelCita, citaEvents, mailsTo, newCita, newPaciente, newPsicologo, settle, waitMailsTo, type Persona } from './support.ts';

const ZONE = 'Europe/Madrid';
const at = (iso: string) => new Date(iso);

describe('24-hour appointment reminders', function () {
  this.timeout(120_000);
  const clock = new ManualClock(at('2030-01-10T08:00:00Z'));
  let srv: TestServer;
  let psi: Persona;
  let ana: Persona;
  let worker: ReminderWorker;
  const newWorker = () => new ReminderWorker({ knex: srv.deps.knex, store: srv.deps.store, clock, practiceTimezone: ZONE });
  // The patient's reminders; each appointment also has the psychologist's, at the same default lead time.
  const reminders = async (idCita: number) => (await citaEvents(srv, idCita))
    .filter((e) => e.type === 'CitaRecordatorioEnviado' && e.data.destinatario === 'PACIENTE');
  const cita = (startDatetime: string) => newCita(srv, ana.idPaciente, psi.idPsicologo, startDatetime);

  before(async () => {
    srv = await startTestServer({ clock });
    // The tests drive their own workers; the server's would race them (harmlessly, but unobservably).
    await srv.reminders.stop();
    const admin = await srv.adminToken();
    psi = await newPsicologo(srv, admin, 'Laura');
    ana = await newPaciente(srv, 'Ana');
    worker = newWorker();
  });
  after(async () => {
    await srv?.stop();
  });

  it('records one reminder 24 hours before the start for each party, and mails each', async () => {
    const idCita = await cita('2030-01-12T10:00:00'); // 09:00Z
    expect(await worker.runOnce(at('2030-01-11T08:59:59Z'))).to.equal(0);
    expect(await worker.runOnce(at('2030-01-11T09:00:00Z'))).to.equal(2);
    expect(await worker.runOnce(at('2030-01-11T09:00:30Z'))).to.equal(0);
    expect(await worker.runOnce(at('2030-01-12T08:00:00Z'))).to.equal(0);
    const [r] = await reminders(idCita);
    expect(r.data).to.deep.equal({
      idCita, idPaciente: ana.idPaciente, idPsicologo: psi.idPsicologo, startDatetime: '2030-01-12T10:00:00', destinatario: 'PACIENTE', antelacionHoras: 24,
    });
    expect(await reminders(idCita)).to.have.length(1);
    // The creation notice and the reminder come from two reactors: either may be delivered first.
    const mails = await waitMailsTo(srv, ana.email, 2);
    expect(mails.map((m) => m.subject)).to.have.members([
      'Nueva cita: sábado 12 de enero de 2030, 10:00', 'Recordatorio de cita: sábado 12 de enero de 2030, 10:00',
    ]);
    const reminder = mails.find((m) => m.subject.startsWith('Recordatorio'))!;
    expect(reminder.text).to.include('Le recordamos su cita con Laura Gómez el sábado 12 de enero de 2030 a las 10:00 (hora de Europe/Madrid).');
    const psiMails = await waitMailsTo(srv, psi.email, 2);
    expect(psiMails.find((m) => m.subject.startsWith('Recordatorio'))!.text).to.include('Le recordamos su cita con su paciente Ana');
  });

  it('counts 24 real hours across a daylight-saving change', async () => {
    // Madrid moves to summer time on 2030-03-31 at 02:00: 10:00 that day is 08:00Z, so the reminder
    // is due at 2030-03-30T08:00Z (09:00 local), not at 10:00 local the day before.
    const idCita = await cita('2030-03-31T10:00:00');
    expect(await worker.runOnce(at('2030-03-30T07:59:00Z'))).to.equal(0);
    expect(await worker.runOnce(at('2030-03-30T08:00:00Z'))).to.equal(2);
    expect(await reminders(idCita)).to.have.length(1);
  });

  it('sends exactly one reminder per appointment with two workers racing', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await cita(`2030-01-20T${String(9 + i).padStart(2, '0')}:00:00`));
    const now = at('2030-01-19T20:00:00Z');
    const other = newWorker();
    const counts = await Promise.all([worker.runOnce(now), other.runOnce(now), worker.runOnce(now), other.runOnce(now)]);
    expect(counts.reduce((a, b) => a + b, 0)).to.equal(16); // the patient's and the psychologist's
    for (const id of ids) expect(await reminders(id), `cita ${id}`).to.have.length(1);
    expect(await Promise.all([worker.runOnce(now), other.runOnce(now)])).to.deep.equal([0, 0]);
  });

  it('reminds a moved appointment for its new time only', async () => {
    const idCita = await cita('2030-02-01T10:00:00');
    const ref = { idCita, idPaciente: ana.idPaciente, idPsicologo: psi.idPsicologo };
    // Moved before its reminder: nothing at the old due time, one at the new one.
    await appendCita(srv, 'CitaReprogramada', { ...ref, startDatetime: '2030-02-03T10:00:00', durationMinutes: 50, motivo: null, anteriorStartDatetime: '2030-02-01T10:00:00' });
    expect(await worker.runOnce(at('2030-01-31T09:30:00Z'))).to.equal(0);
    expect(await worker.runOnce(at('2030-02-02T09:00:00Z'))).to.equal(2);
    // Moved after its reminder: reminded again, for the new start.
    await appendCita(srv, 'CitaReprogramada', { ...ref, startDatetime: '2030-02-05T16:00:00', durationMinutes: 50, motivo: null, anteriorStartDatetime: '2030-02-03T10:00:00' });
    expect(await worker.runOnce(at('2030-02-02T09:30:00Z'))).to.equal(0);
    expect(await worker.runOnce(at('2030-02-04T15:00:00Z'))).to.equal(2);
    expect((await reminders(idCita)).map((e) => e.data.startDatetime)).to.deep.equal(['2030-02-03T10:00:00', '2030-02-05T16:00:00']);
  });

  it('never reminds a cancelled or completed appointment', async () => {
    const cancelled = await cita('2030-02-10T10:00:00');
    await cancelCita(srv, { idCita: cancelled, idPaciente: ana.idPaciente, idPsicologo: psi.idPsicologo, startDatetime: '2030-02-10T10:00:00' });
    const done = await cita('2030-02-10T12:00:00');
    await appendCita(srv, 'CitaCompletada', { idCita: done, idPaciente: ana.idPaciente, idPsicologo: psi.idPsicologo });
    for (const t of ['2030-02-09T09:00:00Z', '2030-02-09T11:30:00Z', '2030-02-10T08:00:00Z']) expect(await worker.runOnce(at(t))).to.equal(0);
    expect(await reminders(cancelled)).to.deep.equal([]);
    expect(await reminders(done)).to.deep.equal([]);
    expect(await srv.db.knex('recordatorios').whereIn('id_cita', [cancelled, done]).count({ n: '*' })).to.deep.equal([{ n: '0' }]);
  });

  it('reminds a confirmed appointment, re-checking the stream when the read model lags behind it', async () => {
    const idCita = await cita('2030-02-15T10:00:00');
    await appendCita(srv, 'CitaConfirmada', { idCita, idPaciente: ana.idPaciente, idPsicologo: psi.idPsicologo });
    // The read model still says "not reminded" in the window between the append and its projection:
    // a second pass then reads the stream and records nothing.
    await srv.db.knex('recordatorios_enviados').where({ id_cita: idCita }).delete();
    expect(await worker.runOnce(at('2030-02-14T09:30:00Z'))).to.equal(2);
    await srv.db.knex('recordatorios_enviados').where({ id_cita: idCita }).delete();
    expect(await worker.runOnce(at('2030-02-14T09:31:00Z'))).to.equal(0);
    expect(await reminders(idCita)).to.have.length(1);
  });

  it('restarting a worker neither loses nor repeats a reminder', async () => {
    const idCita = await cita('2030-03-01T18:00:00'); // 17:00Z, due 2030-02-28T17:00Z
    clock.set(at('2030-02-28T12:00:00Z'));
    const first = startReminderWorker({ knex: srv.deps.knex, store: srv.deps.store, clock, practiceTimezone: ZONE });
    await first.stop();
    expect(await reminders(idCita)).to.deep.equal([]);
    clock.set(at('2030-02-28T18:00:00Z')); // due while no worker ran
    for (let i = 0; i < 3; i++) {
      const w = startReminderWorker({ knex: srv.deps.knex, store: srv.deps.store, clock, practiceTimezone: ZONE });
      await w.stop(); // waits for the pass it began at start
      expect(await reminders(idCita), `start ${i + 1}`).to.have.length(1);
    }
  });

  it('on server start, sends the reminders missed while down if the appointment is still ahead', async () => {
    clock.set(at('2030-03-05T08:00:00Z'));
    const ahead = await cita('2030-03-06T12:00:00'); // 11:00Z: due 2030-03-05T11:00Z
    const passed = await cita('2030-03-05T14:00:00'); // 13:00Z: due 2030-03-04T13:00Z, already due
    clock.set(at('2030-03-05T13:30:00Z')); // "down" across both due times; `passed` has started since
    const second = await startServer({ config: { ...srv.config, port: 0 }, database: srv.db, push: srv.push, clock });
    try {
      const deadline = Date.now() + 10_000;
      while ((await reminders(ahead)).length === 0 && Date.now() < deadline) await settle(50);
    } finally {
      await second.close();
    }
    expect(await reminders(ahead)).to.have.length(1);
    expect(await reminders(passed)).to.deep.equal([]);
  });
});
