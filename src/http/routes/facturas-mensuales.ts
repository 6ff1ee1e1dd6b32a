import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { form, named, s } from '../validation.ts';
import { caller } from '../auth.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { formatDate, wall, atInstant } from '../../platform/zone-clock.ts';
import type { Position } from '../../eventstore/port.ts';
import { MAX_LINEAS } from '../../commands/factura.ts';
import { facturarCargos } from '../../commands/facturar-cargos.ts';
import { findPacienteFor } from '../../queries/pacientes.ts';
import { cargosPendientesDelMes, nombresServicios, type CargoView } from '../../queries/cargos.ts';
import { destinatarioPaciente, findFactura } from '../../queries/facturas.ts';
import type { EntornoAeat } from '../../platform/verifactu/qr.ts';
import { AEAT_ENDPOINTS } from '../../platform/verifactu/aeat-soap.ts';
import { actorOf } from './direcciones.ts';
import { facturaSchema } from './facturas-schemas.ts';

const TAG = 'Facturas';
const MES = form('^(19|20|21)\\d{2}-(0[1-9]|1[0-2])$', 'un mes AAAA-MM', 'a month YYYY-MM');
const body = named('FacturacionMensualDatos', s.object(
  {
    mes: s.string({ pattern: MES, example: '2026-11', description: 'El mes (AAAA-MM) cuyos cargos se facturan; ha de haber terminado' }),
    idPaciente: s.int({ minimum: 1, maximum: 2_147_483_647, description: 'Solo este paciente (por defecto, todos)' }),
  },
  ['mes'],
));
const omitido = named('PacienteOmitido', s.object(
  { idPaciente: s.int(), motivo: s.string({ description: 'Por qué no se le emitió factura (p. ej. faltan los datos del emisor); sus cargos siguen pendientes' }) },
  ['idPaciente', 'motivo'],
));
const respuesta = named('FacturacionMensual', s.object(
  { emitidas: s.array(facturaSchema, { description: 'Facturas emitidas, una por paciente (o más si tiene más de 100 cargos)' }), omitidos: s.array(omitido) },
  ['emitidas', 'omitidos'],
));

const porPaciente = (cargos: CargoView[]) => {
  const out = new Map<number, CargoView[]>();
  for (const c of cargos) out.set(c.idPaciente, [...(out.get(c.idPaciente) ?? []), c]);
  return out;
};

/** Invoicing a month's charges (docs/billing.md "Invoicing charges"): one invoice per patient of their pending charges of that month. */
export function facturasMensualesRoutes(deps: AppDeps): RouteDef[] {
  const { knex } = deps;
  const entorno: EntornoAeat = deps.config.aeat.endpoint === AEAT_ENDPOINTS.prod ? 'produccion' : 'pruebas';
  /** Issues the patient's invoices (100 charges each at most); a refusal ends that patient's with its reason. */
  async function facturarPaciente(actor: ReturnType<typeof actorOf>, idPaciente: number, cargos: CargoView[]) {
    const destinatario = await destinatarioPaciente(knex, idPaciente);
    if (!destinatario) return { ids: [], position: null, motivo: 'Paciente no encontrado' };
    const nombresServicio = await nombresServicios(knex, cargos.map((c) => c.idServicio));
    const ids: number[] = [];
    let position: Position | null = null;
    for (let i = 0; i < cargos.length; i += MAX_LINEAS) {
      try {
        const r = await facturarCargos(deps, actor, { idPaciente, idCargos: cargos.slice(i, i + MAX_LINEAS).map((c) => c.idCargo), destinatario, nombresServicio });
        if (!r) continue;
        ids.push(r.factura.idFactura);
        position = r.position;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return { ids, position, motivo: err.mensaje.es };
      }
    }
    return { ids, position, motivo: null };
  }
  return [
    {
      method: 'post', path: '/api/admin/facturas/mensuales', operationId: 'facturarMes', tag: TAG, summary: 'Facturar los cargos pendientes de un mes: una factura por paciente', auth: ['ADMIN'],
      description: 'Cada paciente con cargos PENDIENTE_FACTURAR de ese mes recibe una factura con una línea por cargo (su fecha, el nombre del servicio o el concepto). '
        + 'Repetirla no emite nada dos veces: un cargo facturado queda FACTURADO en la misma escritura que su factura. Un mes que no ha terminado es 400. '
        + 'Un paciente al que no se puede facturar (p. ej. faltan los datos del emisor) queda en `omitidos` con el motivo, y sus cargos pendientes.',
      body, responses: { 200: { description: 'Facturas emitidas y pacientes omitidos', schema: respuesta } },
      handler: async (ctx, { body: b }: { body: { mes: string; idPaciente?: number } }) => {
        const user = caller(ctx);
        const hoy = formatDate(wall(atInstant(deps.clock.now().getTime(), deps.config.practiceTimezone)));
        // A month still running would be invoiced twice over (its later charges on another invoice): only ended months.
        if (b.mes >= hoy.slice(0, 7)) throw errors.invalid('mes: el mes aún no ha terminado', 'mes: the month has not ended yet');
        if (b.idPaciente !== undefined && !(await findPacienteFor(knex, user, b.idPaciente))) throw errors.notFound('Paciente', 'Patient');
        const emitidas: number[] = [];
        const omitidos: { idPaciente: number; motivo: string }[] = [];
        let position: Position | null = null;
        for (const [idPaciente, cargos] of porPaciente(await cargosPendientesDelMes(knex, b.mes, b.idPaciente))) {
          const r = await facturarPaciente(actorOf(user), idPaciente, cargos);
          emitidas.push(...r.ids);
          position = r.position ?? position;
          if (r.motivo) omitidos.push({ idPaciente, motivo: r.motivo });
        }
        await settled(deps, position);
        ctx.body = { emitidas: (await Promise.all(emitidas.map((id) => findFactura(knex, id, entorno)))).filter(Boolean), omitidos };
      },
    },
  ];
}
