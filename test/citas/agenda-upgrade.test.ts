import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { upgradeLegacyAgendas } from '../../src/commands/agenda-upgrade.ts';
import { tramoBloqueo, tramoCita } from '../../src/platform/agenda-time.ts';
import { asignar, newPaciente, newPsicologo } from '../clinico/support.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const ZONE = 'Europe/Madrid';

const ev = (type: string, data: Record<string, unknown>) => ({
  type, data,
  metadata: { eventId: randomUUID(), actor: { idUsuario: null, rol: 'SYSTEM' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
});

describe('agendas written before the per-day streams', function () {
  this.timeout(60_000);
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(async () => srv.stop());

  /** An appointment as the previous version stored it: its stream and its slot in `agenda-<idPsicologo>`. */
  async function legacyCita(idPsicologo: number, idPaciente: number, startDatetime: string, cancelled = false): Promise<number> {
    const idCita = await srv.deps.ids('cita');
    const t = tramoCita(startDatetime, 50, ZONE)!;
    const ref = { idCita, idPaciente, idPsicologo };
    const cita = [ev('CitaCreada', { ...ref, startDatetime, durationMinutes: 50, motivo: 'Seguimiento', endDatetime: t.endDatetime })];
    const slot = [ev('HuecoReservado', { idPsicologo, idCita, inicio: t.inicio, fin: t.fin })];
    if (cancelled) {
      cita.push(ev('CitaCancelada', { ...ref, startDatetime, canceladaPor: 'PACIENTE' }));
      slot.push(ev('HuecoLiberado', { idPsicologo, idCita }));
    }
    await srv.deps.store.append([
      { streamId: `cita-${idCita}`, expected: 'noStream', events: cita },
      { streamId: `agenda-${idPsicologo}`, expected: 'any', events: slot },
    ]);
    return idCita;
  }

  it('carries live appointments and blocks into the day streams once; new bookings are checked against them', async () => {
    const admin = await srv.adminToken();
    const psi = await newPsicologo(srv, admin);
    const otro = await newPsicologo(srv, admin);
    const ana = await newPaciente(srv);
    const luis = await newPaciente(srv);
    await asignar(srv, admin, ana.idPaciente, psi.idPsicologo);
    await legacyCita(psi.idPsicologo, ana.idPaciente, '2031-06-10T10:00:00');
    await legacyCita(psi.idPsicologo, ana.idPaciente, '2031-06-10T12:00:00', true);
    await legacyCita(psi.idPsicologo, ana.idPaciente, '2020-06-10T10:00:00'); // in the past
    const idBloqueo = await srv.deps.ids('bloqueo');
    const b = tramoBloqueo('2031-06-11', null, null, ZONE)!;
    await srv.deps.store.append([{ streamId: `agenda-${psi.idPsicologo}`, expected: 'any', events: [ev('BloqueoCreado', {
      idPsicologo: psi.idPsicologo, idBloqueo, fecha: '2031-06-11', horaInicio: '00:00', horaFin: '23:59', diaCompleto: true, motivo: 'Congreso', ...b,
    })] }]);

    const report = await upgradeLegacyAgendas(srv.deps);
    expect(report).to.deep.equal({ streams: 1, citas: 1, bloqueos: 1, solapesPaciente: 0 });

    const book = (token: string, idPsicologo: number, startDatetime: string) =>
      srv.request('POST', '/api/citas', { token, body: { idPsicologo, startDatetime } });
    expect((await book(luis.token, psi.idPsicologo, '2031-06-10T10:20:00')).status, 'overlaps the old appointment').to.equal(409);
    expect((await book(ana.token, otro.idPsicologo, '2031-06-10T10:30:00')).status, 'the patient\'s own old appointment').to.equal(409);
    expect((await book(luis.token, psi.idPsicologo, '2031-06-11T09:00:00')).status, 'the old block').to.equal(409);
    expect((await book(luis.token, psi.idPsicologo, '2031-06-10T12:00:00')).status, 'the cancelled one blocks nothing').to.equal(201);

    // A second run finds the stream marked and writes nothing.
    const count = async () => Number((await srv.deps.knex('events').count({ n: '*' }).first())!.n);
    const before = await count();
    expect(await upgradeLegacyAgendas(srv.deps)).to.deep.equal({ streams: 0, citas: 0, bloqueos: 0, solapesPaciente: 0 });
    expect(await count()).to.equal(before);

    // The old block can be deleted now, and its day is free again.
    const del = await srv.request('DELETE', `/api/psicologo/bloqueos/${idBloqueo}`, { token: psi.token });
    expect(del.status, del.text).to.equal(204);
    expect((await book(luis.token, psi.idPsicologo, '2031-06-11T09:00:00')).status).to.equal(201);
  });
});
