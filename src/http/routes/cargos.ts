import type { AppDeps } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { caller } from '../auth.ts';
import { answerPage } from '../paging.ts';
import { queryInteger } from '../query-integer.ts';
import { errors } from '../../platform/errors.ts';
import { CONCEPTOS_CARGO } from '../../events/cargo.ts';
import { findPacienteFor } from '../../queries/pacientes.ts';
import { ESTADOS_CARGO, pageCargos, type EstadoCargo, type FiltroCargos } from '../../queries/cargos.ts';
import { centimos, iva } from './servicios.ts';

const TAG = 'Facturas';
const ID = { minimum: 1, maximum: 2_147_483_647 };

const cargoSchema = named('Cargo', s.object(
  {
    idCargo: s.int({ description: 'Identificador del cargo: el de su cita (un cargo por cita)' }),
    idCita: s.int(), idPaciente: s.int(), idPsicologo: s.int(),
    concepto: { ...s.enum(CONCEPTOS_CARGO), description: 'SESION (cita completada o sesión registrada), CANCELACION_TARDIA o NO_PRESENTADO' },
    idServicio: s.nullable(s.int({ description: 'Servicio cobrado; null en la tarifa de cancelación' })),
    precioCentimos: centimos('Importe antes de IVA (base imponible), en céntimos'), iva,
    cuotaIvaCentimos: s.int({ minimum: 0, description: 'Cuota de IVA en céntimos (0 si EXENTO)' }),
    totalCentimos: s.int({ minimum: 0, description: 'Importe más IVA, en céntimos' }),
    fecha: { ...s.date(), description: 'Día del servicio: el del inicio de la cita, en la zona de la consulta' },
    estado: { ...s.enum(ESTADOS_CARGO), description: 'PENDIENTE_FACTURAR hasta que una factura lo recoja (FACTURADO); CUBIERTO_BONO si lo cubre un bono (no se factura)' },
    idFactura: s.nullable(s.int({ description: 'La factura que lo recoge (FACTURADO); null si no' })),
    idBono: s.nullable(s.int({ description: 'El bono que lo cubre (CUBIERTO_BONO); null si no' })),
  },
  ['idCargo', 'idCita', 'idPaciente', 'idPsicologo', 'concepto', 'idServicio', 'precioCentimos', 'iva', 'cuotaIvaCentimos', 'totalCentimos', 'fecha', 'estado', 'idFactura', 'idBono'],
));
const listaQuery = s.object({
  idPaciente: queryInteger(ID, { type: 'string', example: '12', description: 'Solo los de este paciente' }),
  idPsicologo: queryInteger(ID, { type: 'string', example: '3', description: 'Solo los de las citas de este psicólogo' }),
  estado: { ...s.enum(ESTADOS_CARGO), description: 'Solo los de este estado' },
});
const lista = { 200: { description: 'Cargos, por idCargo', schema: s.array(cargoSchema) } };

/** Charges (docs/billing.md "Charges"): read-only; the charges reactor records them. */
export function cargosRoutes(deps: AppDeps): RouteDef[] {
  const { knex } = deps;
  return [
    {
      method: 'get', path: '/api/admin/cargos', operationId: 'listCargos', tag: TAG, summary: 'Cargos de la consulta (filtros: paciente, psicólogo, estado)', auth: ['ADMIN'],
      query: listaQuery, responses: lista,
      handler: async (ctx, { page, query }: { page?: any; query: Record<string, string | undefined> }) => {
        const filtro: FiltroCargos = {};
        if (query.idPaciente !== undefined) filtro.idPaciente = Number(query.idPaciente);
        if (query.idPsicologo !== undefined) filtro.idPsicologo = Number(query.idPsicologo);
        if (query.estado !== undefined) filtro.estado = query.estado as EstadoCargo;
        await answerPage(ctx, page, (p) => pageCargos(knex, p, filtro));
      },
    },
    {
      method: 'get', path: '/api/pacientes/:id/cargos', operationId: 'listCargosPaciente', tag: TAG, summary: 'Cargos de un paciente', auth: ['ADMIN', 'PSICOLOGO', 'PACIENTE'],
      description: 'El paciente, los suyos; un psicólogo, los de sus pacientes (404 si no lo es).',
      responses: lista,
      handler: async (ctx, { page, params }) => {
        if (!(await findPacienteFor(knex, caller(ctx), params.id))) throw errors.notFound('Paciente', 'Patient');
        await answerPage(ctx, page, (p) => pageCargos(knex, p, { idPaciente: params.id }));
      },
    },
  ];
}
