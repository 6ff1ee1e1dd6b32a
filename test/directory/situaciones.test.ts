import { expect } from 'chai';
import { startTestServer, testStoreConfig, type TestServer } from '../support/server.ts';
import { createTestDatabase } from '../support/db.ts';
import { startServer } from '../../src/server.ts';
import { expectError } from '../http/helpers.ts';
import { newPaciente, newPsicologo } from './support.ts';
import { storedEvents } from '../support/log.ts';

const FIELDS = ['idSituacion', 'nombre', 'categoria', 'descripcion', 'activo'];
let n = 0;
const situacion = (over: Record<string, unknown> = {}) => ({
  nombre: `Fobia social ${++n}`, categoria: 'Trastorno', descripcion: 'Miedo intenso a situaciones sociales', activo: true, ...over,
});

describe('situations catalogue (situaciones)', () => {
  let srv: TestServer;
  let admin: string;
  let paciente: string;
  let psicologo: string;

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    paciente = (await newPaciente(srv)).token;
    psicologo = (await newPsicologo(srv, admin)).token;
  });
  after(async () => { await srv?.stop(); });

  const create = (body: unknown, token = admin) => srv.request('POST', '/api/admin/situaciones', { token, body });
  const publicList = async () => {
    const r = await srv.request('GET', '/api/situaciones');
    expect(r.status, r.text).to.equal(200);
    return r.body as any[];
  };

  it('serves a seeded catalogue publicly, across the four categories, in id order', async () => {
    const list = await publicList();
    expect(list.length).to.be.within(8, 12);
    for (const s of list) expect(s).to.have.all.keys(...FIELDS).and.include({ activo: true });
    expect(new Set(list.map((s) => s.categoria))).to.deep.equal(new Set(['Emocional', 'Trastorno', 'Relacional', 'Laboral']));
    expect(list.map((s) => s.nombre)).to.include.members(['Ansiedad generalizada', 'Duelo', 'Estrés laboral', 'Problemas de pareja']);
    const ids = list.map((s) => s.idSituacion);
    expect(ids).to.deep.equal([...ids].sort((a, b) => a - b));
  });

  it('seeds only once: a restart on the same database adds nothing, even after a deletion', async () => {
    const before = await publicList();
    expect((await srv.request('DELETE', `/api/admin/situaciones/${before[0].idSituacion}`, { token: admin })).status).to.equal(204);
    const second = await startServer({ config: { ...srv.config, port: 0 }, database: srv.db, push: srv.push });
    try {
      const r = await fetch(`${second.url}/api/situaciones`);
      const list = (await r.json()) as any[];
      expect(list.map((s) => s.idSituacion)).to.deep.equal(before.slice(1).map((s) => s.idSituacion));
    } finally {
      await second.close();
    }
    expect(await storedEvents(srv, { type: 'CatalogoSituacionesSembrado' })).to.have.length(1);
  });

  it('seeds once when two processes start together on a fresh database', async () => {
    const db = await createTestDatabase();
    const config = { ...srv.config, port: 0, ...testStoreConfig(db) }; // a fresh log too
    const servers = await Promise.all([1, 2].map(() => startServer({ config, database: db, push: srv.push })));
    try {
      const seeded = await storedEvents({ config, db }, { type: 'CatalogoSituacionesSembrado' });
      expect(seeded).to.have.length(1);
      const nombres = (await db.knex('situaciones').select('nombre')).map((r) => r.nombre);
      expect(nombres).to.have.length((seeded[0].data.idsSituacion as number[]).length);
      expect(new Set(nombres).size).to.equal(nombres.length);
    } finally {
      await Promise.all(servers.map((x) => x.close()));
      await db.drop();
    }
  });

  it('creates a situation (201 with the record); activo defaults to true and descripcion to null', async () => {
    const body = situacion();
    const r = await create(body);
    expect(r.status, r.text).to.equal(201);
    expect(r.body).to.have.all.keys(...FIELDS);
    expect(r.body).to.deep.include(body);
    expect((await publicList()).map((s) => s.idSituacion)).to.include(r.body.idSituacion);
    const minimal = await create({ nombre: `Soledad ${++n}`, categoria: 'Emocional' });
    expect(minimal.status, minimal.text).to.equal(201);
    expect(minimal.body).to.include({ activo: true, descripcion: null });
  });

  it('lists only active situations publicly; the admin listing has all', async () => {
    const r = await create(situacion({ activo: false }));
    expect(r.status).to.equal(201);
    expect((await publicList()).map((s) => s.idSituacion)).not.to.include(r.body.idSituacion);
    const all = await srv.request('GET', '/api/admin/situaciones', { token: admin });
    expect(all.status).to.equal(200);
    expect(all.body.map((s: any) => s.idSituacion)).to.include(r.body.idSituacion);
  });

  it('answers 409 for a duplicate nombre, also in another case or spacing', async () => {
    const body = situacion({ nombre: 'Trastorno alimentario' });
    expect((await create(body)).status).to.equal(201);
    expectError(await create(body), 409, 'Ya existe una situación con ese nombre');
    expectError(await create({ ...body, nombre: 'TRASTORNO ALIMENTARIO' }), 409);
    expectError(await create({ ...body, nombre: '  trastorno   Alimentario ' }), 409);
    expectError(await create({ ...body, nombre: 'duelo', categoria: 'Emocional' }), 409);
  });

  it('lets exactly one of concurrent creations of one nombre through', async () => {
    const nombre = `Carrera ${Date.now()}`;
    const rs = await Promise.all([nombre, nombre.toUpperCase(), nombre, nombre.toLowerCase()].map((x) => create(situacion({ nombre: x }))));
    expect(rs.map((r) => r.status).sort()).to.deep.equal([201, 409, 409, 409]);
  });

  it('rejects a bad categoria, an empty nombre, unknown fields and wrong types with 400', async () => {
    expectError(await create(situacion({ categoria: 'Familiar' })), 400, /categoria/);
    expectError(await create(situacion({ categoria: 'emocional' })), 400);
    expectError(await create(situacion({ nombre: '' })), 400);
    expectError(await create(situacion({ nombre: '   ' })), 400);
    expectError(await create(situacion({ idSituacion: 5 })), 400, /idSituacion/);
    expectError(await create(situacion({ activo: 'true' })), 400);
    const { categoria: _c, ...sinCategoria } = situacion();
    expectError(await create(sinCategoria), 400, /categoria/);
  });

  it('updates a situation (200 with the record); a rename frees the old nombre', async () => {
    const created = (await create(situacion({ nombre: 'Nombre viejo' }))).body;
    const path = `/api/admin/situaciones/${created.idSituacion}`;
    const body = { nombre: 'Nombre nuevo', categoria: 'Relacional', descripcion: 'Otra', activo: false };
    const r = await srv.request('PUT', path, { token: admin, body });
    expect(r.status, r.text).to.equal(200);
    expect(r.body).to.deep.equal({ idSituacion: created.idSituacion, ...body });
    expect((await publicList()).map((s) => s.idSituacion)).not.to.include(created.idSituacion);
    expect((await create(situacion({ nombre: 'nombre VIEJO' }))).status).to.equal(201);
    expectError(await create(situacion({ nombre: 'Nombre Nuevo' })), 409);
  });

  it('keeps descripcion and activo when an update leaves them out; a case change of its own name is allowed', async () => {
    const created = (await create(situacion({ nombre: 'Perfeccionismo', activo: false }))).body;
    const path = `/api/admin/situaciones/${created.idSituacion}`;
    const r = await srv.request('PUT', path, { token: admin, body: { nombre: 'PERFECCIONISMO', categoria: 'Emocional' } });
    expect(r.status, r.text).to.equal(200);
    expect(r.body).to.deep.equal({ ...created, nombre: 'PERFECCIONISMO', categoria: 'Emocional' });
    const same = await srv.request('PUT', path, { token: admin, body: { nombre: 'PERFECCIONISMO', categoria: 'Emocional' } });
    expect(same.status).to.equal(200);
    expect(same.body).to.deep.equal(r.body);
  });

  it('answers 409 when renaming onto another situation\'s nombre, 404 for unknown ids, 400 for bad bodies', async () => {
    const created = (await create(situacion())).body;
    const path = `/api/admin/situaciones/${created.idSituacion}`;
    expectError(await srv.request('PUT', path, { token: admin, body: { ...situacion(), nombre: 'insomnio' } }), 409);
    expectError(await srv.request('PUT', '/api/admin/situaciones/999999', { token: admin, body: situacion() }), 404, 'Situación no encontrada');
    expectError(await srv.request('PUT', path, { token: admin, body: { ...situacion(), categoria: 'Otra' } }), 400);
    expectError(await srv.request('PUT', path, { token: admin, body: { nombre: 'Sin categoría' } }), 400);
  });

  it('deletes a situation (204); it is gone, its nombre is free again, and a second delete is 404', async () => {
    const created = (await create(situacion({ nombre: 'Para borrar' }))).body;
    const path = `/api/admin/situaciones/${created.idSituacion}`;
    const r = await srv.request('DELETE', path, { token: admin });
    expect(r.status, r.text).to.equal(204);
    expect((await publicList()).map((s) => s.idSituacion)).not.to.include(created.idSituacion);
    expectError(await srv.request('DELETE', path, { token: admin }), 404);
    expectError(await srv.request('PUT', path, { token: admin, body: situacion() }), 404);
    expect((await create(situacion({ nombre: 'para borrar' }))).status).to.equal(201);
    expectError(await srv.request('DELETE', '/api/admin/situaciones/999999', { token: admin }), 404);
  });

  it('keeps the catalogue public, its administration for ADMIN only (401 without token, 403 otherwise)', async () => {
    const admins: [string, string, unknown][] = [
      ['GET', '/api/admin/situaciones', undefined], ['POST', '/api/admin/situaciones', situacion()],
      ['PUT', '/api/admin/situaciones/1', situacion()], ['DELETE', '/api/admin/situaciones/1', undefined],
    ];
    for (const [method, path, body] of admins) {
      expectError(await srv.request(method, path, { body }), 401);
      expectError(await srv.request(method, path, { body, token: paciente }), 403);
      expectError(await srv.request(method, path, { body, token: psicologo }), 403);
    }
    expect((await srv.request('GET', '/api/situaciones', { token: paciente })).status).to.equal(200);
  });
});
