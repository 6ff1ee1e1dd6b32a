import { expect } from 'chai';
import { DateTime } from 'luxon';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storedEvents } from '../support/log.ts';
import { expectError } from '../http/helpers.ts';
import { asignar, at, book, CITA_FIELDS, newPaciente, newPsicologo, ZONE, type Paciente, type Psicologo } from './support.ts';

describe('appointments (citas)', () => {
  let srv: TestServer;
  let admin: string;
  let ana: Paciente;
  let luis: Paciente;
  let mio: Psicologo;
  let otro: Psicologo;
  const req = (method: string, path: string, token?: string, body?: unknown) => srv.request(method, path, { token, body });

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    [ana, luis] = [await newPaciente(srv, 'Ana', 'Pérez'), await newPaciente(srv, 'Luis', 'Martín')];
    [mio, otro] = [await newPsicologo(srv, admin, 'Laura', 'Gómez'), await newPsicologo(srv, admin, 'Pablo', 'Sanz')];
    await asignar(srv, admin, ana.idPaciente, mio.idPsicologo);
    await asignar(srv, admin, luis.idPaciente, mio.idPsicologo);
  });
  after(async () => { await srv?.stop(); });

  describe('POST /api/citas', () => {
    it('creates a PENDIENTE appointment for the caller (201 with the record), readable by id', async () => {
      const r = await req('POST', '/api/citas', ana.token, { idPsicologo: mio.idPsicologo, startDatetime: at('02-01', '10:00'), durationMinutes: 50, motivo: 'Ansiedad en el trabajo' });
      expect(r.status, r.text).to.equal(201);
      expect(r.body).to.have.all.keys(...CITA_FIELDS);
      expect(r.body).to.include({
        idPaciente: ana.idPaciente, idPsicologo: mio.idPsicologo, nombrePsicologo: 'Laura Gómez', nombrePaciente: 'Ana Pérez',
        startDatetime: at('02-01', '10:00'), durationMinutes: 50, estado: 'PENDIENTE', motivo: 'Ansiedad en el trabajo',
      });
      expect(r.body.idCita).to.be.a('number');
      const one = await req('GET', `/api/citas/${r.body.idCita}`, ana.token);
      expect(one.status).to.equal(200);
      expect(one.body).to.deep.equal(r.body);
    });

    it('accepts HH:MM without seconds, defaults durationMinutes to 50 and allows no motivo', async () => {
      const r = await req('POST', '/api/citas', ana.token, { idPsicologo: mio.idPsicologo, startDatetime: `${at('02-02', '09:00').slice(0, 16)}` });
      expect(r.status, r.text).to.equal(201);
      expect(r.body).to.include({ startDatetime: at('02-02', '09:00'), durationMinutes: 50, motivo: null });
    });

    it('never takes idPaciente from the body, and rejects invalid bodies with 400', async () => {
      const ok = { idPsicologo: mio.idPsicologo, startDatetime: at('02-03', '10:00'), durationMinutes: 50, motivo: 'x' };
      const bad: unknown[] = [
        { ...ok, idPaciente: luis.idPaciente }, { ...ok, estado: 'CONFIRMADA' }, { ...ok, idPsicologo: undefined },
        { ...ok, startDatetime: undefined }, { ...ok, startDatetime: `${Y()}-02-03 10:00:00` }, { ...ok, startDatetime: `${Y()}-02-30T10:00:00` },
        { ...ok, startDatetime: `${Y()}-02-03T24:00:00` }, { ...ok, durationMinutes: 0 }, { ...ok, durationMinutes: -10 },
        { ...ok, durationMinutes: 601 }, { ...ok, durationMinutes: 1.5 }, { ...ok, durationMinutes: '50' }, { ...ok, idPsicologo: '1' },
        { ...ok, motivo: 'x'.repeat(1001) },
      ];
      for (const body of bad) expectError(await req('POST', '/api/citas', ana.token, body), 400);
      expect((await req('GET', '/api/citas', luis.token)).body).to.deep.equal([]);
    });

    it('answers 400 for an unknown psychologist', async () => {
      expectError(await req('POST', '/api/citas', ana.token, { idPsicologo: 999999, startDatetime: at('02-03', '10:00') }), 400, 'El psicólogo indicado no existe');
    });

    it('answers 400 for a start in the past in the practice\'s zone', async () => {
      const madrid = DateTime.now().setZone(ZONE);
      for (const past of [madrid.minus({ minutes: 5 }), madrid.minus({ days: 1 }), madrid.minus({ years: 1 })]) {
        const r = await req('POST', '/api/citas', ana.token, { idPsicologo: mio.idPsicologo, startDatetime: past.toFormat("yyyy-LL-dd'T'HH:mm:ss") });
        expectError(r, 400, 'La cita no puede estar en el pasado');
      }
      // An hour from now on Madrid's wall clock is in the future, whatever the server's own zone.
      const soon = madrid.plus({ hours: 1 }).toFormat("yyyy-LL-dd'T'HH:mm:ss");
      expect((await req('POST', '/api/citas', luis.token, { idPsicologo: otro.idPsicologo, startDatetime: soon })).status).to.equal(201);
    });

    it('answers 409 for an overlap with a live appointment of the same psychologist, whoever booked it', async () => {
      await book(srv, ana, mio.idPsicologo, at('02-04', '10:00'), 60);
      for (const [start, minutes] of [['10:00', 60], ['09:30', 45], ['10:59', 10], ['09:00', 180]] as const) {
        expectError(await req('POST', '/api/citas', luis.token, { idPsicologo: mio.idPsicologo, startDatetime: at('02-04', start), durationMinutes: minutes }), 409);
      }
      // Touching ends do not overlap; another psychologist's agenda is independent.
      await book(srv, luis, mio.idPsicologo, at('02-04', '11:00'), 30);
      await book(srv, luis, mio.idPsicologo, at('02-04', '09:00'), 60);
      await book(srv, luis, otro.idPsicologo, at('02-04', '10:00'), 60);
    });
  });

  describe('GET /api/citas and /api/citas/{id}', () => {
    it('lists only the caller\'s appointments, by idCita', async () => {
      const r = await req('GET', '/api/citas', ana.token);
      expect(r.status).to.equal(200);
      expect(r.body.length).to.be.greaterThan(1);
      for (const c of r.body) expect(c).to.have.all.keys(...CITA_FIELDS).and.include({ idPaciente: ana.idPaciente });
      const ids = r.body.map((c: any) => c.idCita);
      expect(ids).to.deep.equal([...ids].sort((a: number, b: number) => a - b));
    });

    it('answers 404 for another patient\'s appointment, exactly as for a missing one', async () => {
      const mine = await book(srv, luis, mio.idPsicologo, at('02-05', '10:00'));
      const other = await req('GET', `/api/citas/${mine.idCita}`, ana.token);
      const missing = await req('GET', '/api/citas/999999', ana.token);
      expectError(other, 404);
      expectError(missing, 404);
      expect(other.body.mensaje).to.equal(missing.body.mensaje);
      expectError(await req('PUT', `/api/citas/${mine.idCita}`, ana.token, { motivo: 'mío' }), 404);
      expectError(await req('DELETE', `/api/citas/${mine.idCita}`, ana.token), 404);
      expect((await req('GET', `/api/citas/${mine.idCita}`, luis.token)).body.estado).to.equal('PENDIENTE');
    });
  });

  describe('PUT /api/citas/{id}', () => {
    it('moves the appointment (200 with the record); the old slot is free again, the new one re-checked', async () => {
      const c = await book(srv, ana, mio.idPsicologo, at('02-08', '10:00'), 60);
      await book(srv, luis, mio.idPsicologo, at('02-08', '12:00'), 60);
      expectError(await req('PUT', `/api/citas/${c.idCita}`, ana.token, { startDatetime: at('02-08', '11:30') }), 409);
      // Overlapping only its own current slot is fine.
      const r = await req('PUT', `/api/citas/${c.idCita}`, ana.token, { startDatetime: at('02-08', '10:30'), motivo: 'Insomnio' });
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.deep.include({ ...c, startDatetime: at('02-08', '10:30'), motivo: 'Insomnio', estado: 'PENDIENTE' });
      await book(srv, luis, mio.idPsicologo, at('02-08', '09:00'), 90);
      expect((await req('GET', `/api/citas/${c.idCita}`, ana.token)).body).to.deep.equal(r.body);
    });

    it('changes only the motivo, or the duration; rejects empty, unknown and past changes with 400', async () => {
      const c = await book(srv, ana, mio.idPsicologo, at('02-09', '10:00'), 50);
      const m = await req('PUT', `/api/citas/${c.idCita}`, ana.token, { motivo: 'Duelo' });
      expect(m.body).to.include({ motivo: 'Duelo', startDatetime: c.startDatetime, durationMinutes: 50 });
      const d = await req('PUT', `/api/citas/${c.idCita}`, ana.token, { durationMinutes: 90 });
      expect(d.body).to.include({ durationMinutes: 90, motivo: 'Duelo' });
      expectError(await req('PUT', `/api/citas/${c.idCita}`, ana.token, {}), 400);
      expectError(await req('PUT', `/api/citas/${c.idCita}`, ana.token, { idPsicologo: otro.idPsicologo }), 400);
      expectError(await req('PUT', `/api/citas/${c.idCita}`, ana.token, { estado: 'CONFIRMADA' }), 400);
      expectError(await req('PUT', `/api/citas/${c.idCita}`, ana.token, { startDatetime: `${Y() - 2}-01-01T10:00:00` }), 400);
      expectError(await req('PUT', '/api/citas/999999', ana.token, { motivo: 'x' }), 404);
    });

    it('answers 409 for a cancelled or completed appointment', async () => {
      const c = await book(srv, ana, mio.idPsicologo, at('02-10', '10:00'));
      expect((await req('DELETE', `/api/citas/${c.idCita}`, ana.token)).status).to.equal(204);
      expectError(await req('PUT', `/api/citas/${c.idCita}`, ana.token, { motivo: 'otra' }), 409);
      const d = await book(srv, ana, mio.idPsicologo, at('02-10', '12:00'));
      await req('PUT', `/api/psicologo/citas/${d.idCita}`, mio.token, { estado: 'CONFIRMADA' });
      expect((await req('PUT', `/api/citas/${d.idCita}`, ana.token, { motivo: 'sigue' })).status).to.equal(200);
      await req('PUT', `/api/psicologo/citas/${d.idCita}`, mio.token, { estado: 'COMPLETADA' });
      expectError(await req('PUT', `/api/citas/${d.idCita}`, ana.token, { motivo: 'otra' }), 409);
    });
  });

  describe('DELETE /api/citas/{id}', () => {
    it('cancels (204): the appointment stays readable as CANCELADA and its slot can be booked again', async () => {
      const c = await book(srv, ana, mio.idPsicologo, at('02-11', '10:00'));
      const r = await req('DELETE', `/api/citas/${c.idCita}`, ana.token);
      expect(r.status, r.text).to.equal(204);
      expect(r.text).to.equal('');
      expect((await req('GET', `/api/citas/${c.idCita}`, ana.token)).body).to.deep.equal({ ...c, estado: 'CANCELADA' });
      expect((await req('GET', '/api/citas', ana.token)).body.map((x: any) => x.idCita)).to.include(c.idCita);
      await book(srv, luis, mio.idPsicologo, at('02-11', '10:00'));
      expectError(await req('DELETE', `/api/citas/${c.idCita}`, ana.token), 409);
      expectError(await req('DELETE', '/api/citas/999999', ana.token), 404);
    });
  });

  describe('the psychologist\'s appointments', () => {
    it('lists and reads only the appointments of their practice', async () => {
      // One patient may not hold two overlapping appointments, even with two psychologists.
      const theirs = await book(srv, luis, otro.idPsicologo, at('02-12', '10:00'));
      const mine = await book(srv, luis, mio.idPsicologo, at('02-12', '11:00'));
      const list = await req('GET', '/api/psicologo/citas', mio.token);
      expect(list.status).to.equal(200);
      for (const c of list.body) expect(c).to.have.all.keys(...CITA_FIELDS).and.include({ idPsicologo: mio.idPsicologo });
      expect(list.body.map((c: any) => c.idCita)).to.include(mine.idCita).and.not.include(theirs.idCita);
      expect((await req('GET', `/api/psicologo/citas/${mine.idCita}`, mio.token)).body).to.deep.equal(mine);
      expectError(await req('GET', `/api/psicologo/citas/${theirs.idCita}`, mio.token), 404);
      expectError(await req('PUT', `/api/psicologo/citas/${theirs.idCita}`, mio.token, { estado: 'CONFIRMADA' }), 404);
      expect((await req('GET', `/api/psicologo/citas/${theirs.idCita}`, otro.token)).body.estado).to.equal('PENDIENTE');
    });

    it('follows the transitions table exactly (200 for allowed moves, 409 for every other)', async () => {
      const ESTADOS = ['PENDIENTE', 'CONFIRMADA', 'CANCELADA', 'COMPLETADA'] as const;
      const allowed = new Set(['PENDIENTE>CONFIRMADA', 'PENDIENTE>CANCELADA', 'CONFIRMADA>CANCELADA', 'CONFIRMADA>COMPLETADA']);
      const reach: Record<string, string[]> = { PENDIENTE: [], CONFIRMADA: ['CONFIRMADA'], CANCELADA: ['CANCELADA'], COMPLETADA: ['CONFIRMADA', 'COMPLETADA'] };
      let hour = 8;
      for (const from of ESTADOS) {
        for (const to of ESTADOS) {
          const c = await book(srv, ana, mio.idPsicologo, at('03-02', `${String(hour++).padStart(2, '0')}:00`));
          for (const step of reach[from]) expect((await req('PUT', `/api/psicologo/citas/${c.idCita}`, mio.token, { estado: step })).status).to.equal(200);
          const r = await req('PUT', `/api/psicologo/citas/${c.idCita}`, mio.token, { estado: to });
          if (allowed.has(`${from}>${to}`)) {
            expect(r.status, `${from} → ${to}: ${r.text}`).to.equal(200);
            expect(r.body).to.deep.equal({ ...c, estado: to });
          } else {
            expectError(r, 409);
            expect((await req('GET', `/api/citas/${c.idCita}`, ana.token)).body.estado, `${from} → ${to}`).to.equal(from);
          }
        }
      }
    });

    it('frees the slot when the psychologist cancels; rejects a bad estado or extra fields with 400', async () => {
      const c = await book(srv, ana, mio.idPsicologo, at('02-15', '10:00'));
      for (const body of [{}, { estado: 'ANULADA' }, { estado: 'confirmada' }, { estado: 'CONFIRMADA', startDatetime: at('02-15', '11:00') }]) {
        expectError(await req('PUT', `/api/psicologo/citas/${c.idCita}`, mio.token, body), 400);
      }
      expect((await req('PUT', `/api/psicologo/citas/${c.idCita}`, mio.token, { estado: 'CANCELADA' })).body.estado).to.equal('CANCELADA');
      await book(srv, luis, mio.idPsicologo, at('02-15', '10:00'));
    });
  });

  describe('administration', () => {
    it('lists every appointment by id and reads any one', async () => {
      const r = await req('GET', '/api/admin/citas', admin);
      expect(r.status).to.equal(200);
      const ids = r.body.map((c: any) => c.idCita);
      expect(ids).to.deep.equal([...ids].sort((a: number, b: number) => a - b));
      expect([...new Set(r.body.map((c: any) => c.idPsicologo))].sort()).to.deep.equal([mio.idPsicologo, otro.idPsicologo].sort());
      expect((await req('GET', `/api/admin/citas/${ids[0]}`, admin)).body).to.deep.equal(r.body[0]);
      expectError(await req('GET', '/api/admin/citas/999999', admin), 404);
    });
  });

  describe('access', () => {
    it('answers 401 without a token and 403 to a role that may not use the path', async () => {
      for (const [m, p] of [['GET', '/api/citas'], ['POST', '/api/citas'], ['GET', '/api/psicologo/citas'], ['GET', '/api/admin/citas']]) {
        expectError(await req(m, p, undefined, m === 'POST' ? {} : undefined), 401);
      }
      const forbidden: [string, string, string][] = [
        [mio.token, 'GET', '/api/citas'], [admin, 'POST', '/api/citas'], [ana.token, 'GET', '/api/psicologo/citas'],
        [ana.token, 'PUT', '/api/psicologo/citas/1'], [mio.token, 'GET', '/api/admin/citas'], [ana.token, 'GET', '/api/admin/citas/1'],
        [mio.token, 'DELETE', '/api/citas/1'],
      ];
      for (const [token, m, p] of forbidden) expectError(await req(m, p, token, m === 'PUT' || m === 'POST' ? {} : undefined), 403);
    });

    it('answers 400 for a path id that is not an integer', async () => {
      expectError(await req('GET', '/api/citas/abc', ana.token), 400);
      expectError(await req('GET', '/api/psicologo/citas/99999999999', mio.token), 400);
    });
  });

  describe('personal data', () => {
    it('seals the motivo in the log with the patient\'s clinical key; times, state and ids stay readable', async () => {
      const c = await book(srv, ana, mio.idPsicologo, at('02-16', '10:00'), 50, 'Ataques de pánico');
      const rows = await srv.deps.store.readStreamAsStored!(`cita-${c.idCita}`);
      expect(rows[0].type).to.equal('CitaCreada');
      expect(JSON.stringify(rows[0].data)).not.to.include('pánico');
      expect(rows[0].data).to.include({ idCita: c.idCita, idPaciente: ana.idPaciente, startDatetime: c.startDatetime });
      expect(rows[0].metadata.sealing).to.deep.equal({ subject: `usuario-${ana.idUsuario}`, fields: { motivo: 'clinical' } });
      await req('PUT', `/api/citas/${c.idCita}`, ana.token, { motivo: 'Fobia social' });
      const all = [...await storedEvents(srv, { streamPrefix: 'agenda-' }), ...await storedEvents(srv, { streamId: `cita-${c.idCita}` })];
      expect(all.length).to.be.greaterThan(2);
      for (const e of all) expect(JSON.stringify(e.data)).not.to.match(/pánico|Fobia/);
    });

    it('shows an erased patient\'s appointments in the psychologist\'s history as "Paciente eliminado"', async () => {
      const eva = await newPaciente(srv, 'Eva', 'Ruiz');
      const c = await book(srv, eva, mio.idPsicologo, at('02-17', '10:00'));
      const del = await req('DELETE', `/api/pacientes/${eva.idPaciente}`, admin);
      expect(del.status, del.text).to.equal(204);
      const r = await req('GET', `/api/psicologo/citas/${c.idCita}`, mio.token);
      expect(r.status).to.equal(200);
      // Still ahead, so the erasure cancelled it; it stays in the history.
      expect(r.body).to.include({ idCita: c.idCita, nombrePaciente: 'Paciente eliminado', estado: 'CANCELADA' });
      expect(r.text).not.to.include('Eva');
    });
  });
});

/** Next year (the one the bookings use). */
function Y(): number {
  return Number(at('01-01', '00:00').slice(0, 4));
}
