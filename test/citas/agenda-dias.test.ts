import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../support/server.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { expectError } from '../http/helpers.ts';
import { asignar, at, book, newPaciente, newPsicologo, Y, ZONE, type Paciente, type Psicologo } from './support.ts';
import { FakeKurrentClient } from '../eventstore/kurrentdb-fake.ts';
import { KurrentEventStore } from '../../src/eventstore/kurrentdb.ts';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import type { EventStore, NewEvent } from '../../src/eventstore/port.ts';
import { cancelarCita, crearBloqueo, eliminarBloqueo, reprogramarCita, reservarCita } from '../../src/commands/citas.ts';
import type { CommandDeps } from '../../src/commands/deps.ts';
import type { Config } from '../../src/platform/config.ts';
import { loadLimits } from '../../src/platform/limits.ts';
import { systemClock } from '../../src/platform/clock.ts';
import { sequenceIds } from '../../src/platform/ids.ts';
import { commandLookups } from '../../src/command-lookups.ts';
import { AppError } from '../../src/platform/errors.ts';
import { tramoCita } from '../../src/platform/agenda-time.ts';
import { agendaDiaStream, agendaPacienteDiaStream } from '../../src/events/agenda.ts';

// The agenda's day streams (src/events/agenda.ts, docs/architecture.md "Agenda conflicts"):
// through the API on PostgreSQL, and through the application services on both event stores
// (KurrentDB as the in-memory stand-in of its client), with a store that records what is read.

const PACIENTE_SOLAPA = 'Ya tiene otra cita que se solapa con ese horario (con este u otro psicólogo)';

describe('agenda by day: the API', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let admin: string;
  let psi: Psicologo;
  let otro: Psicologo;
  let ana: Paciente;
  let luis: Paciente;

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    psi = await newPsicologo(srv, admin);
    otro = await newPsicologo(srv, admin, 'Marta', 'Ruiz');
    ana = await newPaciente(srv, 'Ana');
    luis = await newPaciente(srv, 'Luis');
    for (const p of [ana, luis]) await asignar(srv, admin, p.idPaciente, psi.idPsicologo);
  });
  after(async () => { await srv?.stop(); });

  const post = (p: Paciente, idPsicologo: number, startDatetime: string, durationMinutes = 50) =>
    srv.request('POST', '/api/citas', { token: p.token, body: { idPsicologo, startDatetime, durationMinutes, motivo: 'Seguimiento' } });
  const types = async (streamId: string) => (await srv.deps.store.readStream(streamId)).map((e) => e.type);

  it('an appointment crossing midnight takes both days: a booking early the next day conflicts', async () => {
    const c = await book(srv, ana, psi.idPsicologo, at('07-01', '23:30'), 60);
    expectError(await post(luis, psi.idPsicologo, at('07-02', '00:00'), 30), 409);
    expect((await post(luis, psi.idPsicologo, at('07-02', '00:30'), 30)).status).to.equal(201);
    expect(await types(`agenda-${psi.idPsicologo}-${Y}-07-01`)).to.deep.equal(['HuecoReservado']);
    expect(await types(`agenda-${psi.idPsicologo}-${Y}-07-02`)).to.deep.equal(['HuecoReservado', 'HuecoReservado']);
    expect(await types(`agenda-paciente-${ana.idPaciente}-${Y}-07-02`)).to.deep.equal(['HorarioPacienteReservado']);
    // Cancelling frees both days.
    expect((await srv.request('DELETE', `/api/citas/${c.idCita}`, { token: ana.token })).status).to.equal(204);
    expect((await post(luis, psi.idPsicologo, at('07-01', '23:45'), 30)).status).to.equal(201);
    expect(await types(`agenda-${psi.idPsicologo}-${Y}-07-02`)).to.deep.equal(['HuecoReservado', 'HuecoReservado', 'HuecoLiberado', 'HuecoReservado']);
  });

  it('moving an appointment to another day frees the old slot and takes the new one, in both agendas', async () => {
    const c = await book(srv, ana, psi.idPsicologo, at('07-10', '10:00'));
    const r = await srv.request('PUT', `/api/citas/${c.idCita}`, { token: ana.token, body: { startDatetime: at('07-11', '10:00') } });
    expect(r.status, r.text).to.equal(200);
    expect(await types(`agenda-${psi.idPsicologo}-${Y}-07-10`)).to.deep.equal(['HuecoReservado', 'HuecoLiberado']);
    expect(await types(`agenda-paciente-${ana.idPaciente}-${Y}-07-10`)).to.deep.equal(['HorarioPacienteReservado', 'HorarioPacienteLiberado']);
    expect((await post(luis, psi.idPsicologo, at('07-10', '10:00'))).status).to.equal(201);
    expectError(await post(luis, psi.idPsicologo, at('07-11', '10:30')), 409);
    // Ana's own old time is free for her again, with another psychologist.
    expect((await post(ana, otro.idPsicologo, at('07-10', '10:00'))).status).to.equal(201);
    // Moving within a day is a move on that day.
    const m = await srv.request('PUT', `/api/citas/${c.idCita}`, { token: ana.token, body: { startDatetime: at('07-11', '12:00') } });
    expect(m.status, m.text).to.equal(200);
    expect(await types(`agenda-${psi.idPsicologo}-${Y}-07-11`)).to.deep.equal(['HuecoReservado', 'HuecoMovido']);
  });

  it('a patient may not hold two overlapping appointments, even with two psychologists: 409 with a Spanish mensaje', async () => {
    await book(srv, luis, psi.idPsicologo, at('07-20', '10:00'));
    const r = await post(luis, otro.idPsicologo, at('07-20', '10:30'));
    expectError(r, 409);
    expect(r.body.mensaje).to.equal(PACIENTE_SOLAPA);
    expect((await post(luis, otro.idPsicologo, at('07-20', '10:50'))).status).to.equal(201);
    // Moving into one's own other appointment is refused the same way.
    const other = await book(srv, luis, otro.idPsicologo, at('07-21', '09:00'));
    const move = await srv.request('PUT', `/api/citas/${other.idCita}`, { token: luis.token, body: { startDatetime: at('07-20', '09:30') } });
    expectError(move, 409);
    expect(move.body.mensaje).to.equal(PACIENTE_SOLAPA);
  });

  it('a block spanning a booked slot is refused; a block holds until deleted, and deleting it frees its day', async () => {
    await book(srv, ana, psi.idPsicologo, at('07-25', '12:00'));
    const blockOver = await srv.request('POST', '/api/psicologo/bloqueos', { token: psi.token, body: { fecha: `${Y}-07-25`, horaInicio: '11:00', horaFin: '13:00', motivo: 'Formación' } });
    expectError(blockOver, 409);
    const wholeDay = await srv.request('POST', '/api/psicologo/bloqueos', { token: psi.token, body: { fecha: `${Y}-07-25`, motivo: 'Libre' } });
    expectError(wholeDay, 409);
    const b = await srv.request('POST', '/api/psicologo/bloqueos', { token: psi.token, body: { fecha: `${Y}-07-26`, motivo: 'Libre' } });
    expect(b.status, b.text).to.equal(201);
    expectError(await post(luis, psi.idPsicologo, at('07-26', '09:00')), 409);
    expect(await types(`bloqueo-${b.body.idBloqueo}`)).to.deep.equal(['BloqueoUbicado']);
    expectError(await srv.request('DELETE', `/api/psicologo/bloqueos/${b.body.idBloqueo}`, { token: otro.token }), 404);
    expect((await srv.request('DELETE', `/api/psicologo/bloqueos/${b.body.idBloqueo}`, { token: psi.token })).status).to.equal(204);
    expectError(await srv.request('DELETE', `/api/psicologo/bloqueos/${b.body.idBloqueo}`, { token: psi.token }), 404);
    expect((await post(luis, psi.idPsicologo, at('07-26', '09:00'))).status).to.equal(201);
    expect(await types(`agenda-${psi.idPsicologo}-${Y}-07-26`)).to.deep.equal(['BloqueoCreado', 'BloqueoEliminado', 'HuecoReservado']);
  });
});

/** A store that records the streams read, and the round trips that read them (one per call). */
function recording(inner: EventStore): EventStore & { reads: string[]; trips: string[][] } {
  const reads: string[] = [];
  const trips: string[][] = [];
  return Object.assign(Object.create(inner) as EventStore, {
    reads,
    trips,
    readStream: (streamId: string) => {
      reads.push(streamId);
      trips.push([streamId]);
      return inner.readStream(streamId);
    },
    readStreams: (streamIds: readonly string[]) => {
      reads.push(...streamIds);
      trips.push([...streamIds]);
      return inner.readStreams(streamIds);
    },
    append: inner.append.bind(inner),
  });
}

const ev = (type: string, data: Record<string, unknown>): NewEvent => ({
  type, data, metadata: { eventId: randomUUID(), actor: { idUsuario: null, rol: null }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
});

const status = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.status;
    throw err;
  }
};

const stores: [string, (db: TestDatabase) => EventStore][] = [
  ['PostgreSQL', (db) => new PostgresEventStore(db.knex, db.url)],
  ['KurrentDB (in-memory client)', () => new KurrentEventStore(new FakeKurrentClient().asClient())],
];

for (const [name, open] of stores) {
  describe(`agenda by day: the application services on ${name}`, function () {
    this.timeout(120_000);
    let db: TestDatabase;
    let store: EventStore;
    let deps: CommandDeps;
    const ID_PSI = 7;
    const actor = { idUsuario: 1, rol: 'PACIENTE' };

    before(async () => {
      db = await createTestDatabase();
      store = open(db);
      deps = {
        store, knex: db.knex, clock: systemClock, config: { practiceTimezone: ZONE, limits: loadLimits({}) } as Config, ids: sequenceIds(db.knex),
        lookupHash: () => { throw new Error('not used'); }, lookups: commandLookups(db.knex),
      };
      await store.append([{ streamId: `psicologo-${ID_PSI}`, expected: 'noStream', events: [ev('PsicologoRegistrado', {
        idPsicologo: ID_PSI, idUsuario: 70, especialidad: null, experiencia: 3, descripcion: null, licencia: null,
      })] }]);
    });
    after(async () => {
      await store?.close();
      await db?.drop();
    });

    const reservar = (idPaciente: number, startDatetime: string, durationMinutes = 50, s: EventStore = store) =>
      reservarCita({ ...deps, store: s }, actor, idPaciente, { idPsicologo: ID_PSI, startDatetime, durationMinutes, motivo: null });

    it('checks the psychologist on its own stream, not on a read model', async () => {
      expect(await status(reservarCita(deps, actor, 1, { idPsicologo: 999, startDatetime: at('03-01', '10:00') }))).to.equal(400);
      expect(await db.knex('psicologos').count({ n: '*' })).to.deep.equal([{ n: '0' }]);
      expect(await status(reservar(1, at('03-01', '10:00')))).to.equal('ok');
    });

    it('a booking in an agenda with a long history reads only the day streams it touches', async () => {
      // A long past: many days of appointments of this psychologist, and the legacy whole-agenda stream.
      const writes = [];
      for (let d = 0; d < 200; d++) {
        const dia = new Date(Date.UTC(Y - 2, 3, 1) + d * 86_400_000).toISOString().slice(0, 10);
        const events = [];
        for (let h = 8; h < 13; h++) {
          const t = tramoCita(`${dia}T${String(h).padStart(2, '0')}:00:00`, 50, ZONE)!;
          events.push(ev('HuecoReservado', { idPsicologo: ID_PSI, idCita: 100_000 + d * 10 + h, inicio: t.inicio, fin: t.fin }));
        }
        writes.push({ streamId: agendaDiaStream(ID_PSI, dia), expected: 'any' as const, events });
      }
      writes.push({ streamId: `agenda-${ID_PSI}`, expected: 'any' as const, events: [ev('HuecoReservado', { idPsicologo: ID_PSI, idCita: 99_999, inicio: '2030-01-01T10:00:00Z', fin: '2030-01-01T11:00:00Z' })] });
      await store.append(writes);
      const rec = recording(store);
      const { idCita } = await reservar(2, at('12-01', '10:00'), 50, rec);
      expect(rec.reads).to.deep.equal([
        // horario-<id>: the working-hours template (src/commands/horario.ts), one short stream;
        // reservas-paciente-<id>: what the patient booked themselves, for their limits (docs/limits.md);
        // paciente-<id>: whether the practice assigned them to this psychologist (the unassigned cap);
        // consentimientos-requeridos: the consents the practice requires before booking (docs/care.md).
        `psicologo-${ID_PSI}`, 'consentimientos-requeridos', 'paciente-2', `horario-${ID_PSI}`, 'reservas-paciente-2', agendaDiaStream(ID_PSI, `${Y}-12-01`), agendaPacienteDiaStream(2, `${Y}-12-01`),
        // The appointment's own stream, new (its id just taken from the sequence): not read where the store trusts that (PostgreSQL).
        ...(store.skipsFreshReads ? [] : [`cita-${idCita}`]),
      ]);
      // One round trip before the id is taken, with every stream the append holds its checks on; the
      // command folds those instead of reading them again.
      expect(rec.trips.map((t) => t.length)).to.deep.equal(store.skipsFreshReads ? [7] : [7, 1]);
      // Across midnight: both days, in both agendas.
      const rec2 = recording(store);
      const late = await reservar(2, at('12-01', '23:30'), 60, rec2);
      expect(rec2.reads.slice(5, 9)).to.deep.equal([
        agendaDiaStream(ID_PSI, `${Y}-12-01`), agendaDiaStream(ID_PSI, `${Y}-12-02`),
        agendaPacienteDiaStream(2, `${Y}-12-01`), agendaPacienteDiaStream(2, `${Y}-12-02`),
      ]);
      expect(await status(reservar(3, at('12-02', '00:15'), 30))).to.equal(409);
      // Cancelling reads the appointment, the patient's count and its days, nothing else.
      const rec3 = recording(store);
      await cancelarCita({ ...deps, store: rec3 }, actor, late.idCita, { idPaciente: 2 }, 'PACIENTE');
      expect(rec3.reads).to.deep.equal([
        `cita-${late.idCita}`, `cita-${late.idCita}`, 'reservas-paciente-2', agendaDiaStream(ID_PSI, `${Y}-12-01`), agendaDiaStream(ID_PSI, `${Y}-12-02`),
        agendaPacienteDiaStream(2, `${Y}-12-01`), agendaPacienteDiaStream(2, `${Y}-12-02`),
      ]);
      expect(rec3.trips.map((t) => t.length)).to.deep.equal([1, 6]);
      expect(await status(reservar(3, at('12-02', '00:15'), 30))).to.equal('ok');
    });

    it('concurrent bookings of one slot: one wins, the others are decided again and refused with 409', async () => {
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => status(reservar(20 + i, at('09-15', '10:00')))));
      expect(results.sort((a, b) => String(a).localeCompare(String(b)))).to.deep.equal([...Array(9).fill(409), 'ok']);
    });

    it('moves across days and patients\' overlaps through the day streams', async () => {
      const { idCita } = await reservar(40, at('10-01', '10:00'));
      expect(await status(reservar(41, at('10-01', '10:00')))).to.equal(409);
      await reprogramarCita(deps, actor, idCita, { idPaciente: 40 }, { startDatetime: at('10-02', '10:00') });
      expect(await status(reservar(41, at('10-01', '10:00')))).to.equal('ok');
      expect(await status(reservar(42, at('10-02', '10:20')))).to.equal(409);
      // Patient 40 with another psychologist at an overlapping time.
      await store.append([{ streamId: 'psicologo-8', expected: 'noStream', events: [ev('PsicologoRegistrado', {
        idPsicologo: 8, idUsuario: 80, especialidad: null, experiencia: 1, descripcion: null, licencia: null,
      })] }]);
      expect(await status(reservarCita(deps, actor, 40, { idPsicologo: 8, startDatetime: at('10-02', '10:40') }))).to.equal(409);
      expect(await status(reservarCita(deps, actor, 40, { idPsicologo: 8, startDatetime: at('10-02', '10:50') }))).to.equal('ok');
    });

    it('blocks lie on their day; deleting one reads where it lies, not the agenda\'s history', async () => {
      await reservar(50, at('11-05', '12:00'));
      expect(await status(crearBloqueo(deps, actor, ID_PSI, { fecha: `${Y}-11-05`, horaInicio: '11:30', horaFin: '12:30', motivo: 'Reunión' }))).to.equal(409);
      const { idBloqueo } = await crearBloqueo(deps, actor, ID_PSI, { fecha: `${Y}-11-06`, motivo: 'Congreso' });
      expect(await status(reservar(51, at('11-06', '23:30'), 30))).to.equal(409);
      expect(await status(eliminarBloqueo(deps, actor, 8, idBloqueo))).to.equal(404);
      const rec = recording(store);
      await eliminarBloqueo({ ...deps, store: rec }, actor, ID_PSI, idBloqueo);
      expect(rec.reads).to.deep.equal([`bloqueo-${idBloqueo}`, agendaDiaStream(ID_PSI, `${Y}-11-06`)]);
      expect(await status(reservar(51, at('11-06', '23:30'), 30))).to.equal('ok');
    });
  });
}
