import type { AppDeps } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { saldosPendientes, saldosPendientesCsv } from '../../queries/saldos-pendientes.ts';
import { pideCsv, sendCsv } from '../csv-answer.ts';

// Outstanding balances by age (docs/billing.md "Outstanding balances"), ADMIN only: the report names
// patients, personal data no other role sees in a list.

const importe = (tramo: string) => s.int({ minimum: 0, description: `Pendiente de facturas de ${tramo}, en céntimos` });
const tramos = {
  d0a30Centimos: importe('0 a 30 días'), d31a60Centimos: importe('31 a 60 días'), d61a90Centimos: importe('61 a 90 días'),
  masDe90Centimos: importe('más de 90 días'), totalCentimos: s.int({ minimum: 0, description: 'Todo lo pendiente, en céntimos' }),
};
const claves = Object.keys(tramos);
const csvSchema = s.string({ description: 'CSV: UTF-8 con BOM, separador `;`, importes en euros con coma decimal, una fila de cabecera y la de totales' });
const informe = named('InformeSaldosPendientes', s.object(
  {
    fecha: { ...s.date(), description: 'Hoy en la zona de la consulta: la antigüedad se cuenta en días desde la fecha de expedición hasta hoy' },
    pacientes: s.array(named('SaldoPendientePaciente', s.object(
      { idPaciente: s.int(), nombre: s.string(), apellido: s.string(), facturas: s.int({ minimum: 1, description: 'Facturas con algo pendiente' }), ...tramos },
      ['idPaciente', 'nombre', 'apellido', 'facturas', ...claves],
    )), { description: 'Cada paciente con algo pendiente, por idPaciente' }),
    totales: named('SaldoPorTramos', s.object(tramos, claves)),
  },
  ['fecha', 'pacientes', 'totales'],
));

export function saldosPendientesRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'get', path: '/api/admin/informes/saldos-pendientes', operationId: 'getSaldosPendientes', tag: 'Facturas',
      summary: 'Saldos pendientes por antigüedad (0–30, 31–60, 61–90, más de 90 días), por paciente y en total', auth: ['ADMIN'],
      description: 'Con `formato=csv` (o `Accept: text/csv`), CSV: UTF-8 con BOM, separador `;`, importes en euros con coma decimal (1234,56), la última fila los totales.',
      query: s.object({ formato: { ...s.enum(['json', 'csv']), description: 'json (por defecto, o csv si Accept empieza por text/csv) o csv' } }),
      responses: { 200: { description: 'Saldos pendientes', schema: informe, alternatives: [{ contentType: 'text/csv', schema: csvSchema }] } },
      handler: async (ctx, { query }: { query: { formato?: 'json' | 'csv' } }) => {
        const inf = await saldosPendientes(deps.knex, deps.clock.now(), deps.config.practiceTimezone);
        if (pideCsv(ctx, query.formato)) { sendCsv(ctx, `saldos-pendientes-${inf.fecha}.csv`, saldosPendientesCsv(inf)); return; }
        ctx.set('Cache-Control', 'private, no-store');
        ctx.body = inf;
      },
    },
  ];
}
