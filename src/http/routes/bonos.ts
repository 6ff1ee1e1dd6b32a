import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { caller } from '../auth.ts';
import { errors } from '../../platform/errors.ts';
import { formatDate, wall, atInstant } from '../../platform/zone-clock.ts';
import { MAX_SESIONES_BONO } from '../../events/bono.ts';
import type { Iva } from '../../events/servicio.ts';
import { venderBono } from '../../commands/bonos.ts';
import { servicioNotFound } from '../../commands/servicio.ts';
import { findPacienteFor } from '../../queries/pacientes.ts';
import { destinatarioPaciente } from '../../queries/facturas.ts';
import { findServicio } from '../../queries/tarifas.ts';
import { bonosDePaciente, ESTADOS_BONO } from '../../queries/bonos.ts';
import { actorOf } from './direcciones.ts';
import { centimos, iva } from './servicios.ts';

const TAG = 'Facturas';

const bonoSchema = named('Bono', s.object(
  {
    idBono: s.int(), idPaciente: s.int(),
    sesiones: s.int({ minimum: 1, maximum: MAX_SESIONES_BONO, description: 'Sesiones que incluye' }),
    usadas: s.int({ minimum: 0, description: 'Sesiones completadas que ha cubierto' }),
    restantes: s.int({ minimum: 0, description: 'sesiones − usadas' }),
    precioCentimos: centimos('Precio del bono antes de IVA, en céntimos (la base de su factura)'), iva,
    validoHasta: { ...s.date(), description: 'Último día de una sesión que cubre (zona de la consulta)' },
    idServicio: s.nullable(s.int({ description: 'Solo cubre sesiones de este servicio; null: cualquiera' })),
    idFactura: s.int({ description: 'La factura del bono, emitida al venderlo' }),
    estado: { ...s.enum(ESTADOS_BONO), description: 'AGOTADO sin sesiones restantes; si no, CADUCADO pasado validoHasta; si no, ACTIVO' },
  },
  ['idBono', 'idPaciente', 'sesiones', 'usadas', 'restantes', 'precioCentimos', 'iva', 'validoHasta', 'idServicio', 'idFactura', 'estado'],
));
const venderBody = named('BonoDatos', s.object(
  {
    sesiones: s.int({ minimum: 1, maximum: MAX_SESIONES_BONO, example: 10, description: 'Sesiones que incluye (1 a 100)' }),
    precioCentimos: s.int({ minimum: 1, maximum: 99_999_999, example: 50000, description: 'Precio del bono antes de IVA, en céntimos' }),
    validoHasta: { ...s.date(), description: 'Último día de una sesión que cubre (AAAA-MM-DD, no anterior a hoy)' },
    idServicio: s.int({ minimum: 1, maximum: 2_147_483_647, description: 'Solo cubrirá sesiones de este servicio (por defecto, cualquiera)' }),
    iva: { ...iva, description: 'IVA del bono: por defecto el del servicio si nombra uno, si no EXENTO' },
  },
  ['sesiones', 'precioCentimos', 'validoHasta'],
));

/** Prepaid packs (docs/billing.md "Packs"): selling one (with its invoice) and a patient's packs. */
export function bonosRoutes(deps: AppDeps): RouteDef[] {
  const { knex } = deps;
  const hoy = () => formatDate(wall(atInstant(deps.clock.now().getTime(), deps.config.practiceTimezone)));
  return [
    {
      method: 'post', path: '/api/pacientes/:id/bonos', operationId: 'venderBono', tag: TAG, summary: 'Vender un bono de sesiones a un paciente (se factura al venderlo)', auth: ['ADMIN', 'PSICOLOGO'],
      description: 'El administrador a cualquier paciente; un psicólogo a los suyos (404 si no lo es). La factura del bono (una línea "Bono de N sesiones") '
        + 'se emite en la misma escritura atómica que el bono: sin datos del emisor, 409 y no hay bono. Cada sesión completada del paciente (del servicio, si lo nombra) '
        + 'hasta validoHasta gasta una.',
      body: venderBody, responses: { 201: { description: 'Bono vendido', schema: bonoSchema } },
      handler: async (ctx, { params, body }: { params: Record<string, number>; body: { sesiones: number; precioCentimos: number; validoHasta: string; idServicio?: number; iva?: Iva } }) => {
        const user = caller(ctx);
        const paciente = await findPacienteFor(knex, user, params.id);
        const destinatario = paciente && (await destinatarioPaciente(knex, params.id));
        if (!paciente || !destinatario) throw errors.notFound('Paciente', 'Patient');
        const servicio = body.idServicio === undefined ? null : await findServicio(knex, body.idServicio);
        if (body.idServicio !== undefined && (!servicio || !servicio.activo)) throw servicioNotFound();
        const r = await venderBono(deps, actorOf(user), {
          idPaciente: params.id, sesiones: body.sesiones, precioCentimos: body.precioCentimos, validoHasta: body.validoHasta,
          idServicio: servicio?.idServicio ?? null, iva: body.iva ?? servicio?.iva ?? 'EXENTO', destinatario,
        });
        await settled(deps, r);
        ctx.status = 201;
        ctx.body = (await bonosDePaciente(knex, params.id, hoy())).find((b) => b.idBono === r.bono.idBono);
      },
    },
    {
      method: 'get', path: '/api/pacientes/:id/bonos', operationId: 'listBonosPaciente', tag: TAG, summary: 'Bonos de un paciente', auth: ['ADMIN', 'PSICOLOGO', 'PACIENTE'],
      description: 'El paciente, los suyos; un psicólogo, los de sus pacientes (404 si no lo es).',
      responses: { 200: { description: 'Bonos, por idBono', schema: s.array(bonoSchema) } },
      handler: async (ctx, { params }) => {
        if (!(await findPacienteFor(knex, caller(ctx), params.id))) throw errors.notFound('Paciente', 'Patient');
        ctx.body = await bonosDePaciente(knex, params.id, hoy());
      },
    },
  ];
}
