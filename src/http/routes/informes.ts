import { Readable } from 'node:stream';
import type { Context } from 'koa';
import type { AppDeps } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { caller } from '../auth.ts';
import { queryInteger } from '../query-integer.ts';
import { errors } from '../../platform/errors.ts';
import { CSV_BOM, eurosCsv, lineaCsv, textoCsv } from '../../platform/csv.ts';
import { pideCsv, sendCsv } from '../csv-answer.ts';
import { informeIngresos, type FiltroIngresos, type InformeIngresos } from '../../queries/informes.ts';
import { facturasExportadas } from '../../queries/facturas-exportacion.ts';
import type { FiltroFacturas } from '../../queries/facturas.ts';

// Billing reports (docs/billing.md "Reports"): the income per psychologist and month, for the
// administrator and for each psychologist's own invoices, as JSON or, with `formato=csv`, as CSV;
// and every invoice as CSV. Amounts are integer cents in JSON and euros with a decimal comma in CSV.

const TAG = 'Facturas';
const ID = { minimum: 1, maximum: 2_147_483_647 };
const centimos = (description: string) => s.int({ description });

const figuras = {
  facturas: s.int({ minimum: 0, description: 'Facturas emitidas y no anuladas (rectificativas incluidas)' }),
  rectificativas: s.int({ minimum: 0, description: 'De ellas, rectificativas' }),
  baseCentimos: centimos('Base imponible en céntimos (las rectificativas con sus diferencias, que pueden ser negativas)'),
  cuotaIvaCentimos: centimos('Cuota de IVA en céntimos'),
  totalCentimos: centimos('Total facturado en céntimos'),
  cobradoCentimos: centimos('Cobrado hasta hoy de esas facturas, en céntimos'),
};
const filaSchema = named('FilaIngresos', s.object(
  {
    mes: { ...s.month(), description: 'Mes de la fecha de expedición' },
    idPsicologo: s.nullable(s.int({ description: 'Psicólogo de la factura (el del paciente al emitirla); null: pacientes sin psicólogo' })),
    nombrePsicologo: s.nullable(s.string({ description: 'Nombre y apellido del psicólogo' })),
    ...figuras,
  },
  ['mes', 'idPsicologo', 'nombrePsicologo', ...Object.keys(figuras)],
));
const informeSchema = named('InformeIngresos', s.object(
  {
    desde: s.month(), hasta: s.month(), idPsicologo: s.int({ description: 'El psicólogo pedido, si se pidió uno' }),
    filas: s.array(filaSchema, { description: 'Una por mes y psicólogo con facturas, por mes y idPsicologo' }),
    totales: named('TotalesIngresos', s.object(figuras, Object.keys(figuras))),
  },
  ['desde', 'hasta', 'filas', 'totales'],
));
const csvSchema = s.string({ description: 'CSV: UTF-8 con BOM, separador `;`, importes en euros con coma decimal, una fila de cabecera' });

const periodo = {
  desde: { ...s.month(), description: 'Primer mes (AAAA-MM) de la fecha de expedición, incluido' },
  hasta: { ...s.month(), description: 'Último mes (AAAA-MM), incluido' },
  formato: { ...s.enum(['json', 'csv']), description: 'json (por defecto, o csv si Accept empieza por text/csv) o csv' },
};
const adminQuery = s.object(
  { ...periodo, idPsicologo: queryInteger(ID, { type: 'string', example: '3', description: 'Solo las facturas de este psicólogo' }) },
  ['desde', 'hasta'],
);
const propioQuery = s.object(periodo, ['desde', 'hasta']);
const exportQuery = s.object({
  idPaciente: queryInteger(ID, { type: 'string', example: '12', description: 'Solo las de este paciente' }),
  idPsicologo: queryInteger(ID, { type: 'string', example: '3', description: 'Solo las de los pacientes de este psicólogo o emitidas por él' }),
  anio: queryInteger({ minimum: 2000, maximum: 2100 }, { type: 'string', example: '2026', description: 'Solo las de este año (fecha de expedición)' }),
});

const informeRespuesta = {
  200: { description: 'Ingresos por mes y psicólogo', schema: informeSchema, alternatives: [{ contentType: 'text/csv', schema: csvSchema }] },
};
const CABECERA_INGRESOS = ['mes', 'idPsicologo', 'psicologo', 'facturas', 'rectificativas', 'baseEuros', 'ivaEuros', 'totalEuros', 'cobradoEuros'];
const CABECERA_FACTURAS = [
  'idFactura', 'numSerie', 'fechaExpedicion', 'tipoFactura', 'rectifica', 'emisorNif', 'emisorNombre', 'destinatarioNombre',
  'destinatarioNif', 'idPaciente', 'idPsicologo', 'baseEuros', 'ivaEuros', 'totalEuros', 'estado', 'cobradoEuros',
];

function periodoDe(query: Record<string, string | undefined>): FiltroIngresos {
  const { desde, hasta } = query as { desde: string; hasta: string };
  if (hasta < desde) throw errors.invalid('hasta: debe ser igual o posterior a desde', 'hasta: must not be before desde');
  return { desde, hasta };
}

function ingresosCsv(informe: InformeIngresos): string {
  const lines = informe.filas.map((f) => lineaCsv([
    f.mes, f.idPsicologo, textoCsv(f.nombrePsicologo), f.facturas, f.rectificativas,
    eurosCsv(f.baseCentimos), eurosCsv(f.cuotaIvaCentimos), eurosCsv(f.totalCentimos), eurosCsv(f.cobradoCentimos),
  ]));
  return CSV_BOM + lineaCsv(CABECERA_INGRESOS) + lines.join('');
}

async function answerInforme(ctx: Context, deps: AppDeps, filtro: FiltroIngresos, formato: string | undefined): Promise<void> {
  const informe = await informeIngresos(deps.knex, filtro);
  if (pideCsv(ctx, formato)) sendCsv(ctx, `ingresos-${filtro.desde}-${filtro.hasta}.csv`, ingresosCsv(informe));
  else ctx.body = informe;
}

async function* facturasCsv(deps: AppDeps, filtro: FiltroFacturas): AsyncGenerator<string> {
  yield CSV_BOM + lineaCsv(CABECERA_FACTURAS);
  for await (const f of facturasExportadas(deps.knex, filtro)) {
    yield lineaCsv([
      f.idFactura, f.numSerie, f.fechaExpedicion, f.tipoFactura, f.rectifica, f.emisorNif, textoCsv(f.emisorNombre),
      textoCsv(f.destinatarioNombre), f.destinatarioNif, f.idPaciente, f.idPsicologo, eurosCsv(f.baseCentimos),
      eurosCsv(f.cuotaIvaCentimos), eurosCsv(f.totalCentimos), f.estado, eurosCsv(f.cobradoCentimos),
    ]);
  }
}

/** The billing reports (docs/billing.md "Reports"). */
export function informesRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'get', path: '/api/admin/informes/ingresos', operationId: 'getInformeIngresos', tag: TAG, summary: 'Ingresos por psicólogo y mes (JSON o CSV)', auth: ['ADMIN'],
      description: 'Por mes de expedición y psicólogo de la factura: facturas, base, IVA, total facturado (las rectificativas con sus diferencias; '
        + 'las anuladas no cuentan) y lo cobrado de ellas, en céntimos. Con `formato=csv` (o `Accept: text/csv`), el mismo informe en CSV (separador `;`, euros con coma decimal).',
      query: adminQuery, responses: informeRespuesta,
      handler: async (ctx, { query }: { query: Record<string, string | undefined> }) => {
        const filtro = periodoDe(query);
        if (query.idPsicologo !== undefined) filtro.idPsicologo = Number(query.idPsicologo);
        await answerInforme(ctx, deps, filtro, query.formato);
      },
    },
    {
      method: 'get', path: '/api/psicologo/informes/ingresos', operationId: 'getMisIngresos', tag: TAG, summary: 'Mis ingresos por mes (JSON o CSV)', auth: ['PSICOLOGO'],
      description: 'El informe de ingresos de las facturas del psicólogo que llama (las de sus pacientes al emitirlas) y de nadie más.',
      query: propioQuery, responses: informeRespuesta,
      handler: async (ctx, { query }: { query: Record<string, string | undefined> }) => {
        const { idPsicologo } = caller(ctx);
        if (idPsicologo === null) throw errors.forbidden();
        await answerInforme(ctx, deps, { ...periodoDe(query), idPsicologo }, query.formato);
      },
    },
    {
      method: 'get', path: '/api/admin/facturas.csv', operationId: 'exportFacturasCsv', tag: TAG, summary: 'Facturas emitidas en CSV (filtros: paciente, psicólogo, año)', auth: ['ADMIN'],
      description: 'Todas las facturas que seleccionan los filtros de la lista, por idFactura, con el nombre y NIF del destinatario. Separador `;`, euros con coma decimal.',
      query: exportQuery, responses: { 200: { description: 'CSV de facturas', schema: csvSchema, contentType: 'text/csv' } },
      handler: async (ctx, { query }: { query: Record<string, string | undefined> }) => {
        const filtro: FiltroFacturas = {};
        if (query.idPaciente !== undefined) filtro.idPaciente = Number(query.idPaciente);
        if (query.idPsicologo !== undefined) filtro.idPsicologo = Number(query.idPsicologo);
        if (query.anio !== undefined) filtro.anio = Number(query.anio);
        sendCsv(ctx, 'facturas.csv', Readable.from(facturasCsv(deps, filtro)));
      },
    },
  ];
}
