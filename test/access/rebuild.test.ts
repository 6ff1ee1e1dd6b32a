import { expect } from 'chai';
import { DateTime } from 'luxon';
import { rebuildProjections } from '../../src/cli/rebuild-projections.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { asignar, newPaciente, newPsicologo } from '../directory/support.ts';

// Every listing an admin can read; a rebuild of the read models must leave each one identical.
const LISTINGS = [
  '/auth/admins', '/api/pacientes/admin', '/api/psicologo', '/api/admin/psicologos', '/api/admin/psicologos/pacientes',
  '/api/admin/direcciones', '/api/situaciones', '/api/admin/situaciones', '/api/admin/ajustes', '/api/admin/citas',
  '/api/admin/sesiones', '/api/admin/historial-clinico', '/api/admin/diario-emocional', '/api/admin/progreso-emocional',
  '/api/admin/servicios', '/api/admin/facturas',
];

describe('npm run projections:rebuild beside a running server', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let admin: string;

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
  });
  after(async () => {
    await srv?.stop();
  });

  async function ok(method: string, path: string, token: string, body?: unknown) {
    const r = await srv.request(method, path, { token, body });
    expect(r.status, `${method} ${path}: ${r.text}`).to.be.within(200, 299);
    return r.body;
  }

  async function snapshot(): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const path of LISTINGS) out[path] = await ok('GET', path, admin);
    return out;
  }

  it('leaves every listing answering exactly as before', async () => {
    const psi = await newPsicologo(srv, admin);
    const start = DateTime.now().setZone('Europe/Madrid').plus({ days: 10 }).set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
    for (let i = 0; i < 3; i++) {
      const pac = await newPaciente(srv);
      await asignar(srv, admin, pac.idPaciente, psi.idPsicologo);
      await ok('POST', '/api/direcciones', pac.token, { calle: `Calle Luna ${i}`, ciudad: 'Madrid', provincia: 'Madrid', codigoPostal: '28004', pais: 'España' });
      await ok('PUT', '/api/ajustes', pac.token, { idioma: i % 2 ? 'en' : 'es', darkMode: true });
      const cita = await ok('POST', '/api/citas', pac.token, {
        idPsicologo: psi.idPsicologo, startDatetime: start.plus({ hours: i }).toFormat("yyyy-LL-dd'T'HH:mm:ss"), durationMinutes: 50, motivo: 'Ansiedad',
      });
      if (i === 1) await ok('PUT', `/api/psicologo/citas/${cita.idCita}`, psi.token, { estado: 'CONFIRMADA' });
      // A cancelled appointment takes no session record.
      if (i < 2) await ok('POST', '/api/sesiones', pac.token, { idCita: cita.idCita, sessionDate: start.toFormat("yyyy-LL-dd'T'HH:mm:ss"), durationMinutes: 50, notas: 'n', recomendaciones: 'r' });
      if (i === 2) await ok('DELETE', `/api/citas/${cita.idCita}`, pac.token);
      await ok('POST', '/api/historial-clinico', pac.token, { titulo: `Motivo ${i}`, diagnostico: 'd', tratamiento: 't', observaciones: 'o' });
      await ok('POST', '/api/diario-emocional', pac.token, { emocion: 'Calma', intensidad: 3 + i, nota: 'bien' });
      await ok('POST', '/api/progreso-emocional', pac.token, { fecha: DateTime.now().setZone('Europe/Madrid').toISODate(), nivelEstres: i, nivelAnsiedad: 2, nivelAnimo: 8 });
    }
    await ok('POST', '/api/admin/situaciones', admin, { nombre: 'Soledad no deseada', categoria: 'Relacional', descripcion: 'x', activo: true });
    const servicio = await ok('POST', '/api/admin/servicios', admin, { nombre: 'Sesión individual', precioCentimos: 6000, duracionMinutos: 50 });
    await ok('PUT', `/api/admin/servicios/${servicio.idServicio}`, admin, { nombre: 'Informe', precioCentimos: 12000, iva: 21 });
    await ok('POST', '/api/admin/servicios', admin, { nombre: 'Retirado', precioCentimos: 0 }).then((r) => ok('DELETE', `/api/admin/servicios/${r.idServicio}`, admin));
    await ok('PUT', '/api/admin/facturacion/ajustes', admin, { emisorEs: 'CONSULTA', consulta: { nombreRazon: 'Consulta S.L.', nif: 'B12345674', domicilio: ['Calle Mayor 1'] } });
    const facturado = await newPaciente(srv);
    const factura = await ok('POST', '/api/admin/facturas', admin, { idPaciente: facturado.idPaciente, lineas: [{ idServicio: servicio.idServicio }, { precioCentimos: 2500 }] });
    await ok('POST', `/api/admin/facturas/${factura.idFactura}/anulacion`, admin, { motivo: 'Error' });
    const segunda = await ok('POST', '/api/admin/facturas', admin, { idPaciente: facturado.idPaciente, lineas: [{ precioCentimos: 6000 }] });
    // Payments: the invoices' cobradoCentimos and estadoCobro, and the patient's derived estadoPago, rebuilt from the log.
    const pago = await ok('POST', `/api/facturas/${segunda.idFactura}/pagos`, admin, { importeCentimos: 4000, metodo: 'BIZUM' });
    await ok('POST', `/api/pagos/${pago.idPago}/reembolso`, admin, { motivo: 'Cobrado de más', importeCentimos: 1500 });
    const before = await snapshot();
    for (const [path, body] of Object.entries(before)) expect(body, path).to.be.an('array');
    expect((before['/api/admin/citas'] as unknown[]).length).to.equal(3);

    const { events } = await rebuildProjections(srv.config);
    expect(events).to.be.greaterThan(20);
    expect(await snapshot()).to.deep.equal(before);
  });
});
