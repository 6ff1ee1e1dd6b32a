import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storedEvents } from '../support/log.ts';
import { expectError, type Res } from '../http/helpers.ts';
import { asignar, cancelCita, newCita, newPaciente, newPsicologo, type Persona } from '../notifications/support.ts';

// firma and adendas: the signature block (null while unsigned) and the addenda (test/sesiones/firma.test.ts).
const KEYS = ['idSesion', 'idCita', 'idPaciente', 'idPsicologo', 'sessionDate', 'durationMinutes', 'notas', 'recomendaciones', 'firma', 'adendas'];

describe('therapy sessions (sesiones)', () => {
  let srv: TestServer;
  let admin: string;
  let psiA: Persona;
  let psiB: Persona;
  let p1: Persona;
  let p2: Persona;
  let p3: Persona;
  const citas = {} as Record<'c1' | 'c2' | 'c3' | 'cancelada', number>;
  const seen: string[] = [];
  const req = async (method: string, path: string, opts?: Parameters<TestServer['request']>[2]): Promise<Res> => {
    const r = await srv.request(method, path, opts);
    seen.push(r.text);
    return r;
  };
  const body = (idCita: number, over: Record<string, unknown> = {}) => ({
    idCita, sessionDate: '2030-01-15T10:00', durationMinutes: 50, notas: 'Trabajo sobre ansiedad anticipatoria', recomendaciones: 'Respiración diafragmática', ...over,
  });

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    [psiA, psiB] = [await newPsicologo(srv, admin, 'Laura'), await newPsicologo(srv, admin, 'Marta')];
    [p1, p2, p3] = [await newPaciente(srv, 'Ana'), await newPaciente(srv, 'Berta'), await newPaciente(srv, 'Carla')];
    await asignar(srv, admin, p1.idPaciente, psiA.idPsicologo);
    await asignar(srv, admin, p2.idPaciente, psiA.idPsicologo);
    await asignar(srv, admin, p3.idPaciente, psiB.idPsicologo);
    citas.c1 = await newCita(srv, p1.idPaciente, psiA.idPsicologo, '2030-01-15T10:00:00');
    citas.c2 = await newCita(srv, p2.idPaciente, psiA.idPsicologo, '2030-01-15T11:00:00');
    citas.c3 = await newCita(srv, p3.idPaciente, psiB.idPsicologo, '2030-01-15T12:00:00');
    citas.cancelada = await newCita(srv, p1.idPaciente, psiA.idPsicologo, '2030-01-16T10:00:00');
    await cancelCita(srv, { idCita: citas.cancelada, idPaciente: p1.idPaciente, idPsicologo: psiA.idPsicologo, startDatetime: '2030-01-16T10:00:00' });
  });
  after(async () => {
    await srv?.stop();
  });

  describe('patient side', () => {
    let own: number;

    it('records a session of an own appointment: 201 with the record, ids taken from the appointment', async () => {
      const r = await req('POST', '/api/sesiones', { token: p1.token, body: body(citas.c1) });
      expect(r.status, r.text).to.equal(201);
      expect(r.body).to.have.all.keys(...KEYS);
      expect(r.body).to.include({
        idCita: citas.c1, idPaciente: p1.idPaciente, idPsicologo: psiA.idPsicologo, sessionDate: '2030-01-15T10:00:00', durationMinutes: 50,
        notas: 'Trabajo sobre ansiedad anticipatoria', recomendaciones: 'Respiración diafragmática',
      });
      own = r.body.idSesion;
      const got = await req('GET', `/api/sesiones/${own}`, { token: p1.token });
      expect(got.status).to.equal(200);
      expect(got.body).to.deep.equal(r.body);
      const list = await req('GET', '/api/sesiones', { token: p1.token });
      expect(list.body.map((x: any) => x.idSesion)).to.deep.equal([own]);
    });

    it('accepts notas and recomendaciones absent (null) and keeps lists ordered by id', async () => {
      const r = await req('POST', '/api/sesiones', { token: p1.token, body: { idCita: citas.c1, sessionDate: '2030-01-15T10:00:00', durationMinutes: 45 } });
      expect(r.status, r.text).to.equal(201);
      expect(r.body).to.include({ notas: null, recomendaciones: null, durationMinutes: 45 });
      const ids = (await req('GET', '/api/sesiones', { token: p1.token })).body.map((x: any) => x.idSesion);
      expect(ids).to.deep.equal([...ids].sort((a: number, b: number) => a - b)).and.to.include(r.body.idSesion);
    });

    it('answers 400 for a missing, unknown or foreign idCita, a bad duration or date, and unknown fields', async () => {
      const bad = [
        body(999_999), // no such appointment
        body(citas.c2), // another patient's appointment reads the same
        body(citas.c1, { durationMinutes: 0 }),
        body(citas.c1, { durationMinutes: -5 }),
        body(citas.c1, { durationMinutes: 1.5 }),
        body(citas.c1, { sessionDate: '2030-02-30T10:00:00' }),
        body(citas.c1, { sessionDate: '15/01/2030' }),
        body(citas.c1, { idPaciente: p2.idPaciente }), // owners come from the token, never the body
        body(citas.c1, { idCita: 'uno' }),
        { sessionDate: '2030-01-15T10:00:00', durationMinutes: 50 },
        { idCita: citas.c1, durationMinutes: 50 },
      ];
      for (const b of bad) expectError(await req('POST', '/api/sesiones', { token: p1.token, body: b }), 400);
      const [missing, foreign] = [await req('POST', '/api/sesiones', { token: p1.token, body: body(999_999) }), await req('POST', '/api/sesiones', { token: p1.token, body: body(citas.c2) })];
      expect(foreign.body.mensaje).to.equal(missing.body.mensaje);
    });

    it('answers 409 for a cancelled appointment', async () => {
      expectError(await req('POST', '/api/sesiones', { token: p1.token, body: body(citas.cancelada) }), 409);
    });

    it("hides another patient's session: 404 on read and delete, absent from their list", async () => {
      expectError(await req('GET', `/api/sesiones/${own}`, { token: p2.token }), 404);
      expectError(await req('DELETE', `/api/sesiones/${own}`, { token: p2.token }), 404);
      expect((await req('GET', '/api/sesiones', { token: p2.token })).body).to.deep.equal([]);
      expectError(await req('GET', '/api/sesiones/424242', { token: p1.token }), 404);
      expectError(await req('GET', '/api/sesiones/abc', { token: p1.token }), 400);
    });

    it('deletes an own record: 204, then 404', async () => {
      const created = await req('POST', '/api/sesiones', { token: p1.token, body: body(citas.c1, { notas: 'borrar' }) });
      const id = created.body.idSesion;
      const del = await req('DELETE', `/api/sesiones/${id}`, { token: p1.token });
      expect(del.status, del.text).to.equal(204);
      expect(del.text).to.equal('');
      expectError(await req('GET', `/api/sesiones/${id}`, { token: p1.token }), 404);
      expectError(await req('DELETE', `/api/sesiones/${id}`, { token: p1.token }), 404);
      expect((await req('GET', '/api/sesiones', { token: p1.token })).body.map((x: any) => x.idSesion)).not.to.include(id);
    });

    it('answers 401 without or with a bad token and 403 to other roles', async () => {
      expectError(await req('GET', '/api/sesiones'), 401);
      expectError(await req('POST', '/api/sesiones', { body: body(citas.c1) }), 401);
      expectError(await req('GET', '/api/sesiones', { token: `${p1.token}x` }), 401);
      expectError(await req('GET', '/api/sesiones', { token: psiA.token }), 403);
      expectError(await req('POST', '/api/sesiones', { token: psiA.token, body: body(citas.c1) }), 403);
      expectError(await req('GET', `/api/sesiones/${own}`, { token: admin }), 403);
      expectError(await req('DELETE', `/api/sesiones/${own}`, { token: psiA.token }), 403);
    });
  });

  describe('psychologist side', () => {
    let clinica: number;

    it("records a session for one of the caller's patients: 201", async () => {
      const r = await req('POST', '/api/psicologo/sesiones', { token: psiA.token, body: { ...body(citas.c1), idPaciente: p1.idPaciente, notas: 'Nota clínica' } });
      expect(r.status, r.text).to.equal(201);
      expect(r.body).to.have.all.keys(...KEYS);
      expect(r.body).to.include({ idCita: citas.c1, idPaciente: p1.idPaciente, idPsicologo: psiA.idPsicologo, notas: 'Nota clínica' });
      clinica = r.body.idSesion;
      expect((await req('GET', `/api/psicologo/sesiones/${clinica}`, { token: psiA.token })).body).to.deep.equal(r.body);
      // The patient sees it among their sessions, but may not delete the psychologist's record.
      expect((await req('GET', '/api/sesiones', { token: p1.token })).body.map((x: any) => x.idSesion)).to.include(clinica);
      expectError(await req('DELETE', `/api/sesiones/${clinica}`, { token: p1.token }), 403);
    });

    it("answers 400 for another psychologist's patient, an appointment of another patient, or a missing idPaciente", async () => {
      const bad = [
        { ...body(citas.c3), idPaciente: p3.idPaciente }, // p3 belongs to psiB
        { ...body(citas.c2), idPaciente: p1.idPaciente }, // c2 is p2's appointment
        { ...body(citas.c1), idPaciente: 999_999 },
        body(citas.c1),
        { ...body(citas.c1), idPaciente: p1.idPaciente, idPsicologo: psiB.idPsicologo },
      ];
      for (const b of bad) expectError(await req('POST', '/api/psicologo/sesiones', { token: psiA.token, body: b }), 400);
      expectError(await req('POST', '/api/psicologo/sesiones', { token: psiA.token, body: { ...body(citas.cancelada), idPaciente: p1.idPaciente } }), 409);
    });

    it("lists the practice's sessions, optionally one patient's; another practice's read as not found", async () => {
      const all = (await req('GET', '/api/psicologo/sesiones', { token: psiA.token })).body;
      expect(all.length).to.be.greaterThan(0);
      expect(all.every((x: any) => x.idPsicologo === psiA.idPsicologo)).to.equal(true);
      const ofP1 = (await req('GET', `/api/psicologo/sesiones?idPaciente=${p1.idPaciente}`, { token: psiA.token })).body;
      expect(ofP1.map((x: any) => x.idSesion)).to.include(clinica);
      expect(ofP1.every((x: any) => x.idPaciente === p1.idPaciente)).to.equal(true);
      expect((await req('GET', '/api/psicologo/sesiones', { token: psiB.token })).body).to.deep.equal([]);
      expectError(await req('GET', `/api/psicologo/sesiones/${clinica}`, { token: psiB.token }), 404);
      expectError(await req('GET', `/api/psicologo/sesiones?idPaciente=${p1.idPaciente}`, { token: psiB.token }), 404);
      expectError(await req('GET', '/api/psicologo/sesiones?idPaciente=abc', { token: psiA.token }), 400);
      expectError(await req('GET', '/api/psicologo/sesiones?idPaciente=9999999999', { token: psiA.token }), 400);
    });

    it('answers 403 to patients and administrators, 401 without a token', async () => {
      expectError(await req('GET', '/api/psicologo/sesiones', { token: p1.token }), 403);
      expectError(await req('POST', '/api/psicologo/sesiones', { token: admin, body: { ...body(citas.c1), idPaciente: p1.idPaciente } }), 403);
      expectError(await req('GET', '/api/psicologo/sesiones'), 401);
    });
  });

  describe('administration and privacy', () => {
    it('lists every session to the administrator, ordered by id; 403 to other roles', async () => {
      const r = await req('GET', '/api/admin/sesiones', { token: admin });
      expect(r.status).to.equal(200);
      const ids = r.body.map((x: any) => x.idSesion);
      expect(ids.length).to.be.greaterThan(2);
      expect(ids).to.deep.equal([...ids].sort((a: number, b: number) => a - b));
      for (const x of r.body) expect(x).to.have.all.keys(...KEYS);
      expectError(await req('GET', '/api/admin/sesiones', { token: psiA.token }), 403);
      expectError(await req('GET', '/api/admin/sesiones', { token: p1.token }), 403);
    });

    it('seals notas and recomendaciones in the log with the clinical key; the read model holds them open', async () => {
      const rows = await storedEvents(srv, { type: 'SesionRegistrada' });
      expect(rows.length).to.be.greaterThan(0);
      const raw = JSON.stringify(rows.map((r) => r.data));
      expect(raw).not.to.include('ansiedad anticipatoria');
      expect(raw).not.to.include('Nota clínica');
      const sealed = rows.find((r) => r.data.notas !== null)!;
      expect(sealed.metadata.sealing?.fields).to.deep.equal({ notas: 'clinical', recomendaciones: 'clinical' });
      expect(sealed.data.idPaciente).to.be.a('number');
    });

    it("clears a patient's notes from the read model when their clinical key is destroyed (end of retention)", async () => {
      const r = await req('POST', '/api/psicologo/sesiones', { token: psiA.token, body: { ...body(citas.c2), idPaciente: p2.idPaciente, notas: 'Nota de Berta' } });
      expect(r.status, r.text).to.equal(201);
      const { position } = await srv.deps.store.append([{
        streamId: `retencion-${p2.idPaciente}`, expected: 'noStream',
        events: [{
          type: 'ClaveClinicaDestruida', data: { idPaciente: p2.idPaciente, ultimaActividad: new Date().toISOString(), retencionAnios: 5 },
          metadata: { eventId: randomUUID(), actor: { idUsuario: null, rol: 'SYSTEM' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
        }],
      }]);
      expect(await srv.deps.projections.waitFor(position, 10_000)).to.equal(true);
      const ofP2 = (await req('GET', `/api/psicologo/sesiones?idPaciente=${p2.idPaciente}`, { token: psiA.token })).body;
      expect(ofP2.map((x: any) => [x.idSesion, x.notas, x.recomendaciones])).to.deep.equal([[r.body.idSesion, null, null]]);
      const ofP1 = (await req('GET', `/api/psicologo/sesiones?idPaciente=${p1.idPaciente}`, { token: psiA.token })).body;
      expect(ofP1.some((x: any) => x.notas === 'Nota clínica')).to.equal(true);
    });

    it('never answers a password hash', () => {
      for (const text of seen) expect(text).not.to.match(/\$2[aby]\$|password/i);
    });
  });
});
