import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { expect } from 'chai';
import { AGENDA_MARKER, SCAN_STREAM, upgradeLegacyAgendas, type UpgradeReport } from '../../src/commands/agenda-upgrade.ts';
import { tramoBloqueo, tramoCita } from '../../src/platform/agenda-time.ts';
import { asignar, newPaciente, newPsicologo } from '../clinico/support.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { logEvents } from '../support/log.ts';
import { startServer } from '../../src/server.ts';
import { RecordingPush } from '../../src/reactors/push/push.ts';
import { Y } from './support.ts';

// A database written by the version with one `agenda-<idPsicologo>` stream (git show 03e97e1:src/commands/citas.ts):
// a booking appended CitaCreada to cita-<id> and HuecoReservado to agenda-<idPsicologo>; a cancellation
// CitaCancelada + HuecoLiberado; a block BloqueoCreado on agenda-<idPsicologo>. No patient day streams.

const ZONE = 'Europe/Madrid';
const BOOKED_AT = '2025-01-15T09:00:00.000Z';

const ev = (type: string, data: Record<string, unknown>) => ({
  type, data,
  metadata: { eventId: randomUUID(), actor: { idUsuario: 1, rol: 'PACIENTE' }, correlationId: randomUUID(), causationId: null, occurredAt: BOOKED_AT },
});

const zero: UpgradeReport = { streams: 0, citas: 0, bloqueos: 0, pasadas: 0, noVigentes: 0, sinCita: 0, conflictos: 0, solapesPaciente: 0 };

describe('agendas written before the per-day streams', function () {
  this.timeout(60_000);
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(async () => srv.stop());

  /** An appointment as the previous version stored it: its stream and its slot in `agenda-<idPsicologo>`. */
  async function legacyCita(idPsicologo: number, idPaciente: number, startDatetime: string, opts: { cancelled?: boolean; completed?: boolean; minutes?: number } = {}): Promise<number> {
    const idCita = await srv.deps.ids('cita');
    const minutes = opts.minutes ?? 50;
    const t = tramoCita(startDatetime, minutes, ZONE)!;
    const ref = { idCita, idPaciente, idPsicologo };
    const cita = [ev('CitaCreada', { ...ref, startDatetime, durationMinutes: minutes, motivo: 'Seguimiento', endDatetime: t.endDatetime })];
    const slot = [ev('HuecoReservado', { idPsicologo, idCita, inicio: t.inicio, fin: t.fin })];
    if (opts.cancelled) {
      cita.push(ev('CitaCancelada', { ...ref, startDatetime, canceladaPor: 'PACIENTE' }));
      slot.push(ev('HuecoLiberado', { idPsicologo, idCita }));
    }
    if (opts.completed) cita.push(ev('CitaCompletada', ref)); // the old code kept the slot of a completed one
    await srv.deps.store.append([
      { streamId: `cita-${idCita}`, expected: 'noStream', events: cita },
      { streamId: `agenda-${idPsicologo}`, expected: 'any', events: slot },
    ]);
    return idCita;
  }

  async function legacyBloqueo(idPsicologo: number, fecha: string): Promise<number> {
    const idBloqueo = await srv.deps.ids('bloqueo');
    const b = tramoBloqueo(fecha, null, null, ZONE)!;
    await srv.deps.store.append([{ streamId: `agenda-${idPsicologo}`, expected: 'any', events: [ev('BloqueoCreado', {
      idPsicologo, idBloqueo, fecha, horaInicio: '00:00', horaFin: '23:59', diaCompleto: true, motivo: 'Congreso', ...b,
    })] }]);
    return idBloqueo;
  }

  // Events written, but for the KurrentDB scan's own progress record (SCAN_STREAM: where the next run starts).
  const count = async () => (await logEvents(srv)).filter((e) => e.streamId !== SCAN_STREAM).length;
  const types = async (streamId: string) => (await srv.deps.store.readStream(streamId)).map((e) => e.type);
  const book = (token: string, idPsicologo: number, startDatetime: string) =>
    srv.request('POST', '/api/citas', { token, body: { idPsicologo, startDatetime } });

  it('carries live appointments and blocks into the day streams once, in one append; new bookings are checked against them', async () => {
    const admin = await srv.adminToken();
    const psi = await newPsicologo(srv, admin);
    const otro = await newPsicologo(srv, admin);
    const ana = await newPaciente(srv);
    const luis = await newPaciente(srv);
    await asignar(srv, admin, ana.idPaciente, psi.idPsicologo);
    const vieja = await legacyCita(psi.idPsicologo, ana.idPaciente, `${Y}-06-10T10:00:00`);
    await legacyCita(psi.idPsicologo, ana.idPaciente, `${Y}-06-10T12:00:00`, { cancelled: true });
    await legacyCita(psi.idPsicologo, ana.idPaciente, '2020-06-10T10:00:00'); // in the past
    await legacyCita(psi.idPsicologo, ana.idPaciente, `${Y}-06-10T14:00:00`, { completed: true });
    const noche = await legacyCita(psi.idPsicologo, luis.idPaciente, `${Y}-06-12T23:30:00`, { minutes: 60 }); // crosses local midnight
    // Allowed before: the same patient with another psychologist at an overlapping time.
    const solape = await legacyCita(otro.idPsicologo, ana.idPaciente, `${Y}-06-10T10:30:00`);
    const idBloqueo = await legacyBloqueo(psi.idPsicologo, `${Y}-06-11`);

    const report = await upgradeLegacyAgendas(srv.deps);
    expect(report).to.deep.equal({ ...zero, streams: 2, citas: 3, bloqueos: 1, pasadas: 1, noVigentes: 1, solapesPaciente: 1 });

    // What was written: the booking's events on every day, the block's two, and a marker without a patient id.
    expect(await types(`agenda-${psi.idPsicologo}-${Y}-06-10`)).to.deep.equal(['HuecoReservado']);
    expect(await types(`agenda-${psi.idPsicologo}-${Y}-06-12`)).to.deep.equal(['HuecoReservado']);
    expect(await types(`agenda-${psi.idPsicologo}-${Y}-06-13`)).to.deep.equal(['HuecoReservado']);
    expect(await types(`agenda-paciente-${luis.idPaciente}-${Y}-06-13`)).to.deep.equal(['HorarioPacienteReservado']);
    expect(await types(`agenda-${psi.idPsicologo}-${Y}-06-11`)).to.deep.equal(['BloqueoCreado']);
    expect(await types(`bloqueo-${idBloqueo}`)).to.deep.equal(['BloqueoUbicado']);
    expect(await types(`agenda-${psi.idPsicologo}-2020-06-10`), 'past: no day stream').to.deep.equal([]);
    const anaDay = await srv.deps.store.readStream(`agenda-paciente-${ana.idPaciente}-${Y}-06-10`);
    expect(anaDay.map((e) => e.data.idCita)).to.have.members([vieja, solape]);
    // The carried events keep the booking's instant: the retention read model's activity does not move.
    expect(anaDay.map((e) => e.metadata.occurredAt)).to.deep.equal([BOOKED_AT, BOOKED_AT]);
    const marker = (await srv.deps.store.readStream(`agenda-${psi.idPsicologo}`)).at(-1)!;
    expect(marker.type).to.equal(AGENDA_MARKER);
    expect(marker.data).to.deep.equal({ idPsicologo: psi.idPsicologo, citas: 2, bloqueos: 1 });
    // One append per legacy stream: everything of psi's agenda in one transaction (PostgreSQL's
    // transaction ids; KurrentDB's multi-stream append shows no such id, the contract suite checks its atomicity).
    if (srv.config.eventStore === 'postgres') {
      const txs = await srv.deps.knex('events').whereRaw("metadata->>'correlationId' = ?", [marker.metadata.correlationId]).distinct('tx_id');
      expect(txs).to.have.length(1);
    }

    expect((await book(luis.token, psi.idPsicologo, `${Y}-06-10T10:20:00`)).status, 'overlaps the old appointment').to.equal(409);
    expect((await book(ana.token, otro.idPsicologo, `${Y}-06-10T09:30:00`)).status, 'the patient\'s own old appointment').to.equal(409);
    expect((await book(luis.token, otro.idPsicologo, `${Y}-06-13T00:00:00`)).status, 'the second day of the one crossing midnight').to.equal(409);
    expect((await book(luis.token, psi.idPsicologo, `${Y}-06-11T09:00:00`)).status, 'the old block').to.equal(409);
    expect((await book(luis.token, psi.idPsicologo, `${Y}-06-10T12:00:00`)).status, 'the cancelled one blocks nothing').to.equal(201);
    expect((await book(luis.token, psi.idPsicologo, `${Y}-06-10T14:00:00`)).status, 'nor the completed one').to.equal(201);

    // A second run finds the streams marked and writes nothing.
    const before = await count();
    expect(await upgradeLegacyAgendas(srv.deps)).to.deep.equal(zero);
    expect(await count()).to.equal(before);

    // The old block can be deleted now, and its day is free again; the old appointment can be cancelled, and its slot is free.
    const del = await srv.request('DELETE', `/api/psicologo/bloqueos/${idBloqueo}`, { token: psi.token });
    expect(del.status, del.text).to.equal(204);
    expect((await book(luis.token, psi.idPsicologo, `${Y}-06-11T09:00:00`)).status).to.equal(201);
    const cancel = await srv.request('DELETE', `/api/citas/${vieja}`, { token: ana.token });
    expect(cancel.status, cancel.text).to.be.oneOf([200, 204]);
    expect((await book(luis.token, psi.idPsicologo, `${Y}-06-10T10:20:00`)).status, 'freed by the cancellation').to.equal(201);
    void noche;
  });

  it('records an old appointment even when a booking reached its day first, and two concurrent runs upgrade a stream once', async () => {
    const admin = await srv.adminToken();
    const psi = await newPsicologo(srv, admin);
    const ana = await newPaciente(srv);
    const luis = await newPaciente(srv);
    // Booked with today's code before the upgrade ran (the double booking the upgrade is there to stop).
    expect((await book(luis.token, psi.idPsicologo, `${Y}-07-01T10:00:00`)).status).to.equal(201);
    await legacyCita(psi.idPsicologo, ana.idPaciente, `${Y}-07-01T10:20:00`);
    await legacyCita(psi.idPsicologo, ana.idPaciente, `${Y}-07-02T10:00:00`);

    const lines: string[] = [];
    const [a, b] = await Promise.all([
      upgradeLegacyAgendas(srv.deps, (l) => lines.push(l)),
      upgradeLegacyAgendas(srv.deps, (l) => lines.push(l)),
    ]);
    expect(a.streams + b.streams, 'one of the two upgraded it').to.equal(1);
    expect(a.conflictos + b.conflictos).to.equal(1);
    expect(lines.some((l) => l.includes('recorded anyway'))).to.equal(true);
    expect(await types(`agenda-${psi.idPsicologo}-${Y}-07-01`)).to.deep.equal(['HuecoReservado', 'HuecoReservado']);
    expect(await types(`agenda-${psi.idPsicologo}-${Y}-07-02`)).to.deep.equal(['HuecoReservado']);
    expect((await types(`agenda-${psi.idPsicologo}`)).filter((t) => t === AGENDA_MARKER)).to.have.length(1);
    expect((await book(luis.token, psi.idPsicologo, `${Y}-07-02T10:10:00`)).status).to.equal(409);
  });

  it('runs at server start, before the server takes requests', async () => {
    const admin = await srv.adminToken();
    const psi = await newPsicologo(srv, admin);
    const ana = await newPaciente(srv);
    await legacyCita(psi.idPsicologo, ana.idPaciente, `${Y}-08-01T10:00:00`);
    const second = await startServer({ config: srv.config, database: srv.db, push: new RecordingPush() });
    try {
      expect((await types(`agenda-${psi.idPsicologo}`)).at(-1)).to.equal(AGENDA_MARKER);
      expect(await types(`agenda-${psi.idPsicologo}-${Y}-08-01`)).to.deep.equal(['HuecoReservado']);
    } finally {
      await second.close();
    }
  });

  it('agenda:upgrade refuses unknown arguments (exit 2) and explains itself with --help', () => {
    const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/agenda-upgrade.ts', ...args], { encoding: 'utf8' });
    const bad = run('--frobnicate');
    expect(bad.status).to.equal(2);
    expect(bad.stderr).to.match(/Unknown option/i);
    const help = run('--help');
    expect(help.status).to.equal(0);
    expect(help.stdout).to.match(/npm run agenda:upgrade/);
  });
});
