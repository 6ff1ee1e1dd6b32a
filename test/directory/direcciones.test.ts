import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from '../http/helpers.ts';
import { asignar, newPaciente, newPsicologo, type Paciente } from './support.ts';
import { resetProjections } from '../../src/projections/runner.ts';
import { direccionesProjection } from '../../src/projections/direcciones.ts';
import { situacionesProjection } from '../../src/projections/situaciones.ts';
import { ajustesProjection } from '../../src/projections/ajustes.ts';
import { dispositivosProjection } from '../../src/projections/dispositivos.ts';
import { storedEvents } from '../support/log.ts';

const FIELDS = ['idDireccion', 'idPaciente', 'calle', 'ciudad', 'provincia', 'codigoPostal', 'pais', 'descripcion'];
const casa = (over: Record<string, unknown> = {}) => ({
  calle: 'Calle de Alcalá 10, 3º B', ciudad: 'Madrid', provincia: 'Madrid', codigoPostal: '28014', pais: 'España', descripcion: 'Casa', ...over,
});

describe('addresses (direcciones)', () => {
  let srv: TestServer;
  let admin: string;
  let ana: Paciente;
  let luis: Paciente;
  let mio: { token: string; idPsicologo: number };
  let otro: { token: string; idPsicologo: number };

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    ana = await newPaciente(srv);
    luis = await newPaciente(srv, { direccion: [] });
    mio = await newPsicologo(srv, admin);
    otro = await newPsicologo(srv, admin);
    await asignar(srv, admin, ana.idPaciente, mio.idPsicologo);
    await asignar(srv, admin, luis.idPaciente, otro.idPsicologo);
  });
  after(async () => { await srv?.stop(); });

  const post = (p: Paciente, body: unknown) => srv.request('POST', '/api/direcciones', { token: p.token, body });

  it('lists the patient\'s own addresses, starting with those given at registration', async () => {
    const r = await srv.request('GET', '/api/direcciones', { token: ana.token });
    expect(r.status, r.text).to.equal(200);
    expect(r.body).to.have.length(1);
    expect(r.body[0]).to.have.all.keys(...FIELDS);
    expect(r.body[0]).to.include({ idPaciente: ana.idPaciente, calle: 'Calle Mayor 1', codigoPostal: '28001', pais: 'España', descripcion: null });
    expect((await srv.request('GET', '/api/direcciones', { token: luis.token })).body).to.deep.equal([]);
  });

  it('creates an address (201 with the record), readable by id and listed in id order', async () => {
    const r = await post(ana, casa());
    expect(r.status, r.text).to.equal(201);
    expect(r.body).to.have.all.keys(...FIELDS);
    expect(r.body).to.deep.include({ ...casa(), idPaciente: ana.idPaciente });
    expect(r.body.idDireccion).to.be.a('number');
    const one = await srv.request('GET', `/api/direcciones/${r.body.idDireccion}`, { token: ana.token });
    expect(one.status).to.equal(200);
    expect(one.body).to.deep.equal(r.body);
    const list = (await srv.request('GET', '/api/direcciones', { token: ana.token })).body;
    const ids = list.map((d: any) => d.idDireccion);
    expect(ids).to.include(r.body.idDireccion);
    expect(ids).to.deep.equal([...ids].sort((a: number, b: number) => a - b));
  });

  it('accepts only calle and codigoPostal, the other fields being null', async () => {
    const r = await post(ana, { calle: 'Gran Vía 1', codigoPostal: '28013' });
    expect(r.status, r.text).to.equal(201);
    expect(r.body).to.include({ ciudad: null, provincia: null, pais: null, descripcion: null, codigoPostal: '28013' });
  });

  it('validates the postal code: Spain five digits 01-52, elsewhere 3-10 letters, digits, spaces or hyphens', async () => {
    expect((await post(ana, casa({ codigoPostal: '28001' }))).status).to.equal(201);
    expect((await post(ana, casa({ codigoPostal: '08001', pais: 'ES' }))).status).to.equal(201);
    for (const codigoPostal of ['53001', '2800', '00100', '2800A', '280011']) {
      expectError(await post(ana, casa({ codigoPostal })), 400, /^codigoPostal: se esperaba un código postal español, cinco dígitos/);
    }
    expectError(await post(ana, casa({ codigoPostal: '53001', pais: 'Spain' })), 400);
    const uk = await post(ana, casa({ calle: '10 Downing St', ciudad: 'London', provincia: 'London', codigoPostal: 'SW1A 1AA', pais: 'United Kingdom' }));
    expect(uk.status, uk.text).to.equal(201);
    expect(uk.body.codigoPostal).to.equal('SW1A 1AA');
    expectError(await post(ana, casa({ codigoPostal: 'SW1A_1AA', pais: 'United Kingdom' })), 400);
  });

  it('rejects an empty or missing calle, unknown fields (idPaciente included) and wrong types with 400', async () => {
    expectError(await post(ana, casa({ calle: '' })), 400);
    expectError(await post(ana, casa({ calle: '   ' })), 400);
    const { calle: _c, ...sinCalle } = casa();
    expectError(await post(ana, sinCalle), 400, /calle/);
    const { codigoPostal: _p, ...sinCp } = casa();
    expectError(await post(ana, sinCp), 400, /codigoPostal/);
    expectError(await post(ana, casa({ idPaciente: luis.idPaciente })), 400, /idPaciente/);
    expectError(await post(ana, casa({ ciudad: 28 })), 400);
    expectError(await post(ana, []), 400);
  });

  it('answers 404 for another patient\'s address, on read and on delete, and leaves it in place', async () => {
    const mine = await post(luis, casa({ descripcion: 'Trabajo' }));
    expect(mine.status).to.equal(201);
    const path = `/api/direcciones/${mine.body.idDireccion}`;
    expectError(await srv.request('GET', path, { token: ana.token }), 404, 'Dirección no encontrada');
    expectError(await srv.request('DELETE', path, { token: ana.token }), 404, 'Dirección no encontrada');
    expect((await srv.request('GET', path, { token: luis.token })).status).to.equal(200);
    expectError(await srv.request('GET', '/api/direcciones/999999', { token: ana.token }), 404);
    expectError(await srv.request('GET', '/api/direcciones/abc', { token: ana.token }), 400);
  });

  it('deletes an own address (204): it is gone from reads and a second delete is 404', async () => {
    const created = await post(ana, casa({ descripcion: 'Temporal' }));
    const path = `/api/direcciones/${created.body.idDireccion}`;
    const del = await srv.request('DELETE', path, { token: ana.token });
    expect(del.status, del.text).to.equal(204);
    expect(del.text).to.equal('');
    expectError(await srv.request('GET', path, { token: ana.token }), 404);
    expectError(await srv.request('DELETE', path, { token: ana.token }), 404);
    const ids = (await srv.request('GET', '/api/direcciones', { token: ana.token })).body.map((d: any) => d.idDireccion);
    expect(ids).not.to.include(created.body.idDireccion);
  });

  it('deletes an address given at registration', async () => {
    const p = await newPaciente(srv);
    const [reg] = (await srv.request('GET', '/api/direcciones', { token: p.token })).body;
    expect((await srv.request('DELETE', `/api/direcciones/${reg.idDireccion}`, { token: p.token })).status).to.equal(204);
    expect((await srv.request('GET', '/api/direcciones', { token: p.token })).body).to.deep.equal([]);
    expectError(await srv.request('DELETE', `/api/direcciones/${reg.idDireccion}`, { token: p.token }), 404);
  });

  it('gives a psychologist the addresses of their own patients only (others 404)', async () => {
    const r = await srv.request('GET', `/api/psicologo/direcciones?idPaciente=${ana.idPaciente}`, { token: mio.token });
    expect(r.status, r.text).to.equal(200);
    expect(r.body.length).to.be.at.least(2);
    for (const d of r.body) expect(d).to.have.all.keys(...FIELDS).and.include({ idPaciente: ana.idPaciente });
    expectError(await srv.request('GET', `/api/psicologo/direcciones?idPaciente=${luis.idPaciente}`, { token: mio.token }), 404);
    expectError(await srv.request('GET', `/api/psicologo/direcciones?idPaciente=${ana.idPaciente}`, { token: otro.token }), 404);
    expectError(await srv.request('GET', '/api/psicologo/direcciones?idPaciente=999999', { token: mio.token }), 404);
  });

  it('answers 400 for a missing or invalid idPaciente', async () => {
    for (const q of ['', '?idPaciente=', '?idPaciente=abc', '?idPaciente=-1', '?idPaciente=1.5', '?idPaciente=99999999999', '?idPaciente=9999999999', `?idPaciente=${ana.idPaciente}&x=1`]) {
      expectError(await srv.request('GET', `/api/psicologo/direcciones${q}`, { token: mio.token }), 400);
    }
  });

  it('lists every address to an ADMIN, by id', async () => {
    const r = await srv.request('GET', '/api/admin/direcciones', { token: admin });
    expect(r.status).to.equal(200);
    const owners = new Set(r.body.map((d: any) => d.idPaciente));
    expect(owners.has(ana.idPaciente) && owners.has(luis.idPaciente)).to.equal(true);
    const ids = r.body.map((d: any) => d.idDireccion);
    expect(ids).to.deep.equal([...ids].sort((a: number, b: number) => a - b));
  });

  it('answers 401 without a valid token and 403 to the other roles', async () => {
    const paths: [string, string][] = [
      ['GET', '/api/direcciones'], ['POST', '/api/direcciones'], ['GET', '/api/direcciones/1'], ['DELETE', '/api/direcciones/1'],
      ['GET', `/api/psicologo/direcciones?idPaciente=${ana.idPaciente}`], ['GET', '/api/admin/direcciones'],
    ];
    for (const [method, path] of paths) {
      const body = method === 'POST' ? casa() : undefined;
      expectError(await srv.request(method, path, { body }), 401);
      expectError(await srv.request(method, path, { body, token: 'not.a.token' }), 401);
    }
    for (const token of [admin, mio.token]) {
      expectError(await srv.request('GET', '/api/direcciones', { token }), 403);
      expectError(await srv.request('POST', '/api/direcciones', { token, body: casa() }), 403);
      expectError(await srv.request('DELETE', '/api/direcciones/1', { token }), 403);
    }
    expectError(await srv.request('GET', `/api/psicologo/direcciones?idPaciente=${ana.idPaciente}`, { token: ana.token }), 403);
    expectError(await srv.request('GET', `/api/psicologo/direcciones?idPaciente=${ana.idPaciente}`, { token: admin }), 403);
    expectError(await srv.request('GET', '/api/admin/direcciones', { token: ana.token }), 403);
    expectError(await srv.request('GET', '/api/admin/direcciones', { token: mio.token }), 403);
  });

  it('keeps the address fields sealed in the event log', async () => {
    const calle = `Calle Secreta ${Date.now()}`;
    expect((await post(ana, casa({ calle }))).status).to.equal(201);
    const rows = (await storedEvents(srv, { type: 'DireccionAnadida' })).map((e) => ({ data: e.data, metadata: e.metadata }));
    expect(rows.length).to.be.at.least(1);
    expect(JSON.stringify(rows)).not.to.include(calle).and.not.to.include('Alcalá');
    const last = rows[rows.length - 1];
    expect(last.data.idPaciente).to.equal(ana.idPaciente);
    expect(last.metadata.sealing?.subject).to.equal(`usuario-${ana.idUsuario}`);
    expect(Object.keys(last.metadata.sealing?.fields ?? {})).to.include.members(['calle', 'codigoPostal']);
  });

  it('rebuilds the directory read models from the log to the same rows (sealed fields opened again)', async () => {
    expect((await srv.request('PUT', '/api/ajustes', { token: ana.token, body: { idioma: 'en', timezone: 'Atlantic/Canary' } })).status).to.equal(200);
    expect((await srv.request('POST', '/api/dispositivos', { token: ana.token, body: { token: 'device-a' } })).status).to.equal(201);
    const snapshot = async () => ({
      direcciones: await srv.db.knex('direcciones').orderBy('id_direccion').select('*'),
      situaciones: await srv.db.knex('situaciones').orderBy('id_situacion').select('*'),
      ajustes: await srv.db.knex('ajustes').orderBy('id_ajuste').select('*'),
      dispositivos: await srv.db.knex('dispositivos').orderBy('token_hash').select('*'),
    });
    const before = await snapshot();
    expect(before.direcciones.length).to.be.at.least(5);
    await resetProjections(srv.db.knex, [direccionesProjection, situacionesProjection, ajustesProjection, dispositivosProjection]);
    expect(await srv.db.knex('direcciones').count({ n: '*' })).to.deep.equal([{ n: '0' }]);
    expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 30_000)).to.equal(true);
    expect(await snapshot()).to.deep.equal(before);
  });
});
