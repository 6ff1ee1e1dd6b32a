// The billing part of the demo practice (docs/billing.md), through the public API: the practice
// as issuer, three services, one psychologist's own price, a patient's discount, an invoice per
// patient (some paid), a prepaid pack and a rectifying invoice.
import { DateTime } from 'luxon';

type Call = (method: string, path: string, body?: unknown, token?: string) => Promise<{ status: number; body: any }>;

export interface DemoPaciente { idPaciente: number }
export interface DemoPsicologo { id: number }

/** A made-up practice with a NIF whose control character is right (B12345674), in Madrid. */
const CONSULTA = { nombreRazon: 'Consulta Demo de Psicología S.L.', nif: 'B12345674', domicilio: ['Calle de Atocha 27, 2º', '28012 Madrid'] };

const SERVICIOS = [
  { nombre: 'Sesión individual', precioCentimos: 6000, duracionMinutos: 50 },
  { nombre: 'Terapia de pareja', precioCentimos: 9000, duracionMinutos: 90 },
  // Not healthcare: an expert report for a court is taxed (docs/billing.md "Services").
  { nombre: 'Informe pericial', precioCentimos: 25000, iva: 21 },
] as const;

export async function seedBilling(call: Call, admin: string, tz: string, psicologos: DemoPsicologo[], pacientes: DemoPaciente[]): Promise<string[]> {
  await call('PUT', '/api/admin/facturacion/ajustes', { emisorEs: 'CONSULTA', consulta: CONSULTA }, admin);
  const servicios: number[] = [];
  for (const s of SERVICIOS) servicios.push((await call('POST', '/api/admin/servicios', s, admin)).body.idServicio);
  // The first psychologist charges 65.00 € for an individual session; the third patient pays 20% less.
  await call('PUT', `/api/admin/psicologos/${psicologos[0].id}/tarifas/${servicios[0]}`, { precioCentimos: 6500 }, admin);
  await call('PUT', `/api/pacientes/${pacientes[2].idPaciente}/tarifa`, { descuentoPorcentaje: 20 }, admin);

  const facturas: { idFactura: number; importeTotalCentimos: number; numSerie: string }[] = [];
  for (const [i, p] of pacientes.entries()) {
    const lineas = i === 4 ? [{ idServicio: servicios[1] }] : [{ idServicio: servicios[0], cantidad: 1 + (i % 2) }];
    facturas.push((await call('POST', '/api/admin/facturas', { idPaciente: p.idPaciente, lineas }, admin)).body);
  }
  const metodos = ['TARJETA', 'BIZUM', 'EFECTIVO'] as const;
  for (const [i, f] of facturas.slice(0, 3).entries()) {
    await call('POST', `/api/facturas/${f.idFactura}/pagos`, { importeCentimos: f.importeTotalCentimos, metodo: metodos[i] }, admin);
  }
  // The fourth patient pays half now; the fifth has paid nothing (the balances report shows both).
  await call('POST', `/api/facturas/${facturas[3].idFactura}/pagos`, { importeCentimos: Math.floor(facturas[3].importeTotalCentimos / 2), metodo: 'TRANSFERENCIA', referencia: 'TRF-DEMO-0001' }, admin);
  const validoHasta = DateTime.now().setZone(tz).plus({ months: 6 }).toISODate();
  await call('POST', `/api/pacientes/${pacientes[0].idPaciente}/bonos`, { sesiones: 5, precioCentimos: 27500, validoHasta, idServicio: servicios[0] }, admin);
  await call('POST', `/api/admin/facturas/${facturas[1].idFactura}/rectificativa`, {
    motivo: 'Descuento de bienvenida no aplicado', lineas: [{ precioCentimos: -1000, descripcion: 'Descuento de bienvenida' }],
  }, admin);
  return [
    `billing: the practice issues (NIF ${CONSULTA.nif}), 3 services, ${facturas.length + 2} invoices (${facturas.map((f) => f.numSerie).join(', ')}, a pack's and a rectifying one), 4 payments`,
  ];
}
