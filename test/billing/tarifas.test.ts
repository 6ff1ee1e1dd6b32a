import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from '../http/helpers.ts';
import { asignar, newPaciente, newPsicologo, type Paciente } from '../directory/support.ts';

// Fees (issue 32 item 1, docs/billing.md "Fees") against the real server: services, a psychologist's
// own price, a patient's rule, and the fee of a session that results.
describe('fees: services, psychologists\' prices, patients\' rules and the price of a session', function () {
  this.timeout(60_000);
  let srv: TestServer;
  let admin: string;
  let psi: { token: string; idPsicologo: number };
  let otroPsi: { token: string; idPsicologo: number };
  let pac: Paciente;
  let ajeno: Paciente;

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    psi = await newPsicologo(srv, admin);
    otroPsi = await newPsicologo(srv, admin);
    pac = await newPaciente(srv);
    ajeno = await newPaciente(srv);
    await asignar(srv, admin, pac.idPaciente, psi.idPsicologo);
    await asignar(srv, admin, ajeno.idPaciente, otroPsi.idPsicologo);
  });
  after(async () => { await srv?.stop(); });

  const req = (method: string, path: string, token: string, body?: unknown) => srv.request(method, path, { token, body });
  async function nuevoServicio(body: Record<string, unknown>) {
    const r = await req('POST', '/api/admin/servicios', admin, body);
    expect(r.status, r.text).to.equal(201);
    return r.body as { idServicio: number };
  }
  const precio = (token: string, q: Record<string, number>) =>
    req('GET', `/api/tarifas/precio?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`, token);

  it('lets the administrator create, change and deactivate services, VAT-exempt and active by default', async () => {
    const r = await req('POST', '/api/admin/servicios', admin, { nombre: '  Evaluación   inicial ', precioCentimos: 8000, duracionMinutos: 75 });
    expect(r.status, r.text).to.equal(201);
    expect(r.body).to.deep.equal({ idServicio: r.body.idServicio, nombre: 'Evaluación inicial', precioCentimos: 8000, duracionMinutos: 75, iva: 'EXENTO', activo: true });
    const id = r.body.idServicio;
    const put = await req('PUT', `/api/admin/servicios/${id}`, admin, { nombre: 'Informe pericial', precioCentimos: 20000, iva: 21 });
    expect(put.status, put.text).to.equal(200);
    // Left out: duracionMinutos and activo keep their values.
    expect(put.body).to.deep.equal({ idServicio: id, nombre: 'Informe pericial', precioCentimos: 20000, duracionMinutos: 75, iva: 21, activo: true });
    expect((await req('GET', '/api/servicios', pac.token)).body.map((s: { idServicio: number }) => s.idServicio)).to.include(id);

    const del = await req('DELETE', `/api/admin/servicios/${id}`, admin);
    expect(del.status, del.text).to.equal(204);
    expect((await req('DELETE', `/api/admin/servicios/${id}`, admin)).status, 'deactivating again').to.equal(204);
    expect((await req('GET', '/api/servicios', psi.token)).body.map((s: { idServicio: number }) => s.idServicio)).not.to.include(id);
    const all = (await req('GET', '/api/admin/servicios', admin)).body as { idServicio: number; activo: boolean }[];
    expect(all.find((s) => s.idServicio === id)).to.include({ activo: false });
    // Reactivated by a change.
    const back = await req('PUT', `/api/admin/servicios/${id}`, admin, { nombre: 'Informe pericial', precioCentimos: 20000, activo: true });
    expect(back.body).to.include({ activo: true, iva: 21 });
  });

  it('refuses amounts that are not whole cents ≥ 0, naming the field, and unknown services', async () => {
    expectError(await req('POST', '/api/admin/servicios', admin, { nombre: 'X', precioCentimos: 60.5 }), 400, /precioCentimos/);
    expectError(await req('POST', '/api/admin/servicios', admin, { nombre: 'X', precioCentimos: -1 }), 400, /precioCentimos/);
    expectError(await req('POST', '/api/admin/servicios', admin, { nombre: 'X', precioCentimos: '6000' }), 400, /precioCentimos/);
    expectError(await req('POST', '/api/admin/servicios', admin, { nombre: 'X', precioCentimos: 100, iva: 7 }), 400, /iva/);
    expectError(await req('POST', '/api/admin/servicios', admin, { nombre: 'X' }), 400, /precioCentimos/);
    expectError(await req('PUT', '/api/admin/servicios/999999', admin, { nombre: 'X', precioCentimos: 1 }), 404, 'Servicio no encontrado');
    expectError(await req('DELETE', '/api/admin/servicios/999999', admin), 404);
    expectError(await req('PUT', `/api/admin/psicologos/${psi.idPsicologo}/tarifas/999999`, admin, { precioCentimos: 100 }), 404, 'Servicio no encontrado');
    const s = await nuevoServicio({ nombre: 'Sesión breve', precioCentimos: 3000 });
    expectError(await req('PUT', `/api/admin/psicologos/${psi.idPsicologo}/tarifas/${s.idServicio}`, admin, { precioCentimos: -5 }), 400, /precioCentimos/);
    expectError(await req('PUT', `/api/admin/psicologos/999999/tarifas/${s.idServicio}`, admin, { precioCentimos: 5 }), 404, 'Psicólogo no encontrado');
    expectError(await req('PUT', `/api/pacientes/${pac.idPaciente}/tarifa`, admin, { descuentoPorcentaje: 101 }), 400, /descuentoPorcentaje/);
    expectError(await req('PUT', `/api/pacientes/${pac.idPaciente}/tarifa`, admin, { precioFijoCentimos: 12.5 }), 400, /precioFijoCentimos/);
    expectError(await req('PUT', `/api/pacientes/${pac.idPaciente}/tarifa`, admin, { descuentoPorcentaje: 10, precioFijoCentimos: 100 }), 400, /no ambos/);
    expectError(await req('PUT', `/api/pacientes/${pac.idPaciente}/tarifa`, admin, {}), 400);
  });

  it('lets only the administrator set services and psychologists\' prices, and no patient set a fee (403)', async () => {
    const s = await nuevoServicio({ nombre: 'Sesión de pareja', precioCentimos: 9000, duracionMinutos: 90 });
    for (const token of [psi.token, pac.token]) {
      expectError(await req('POST', '/api/admin/servicios', token, { nombre: 'Gratis', precioCentimos: 0 }), 403);
      expectError(await req('PUT', `/api/admin/psicologos/${psi.idPsicologo}/tarifas/${s.idServicio}`, token, { precioCentimos: 1 }), 403);
    }
    expectError(await req('PUT', `/api/pacientes/${pac.idPaciente}/tarifa`, pac.token, { precioFijoCentimos: 0 }), 403);
    expectError(await req('DELETE', `/api/pacientes/${pac.idPaciente}/tarifa`, pac.token), 403);
    expectError(await req('GET', `/api/tarifas/precio?idPaciente=${pac.idPaciente}&duracionMinutos=90`, pac.token), 403);
    expect((await req('GET', `/api/pacientes/${pac.idPaciente}/tarifa`, pac.token)).body).to.deep.equal({ idPaciente: pac.idPaciente, descuentoPorcentaje: null, precioFijoCentimos: null });
  });

  it('resolves the fee of a session rule by rule: service, psychologist\'s price, discount, fixed fee', async () => {
    const s = await nuevoServicio({ nombre: 'Sesión individual', precioCentimos: 6000, duracionMinutos: 55 });
    // Another service of the same length, created later, is not the default.
    await nuevoServicio({ nombre: 'Sesión individual online', precioCentimos: 5000, duracionMinutos: 55 });
    const q = { idPaciente: pac.idPaciente, duracionMinutos: 55 };

    const base = await precio(admin, q);
    expect(base.status, base.text).to.equal(200);
    expect(base.body).to.deep.equal({
      idServicio: s.idServicio, nombreServicio: 'Sesión individual', duracionMinutos: 55, iva: 'EXENTO', precioServicioCentimos: 6000,
      precioPsicologoCentimos: null, descuentoPorcentaje: null, precioFijoCentimos: null, origen: 'SERVICIO',
      precioCentimos: 6000, cuotaIvaCentimos: 0, totalCentimos: 6000,
    });

    const own = await req('PUT', `/api/admin/psicologos/${psi.idPsicologo}/tarifas/${s.idServicio}`, admin, { precioCentimos: 7000 });
    expect(own.status, own.text).to.equal(200);
    expect(own.body).to.deep.equal({ idPsicologo: psi.idPsicologo, idServicio: s.idServicio, precioCentimos: 7000 });
    expect((await precio(psi.token, q)).body).to.include({ origen: 'TARIFA_PSICOLOGO', precioPsicologoCentimos: 7000, precioCentimos: 7000 });
    // Another psychologist giving the session: the practice's price.
    expect((await precio(admin, { ...q, idPsicologo: otroPsi.idPsicologo })).body).to.include({ origen: 'SERVICIO', precioCentimos: 6000 });
    // The psychologist reads their own prices; the administrator anyone's.
    const mine = await req('GET', '/api/psicologo/tarifas', psi.token);
    expect(mine.body).to.deep.equal([{ idPsicologo: psi.idPsicologo, idServicio: s.idServicio, precioCentimos: 7000 }]);
    expect((await req('GET', `/api/admin/psicologos/${psi.idPsicologo}/tarifas`, admin)).body).to.deep.equal(mine.body);
    expect((await req('GET', '/api/psicologo/tarifas', otroPsi.token)).body).to.deep.equal([]);

    // The patient's own psychologist sets a 25% discount: off the psychologist's price.
    const d = await req('PUT', `/api/pacientes/${pac.idPaciente}/tarifa`, psi.token, { descuentoPorcentaje: 25 });
    expect(d.status, d.text).to.equal(200);
    expect(d.body).to.deep.equal({ idPaciente: pac.idPaciente, descuentoPorcentaje: 25, precioFijoCentimos: null });
    expect((await precio(psi.token, q)).body).to.include({ origen: 'DESCUENTO_PACIENTE', precioPsicologoCentimos: 7000, descuentoPorcentaje: 25, precioCentimos: 5250 });

    // A fixed fee replaces the discount and every price.
    const f = await req('PUT', `/api/pacientes/${pac.idPaciente}/tarifa`, admin, { precioFijoCentimos: 3000 });
    expect(f.body).to.deep.equal({ idPaciente: pac.idPaciente, descuentoPorcentaje: null, precioFijoCentimos: 3000 });
    expect((await precio(admin, q)).body).to.include({ origen: 'PRECIO_FIJO_PACIENTE', precioCentimos: 3000, totalCentimos: 3000 });

    // Removing the rule, then the psychologist's price, goes back step by step.
    expect((await req('DELETE', `/api/pacientes/${pac.idPaciente}/tarifa`, psi.token)).status).to.equal(204);
    expectError(await req('DELETE', `/api/pacientes/${pac.idPaciente}/tarifa`, psi.token), 404, 'Tarifa no encontrada');
    expect((await precio(admin, q)).body).to.include({ origen: 'TARIFA_PSICOLOGO', precioCentimos: 7000 });
    expect((await req('DELETE', `/api/admin/psicologos/${psi.idPsicologo}/tarifas/${s.idServicio}`, admin)).status).to.equal(204);
    expect((await precio(admin, q)).body).to.include({ origen: 'SERVICIO', precioCentimos: 6000 });

    // A taxable service chosen by its id: VAT on top.
    const t = await nuevoServicio({ nombre: 'Informe', precioCentimos: 10000, iva: 21 });
    expect((await precio(admin, { idPaciente: pac.idPaciente, idServicio: t.idServicio })).body).to.include({ iva: 21, precioCentimos: 10000, cuotaIvaCentimos: 2100, totalCentimos: 12100 });
  });

  it('answers a psychologist the prices of their own patients only (404 for anyone else\'s)', async () => {
    await nuevoServicio({ nombre: 'Sesión corta', precioCentimos: 4000, duracionMinutos: 40 });
    expectError(await precio(psi.token, { idPaciente: ajeno.idPaciente, duracionMinutos: 40 }), 404, 'Paciente no encontrado');
    expectError(await precio(psi.token, { idPaciente: pac.idPaciente, duracionMinutos: 40, idPsicologo: otroPsi.idPsicologo }), 404);
    expectError(await req('PUT', `/api/pacientes/${ajeno.idPaciente}/tarifa`, psi.token, { descuentoPorcentaje: 100 }), 404, 'Paciente no encontrado');
    expectError(await req('GET', `/api/pacientes/${ajeno.idPaciente}/tarifa`, psi.token), 404);
    expectError(await req('GET', `/api/pacientes/${ajeno.idPaciente}/tarifa`, pac.token), 404);
    expect((await precio(otroPsi.token, { idPaciente: ajeno.idPaciente, duracionMinutos: 40 })).body).to.include({ precioCentimos: 4000 });
  });

  it('answers 404 when no active service fits, and 400 without a length or a service', async () => {
    expectError(await precio(admin, { idPaciente: pac.idPaciente, duracionMinutos: 17 }), 404, 'Servicio no encontrado');
    const s = await nuevoServicio({ nombre: 'Retirado', precioCentimos: 100, duracionMinutos: 18 });
    await req('DELETE', `/api/admin/servicios/${s.idServicio}`, admin);
    expectError(await precio(admin, { idPaciente: pac.idPaciente, duracionMinutos: 18 }), 404, 'Servicio no encontrado');
    expectError(await precio(admin, { idPaciente: pac.idPaciente, idServicio: s.idServicio }), 404, 'Servicio no encontrado');
    expectError(await precio(admin, { idPaciente: pac.idPaciente }), 400, /duracionMinutos/);
    expectError(await precio(admin, { idPaciente: pac.idPaciente, duracionMinutos: 0 }), 400, /duracionMinutos/);
  });
});
