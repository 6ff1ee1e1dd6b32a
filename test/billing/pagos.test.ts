import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from '../http/helpers.ts';
import { asignar, newPaciente, newPsicologo, type Paciente } from '../directory/support.ts';
import { registrarPago, registrarPagoFallido } from '../../src/commands/pagos.ts';
import { settled } from '../../src/deps.ts';

// Payments (issue 32 items 5 and 6, docs/billing.md "Payments", "estadoPago") against the real
// server: recording at the desk, what is due (corrections and refunds included), concurrency,
// idempotency on the provider's id, refunds, reads by role, the balance and the derived estadoPago.
const CONSULTA = { nombreRazon: 'Consulta Ejemplo S.L.', nif: 'B12345674', domicilio: ['Calle Mayor 1', '28013 Madrid'] };
const SISTEMA = { idUsuario: null, rol: 'SYSTEM' };

describe('payments: recording, refunds, balances and the derived estadoPago', function () {
  this.timeout(90_000);
  let srv: TestServer;
  let admin: string;
  let psi: { token: string; idPsicologo: number };
  let pac: Paciente;
  let ajeno: Paciente;

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    psi = await newPsicologo(srv, admin);
    pac = await newPaciente(srv);
    ajeno = await newPaciente(srv);
    await asignar(srv, admin, pac.idPaciente, psi.idPsicologo);
    const r = await req('PUT', '/api/admin/facturacion/ajustes', admin, { emisorEs: 'CONSULTA', consulta: CONSULTA });
    expect(r.status, r.text).to.equal(200);
  });
  after(async () => { await srv?.stop(); });

  const req = (method: string, path: string, token: string, body?: unknown) => srv.request(method, path, { token, body });
  async function factura(idPaciente: number, precioCentimos: number): Promise<number> {
    const r = await req('POST', '/api/admin/facturas', admin, { idPaciente, lineas: [{ precioCentimos }] });
    expect(r.status, r.text).to.equal(201);
    return r.body.idFactura;
  }
  const pagar = (id: number, importeCentimos: number, token = admin, extra: Record<string, unknown> = {}) =>
    req('POST', `/api/facturas/${id}/pagos`, token, { importeCentimos, metodo: 'EFECTIVO', ...extra });
  const verFactura = async (id: number) => (await req('GET', `/api/facturas/${id}`, admin)).body;
  const estadoPago = async (p: Paciente) => (await req('GET', `/api/pacientes/${p.idPaciente}`, admin)).body.estadoPago;

  it('records payments up to what is due: PARCIAL then PAGADA, 409 beyond it and once paid; the invoice shows cobradoCentimos', async () => {
    const id = await factura(pac.idPaciente, 10000);
    expect(await verFactura(id)).to.include({ cobradoCentimos: 0, estadoCobro: 'PENDIENTE' });
    const a = await pagar(id, 4000, admin, { metodo: 'BIZUM', referencia: 'BZ-123', fecha: '2026-01-15T10:30:00' });
    expect(a.status, a.text).to.equal(201);
    expect(a.body).to.include({ idFactura: id, idPaciente: pac.idPaciente, importeCentimos: 4000, reembolsadoCentimos: 0, metodo: 'BIZUM', referencia: 'BZ-123', fecha: '2026-01-15T10:30:00', idExterno: null });
    expect(await verFactura(id)).to.include({ cobradoCentimos: 4000, estadoCobro: 'PARCIAL' });
    expectError(await pagar(id, 6001), 409, /supera lo pendiente/);
    expect((await pagar(id, 6000)).status).to.equal(201);
    expect(await verFactura(id)).to.include({ cobradoCentimos: 10000, estadoCobro: 'PAGADA' });
    expectError(await pagar(id, 1), 409, /ya está pagada/);
    // Bad input is 400, never a stored payment.
    expectError(await pagar(id, 0), 400);
    expectError(await pagar(id, 10.5), 400);
    expectError(await req('POST', `/api/facturas/${id}/pagos`, admin, { importeCentimos: 100, metodo: 'STRIPE' }), 400);
    expectError(await pagar(id, 100, admin, { fecha: '2999-01-01T00:00:00' }), 400, /fecha/);
  });

  it('lets only staff in scope record: a psychologist while the practice issues is 403, anyone else\'s invoice 404, a patient 403', async () => {
    const id = await factura(pac.idPaciente, 5000);
    expectError(await pagar(id, 100, psi.token), 403);
    expectError(await pagar(id, 100, pac.token), 403);
    const otro = await newPsicologo(srv, admin);
    expectError(await pagar(id, 100, otro.token), 404);
    expectError(await pagar(999_999, 100), 404);
  });

  it('lets the psychologist who issued an invoice (emisorEs PSICOLOGO) record its payments, and no other psychologist', async () => {
    const fiscales = { nombreRazon: 'Laura Gómez', nif: '12345678Z', domicilio: ['Calle Sol 2', '28004 Madrid'] };
    expect((await req('PUT', `/api/admin/psicologos/${psi.idPsicologo}/datos-fiscales`, admin, fiscales)).status).to.equal(200);
    expect((await req('PUT', '/api/admin/facturacion/ajustes', admin, { emisorEs: 'PSICOLOGO', consulta: CONSULTA })).status).to.equal(200);
    try {
      const f = await req('POST', '/api/admin/facturas', psi.token, { idPaciente: pac.idPaciente, lineas: [{ precioCentimos: 3000 }] });
      expect(f.status, f.text).to.equal(201);
      const r = await pagar(f.body.idFactura, 3000, psi.token, { metodo: 'TRANSFERENCIA' });
      expect(r.status, r.text).to.equal(201);
      expect(r.body.registradoPor).to.be.a('number');
      const otro = await newPsicologo(srv, admin);
      expectError(await pagar(f.body.idFactura, 1, otro.token), 404);
    } finally {
      await req('PUT', '/api/admin/facturacion/ajustes', admin, { emisorEs: 'CONSULTA', consulta: CONSULTA });
    }
  });

  it('two payments racing cannot together pay more than is due (the payments\' stream revision serializes them)', async () => {
    const id = await factura(pac.idPaciente, 10000);
    const rs = await Promise.all(Array.from({ length: 8 }, () => pagar(id, 3000)));
    expect(rs.filter((r) => r.status === 201)).to.have.length(3);
    expect(rs.filter((r) => r.status === 409)).to.have.length(5);
    const pagos = (await req('GET', `/api/facturas/${id}/pagos`, admin)).body;
    expect(pagos.reduce((n: number, p: { importeCentimos: number }) => n + p.importeCentimos, 0)).to.equal(9000);
    expect(await verFactura(id)).to.include({ cobradoCentimos: 9000, estadoCobro: 'PARCIAL' });
  });

  it('records a payment once per idExterno (a provider\'s webhook retried) and answers the first', async () => {
    const id = await factura(pac.idPaciente, 7000);
    const cmd = { idFactura: id, importeCentimos: 7000, metodo: 'STRIPE' as const, idExterno: 'pi_123', actor: SISTEMA };
    const [a, b] = await Promise.all([registrarPago(srv.deps, cmd), registrarPago(srv.deps, cmd)]);
    const c = await registrarPago(srv.deps, cmd);
    expect(b.pago.idPago).to.equal(a.pago.idPago);
    expect(c.pago.idPago).to.equal(a.pago.idPago);
    await settled(srv.deps, a.position ?? b.position);
    const pagos = (await req('GET', `/api/facturas/${id}/pagos`, admin)).body;
    expect(pagos).to.have.length(1);
    expect(pagos[0]).to.include({ metodo: 'STRIPE', idExterno: 'pi_123', registradoPor: null });
    // Refunding an online payment goes through the provider: not configured here, so 409, nothing recorded.
    expectError(await req('POST', `/api/pagos/${a.pago.idPago}/reembolso`, admin, { motivo: 'Devolución' }), 409, /configurad/);
    expect(await verFactura(id)).to.include({ estadoCobro: 'PAGADA' });
  });

  it('refunds part of a payment, then the rest by default, 409 beyond; fully refunded the invoice is REEMBOLSADA and due again', async () => {
    const id = await factura(pac.idPaciente, 8000);
    const p = (await pagar(id, 8000, admin, { metodo: 'TARJETA' })).body;
    expectError(await req('POST', `/api/pagos/${p.idPago}/reembolso`, psi.token, { motivo: 'Devolución' }), 403);
    expectError(await req('POST', `/api/pagos/${p.idPago}/reembolso`, admin, {}), 400, /motivo/);
    const a = await req('POST', `/api/pagos/${p.idPago}/reembolso`, admin, { motivo: 'Devolución', importeCentimos: 3000 });
    expect(a.status, a.text).to.equal(200);
    expect(a.body).to.include({ idPago: p.idPago, reembolsadoCentimos: 3000 });
    expect(await verFactura(id)).to.include({ cobradoCentimos: 5000, estadoCobro: 'PARCIAL' });
    expectError(await req('POST', `/api/pagos/${p.idPago}/reembolso`, admin, { motivo: 'Devolución', importeCentimos: 5001 }), 409, /supera lo que queda/);
    const b = await req('POST', `/api/pagos/${p.idPago}/reembolso`, admin, { motivo: 'Devolución' });
    expect(b.body).to.include({ reembolsadoCentimos: 8000 });
    expect(await verFactura(id)).to.include({ cobradoCentimos: 0, estadoCobro: 'REEMBOLSADA' });
    expectError(await req('POST', `/api/pagos/${p.idPago}/reembolso`, admin, { motivo: 'Devolución' }), 409, /reembolsado entero/);
    expectError(await req('POST', '/api/pagos/999999/reembolso', admin, { motivo: 'Devolución' }), 404, /Pago no encontrado/);
    // A refund makes the amount due again.
    expect((await pagar(id, 8000)).status).to.equal(201);
  });

  it('a rectifying invoice lowers what is due on its original and is not paid itself; a cancelled invoice is not paid', async () => {
    const id = await factura(pac.idPaciente, 10000);
    const r = await req('POST', `/api/admin/facturas/${id}/rectificativa`, admin, { lineas: [{ precioCentimos: -4000 }], motivo: 'Precio mal aplicado' });
    expect(r.status, r.text).to.equal(201);
    expectError(await pagar(id, 6001), 409, /60,00 €/);
    expectError(await pagar(r.body.idFactura, 100), 409, /rectificativa/);
    expect((await pagar(id, 6000)).status).to.equal(201);
    expect(await verFactura(id)).to.include({ estadoCobro: 'PAGADA', cobradoCentimos: 6000 });
    expect(await verFactura(r.body.idFactura)).to.include({ estadoCobro: 'PAGADA' });
    const anulada = await factura(pac.idPaciente, 3000);
    expect((await req('POST', `/api/admin/facturas/${anulada}/anulacion`, admin, { motivo: 'Emitida por error' })).status).to.equal(200);
    expectError(await pagar(anulada, 100), 409, /anulada/);
  });

  it('lets the patient read their own payments and balance, their psychologist too, and nobody else (404)', async () => {
    const id = await factura(pac.idPaciente, 2000);
    await pagar(id, 500);
    const propios = await req('GET', `/api/pacientes/${pac.idPaciente}/pagos`, pac.token);
    expect(propios.status, propios.text).to.equal(200);
    expect(propios.body.every((p: { idPaciente: number }) => p.idPaciente === pac.idPaciente)).to.equal(true);
    expect((await req('GET', `/api/pacientes/${pac.idPaciente}/pagos`, psi.token)).status).to.equal(200);
    expect((await req('GET', `/api/facturas/${id}/pagos`, pac.token)).body).to.have.length(1);
    expectError(await req('GET', `/api/pacientes/${pac.idPaciente}/pagos`, ajeno.token), 404);
    expectError(await req('GET', `/api/pacientes/${pac.idPaciente}/saldo`, ajeno.token), 404);
    expectError(await req('GET', `/api/facturas/${id}/pagos`, ajeno.token), 404);
  });

  it('gives a patient\'s balance: invoiced, paid, refunded, due, and each invoice still due', async () => {
    const p = await newPaciente(srv);
    const a = await factura(p.idPaciente, 10000);
    const b = await factura(p.idPaciente, 2500);
    const pago = (await pagar(a, 4000)).body;
    await req('POST', `/api/pagos/${pago.idPago}/reembolso`, admin, { motivo: 'Devolución', importeCentimos: 1000 });
    const s = await req('GET', `/api/pacientes/${p.idPaciente}/saldo`, p.token);
    expect(s.status, s.text).to.equal(200);
    expect(s.body).to.include({ idPaciente: p.idPaciente, facturadoCentimos: 12500, pagadoCentimos: 4000, reembolsadoCentimos: 1000, pendienteCentimos: 9500 });
    expect(s.body.facturasPendientes.map((f: any) => [f.idFactura, f.pendienteCentimos, f.estadoCobro])).to.deep.equal([[a, 7000, 'PARCIAL'], [b, 2500, 'PENDIENTE']]);
  });

  describe('estadoPago, derived from the account', () => {
    it('before the first invoice it is the profile\'s value, as before billing', async () => {
      const p = await newPaciente(srv);
      expect(await estadoPago(p)).to.equal('PENDIENTE');
      const r = await req('PUT', `/api/pacientes/${p.idPaciente}`, admin, { estadoPago: 'PAGADO' });
      expect(r.status, r.text).to.equal(200);
      expect(r.body.estadoPago).to.equal('PAGADO');
    });

    it('PENDIENTE while due, FALLIDO after a failed online payment, PAGADO when paid, REEMBOLSADO when refunded and nothing is due', async () => {
      const p = await newPaciente(srv);
      await req('PUT', `/api/pacientes/${p.idPaciente}`, admin, { estadoPago: 'PAGADO' });
      const id = await factura(p.idPaciente, 6000);
      expect(await estadoPago(p)).to.equal('PENDIENTE');
      await settled(srv.deps, (await registrarPagoFallido(srv.deps, { idFactura: id, idExterno: 'pi_fallo', motivo: 'card_declined', actor: SISTEMA })).position);
      expect(await estadoPago(p)).to.equal('FALLIDO');
      expect((await req('GET', '/api/pacientes/admin?limit=100', admin)).body.find((x: any) => x.idPaciente === p.idPaciente).estadoPago).to.equal('FALLIDO');
      const pago = (await pagar(id, 2000)).body;
      expect(await estadoPago(p)).to.equal('PENDIENTE');
      // An administrator's PAGADO is recorded as a payment of what is due, never an overwrite.
      const r = await req('PUT', `/api/pacientes/${p.idPaciente}`, admin, { estadoPago: 'PAGADO', telefono: '600 000 001' });
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.include({ estadoPago: 'PAGADO', telefono: '600 000 001' });
      const pagos = (await req('GET', `/api/facturas/${id}/pagos`, admin)).body;
      expect(pagos.map((x: any) => [x.importeCentimos, x.metodo, x.referencia])).to.deep.equal([[2000, 'EFECTIVO', null], [4000, 'EFECTIVO', 'ajuste administrativo']]);
      // What cannot be recorded as such is 409, and nothing changes.
      expectError(await req('PUT', `/api/pacientes/${p.idPaciente}`, admin, { estadoPago: 'PENDIENTE' }), 409, /se deriva/);
      expectError(await req('PUT', `/api/pacientes/${p.idPaciente}`, admin, { estadoPago: 'FALLIDO' }), 409, /pasarela/);
      expectError(await req('PUT', `/api/pacientes/${p.idPaciente}`, admin, { estadoPago: 'REEMBOLSADO' }), 409, /reembolso/);
      expect(await estadoPago(p)).to.equal('PAGADO');
      // Refunded in full, the invoice is due again; cancelled, nothing is due and the latest invoice was refunded.
      for (const x of pagos) await req('POST', `/api/pagos/${x.idPago}/reembolso`, admin, { motivo: 'Devolución' });
      expect(await estadoPago(p)).to.equal('PENDIENTE');
      await req('POST', `/api/admin/facturas/${id}/anulacion`, admin, { motivo: 'Sesión no realizada' });
      expect(await estadoPago(p)).to.equal('REEMBOLSADO');
      void pago;
    });
  });
});
