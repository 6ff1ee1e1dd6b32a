import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { caller } from '../auth.ts';
import { queryId, queryInteger } from '../query-integer.ts';
import { errors } from '../../platform/errors.ts';
import { MAX_DURACION_MINUTOS } from '../../events/servicio.ts';
import type { AuthUser } from '../../queries/usuarios.ts';
import { findPacienteFor, psicologoExists } from '../../queries/pacientes.ts';
import { findServicio, findTarifaPsicologo, pageTarifasPsicologo, serviciosDeDuracion, tarifaPaciente } from '../../queries/tarifas.ts';
import { precioDe, servicioPorDefecto, type ServicioView } from '../../queries/precio-sesion.ts';
import { answerPage } from '../paging.ts';
import {
  fijarTarifaPaciente, fijarTarifaPsicologo, retirarTarifaPaciente, retirarTarifaPsicologo, type AlcancePaciente,
} from '../../commands/tarifas.ts';
import { servicioNotFound } from '../../commands/servicio.ts';
import { actorOf } from './direcciones.ts';
import { centimos, iva, TAG } from './servicios.ts';

const idServicio = s.int({ description: 'Identificador del servicio' });
const tarifaPsicologoSchema = named('TarifaPsicologo', s.object(
  { idPsicologo: s.int(), idServicio, precioCentimos: centimos('Precio propio del psicólogo para el servicio, antes de IVA, en céntimos') },
  ['idPsicologo', 'idServicio', 'precioCentimos'],
));
const tarifaPsicologoBody = named('TarifaPsicologoDatos', s.object(
  { precioCentimos: centimos('Precio propio del psicólogo para el servicio, antes de IVA, en céntimos (entero ≥ 0)') },
  ['precioCentimos'],
));
const descuento = s.int({ minimum: 0, maximum: 100, example: 20, description: 'Descuento en porcentaje (entero de 0 a 100) sobre el precio de cada sesión' });
const precioFijo = centimos('Precio fijo de cada sesión del paciente, antes de IVA, en céntimos (entero ≥ 0): sustituye al del servicio');
const tarifaPacienteSchema = named('TarifaPaciente', s.object(
  { idPaciente: s.int(), descuentoPorcentaje: s.nullable(descuento), precioFijoCentimos: s.nullable(precioFijo) },
  ['idPaciente', 'descuentoPorcentaje', 'precioFijoCentimos'],
));
// One of the two (the command refuses both); a new rule replaces the previous one whole.
const tarifaPacienteBody = named('TarifaPacienteDatos', s.object({ descuentoPorcentaje: descuento, precioFijoCentimos: precioFijo }, [], { minProperties: 1 }));

const nullableCentimos = (description: string) => s.nullable(centimos(description));
const precioSchema = named('PrecioSesion', s.object(
  {
    idServicio, nombreServicio: s.string({ description: 'Nombre del servicio' }),
    duracionMinutos: s.nullable(s.int({ minimum: 1, maximum: MAX_DURACION_MINUTOS, description: 'Duración del servicio en minutos' })), iva,
    precioServicioCentimos: centimos('Precio del servicio para la consulta, en céntimos'),
    precioPsicologoCentimos: nullableCentimos('Precio propio del psicólogo para el servicio, si lo tiene'),
    descuentoPorcentaje: s.nullable(descuento), precioFijoCentimos: s.nullable(precioFijo),
    origen: { ...s.enum(['SERVICIO', 'TARIFA_PSICOLOGO', 'DESCUENTO_PACIENTE', 'PRECIO_FIJO_PACIENTE']), description: 'Qué regla fijó el precio final' },
    precioCentimos: s.int({ minimum: 0, description: 'Precio final de la sesión antes de IVA (base imponible), en céntimos' }),
    cuotaIvaCentimos: s.int({ minimum: 0, description: 'Cuota de IVA en céntimos (0 si EXENTO), redondeada al céntimo' }),
    totalCentimos: s.int({ minimum: 0, description: 'Precio final más IVA, en céntimos' }),
  },
  ['idServicio', 'nombreServicio', 'duracionMinutos', 'iva', 'precioServicioCentimos', 'precioPsicologoCentimos', 'descuentoPorcentaje',
    'precioFijoCentimos', 'origen', 'precioCentimos', 'cuotaIvaCentimos', 'totalCentimos'],
));
const precioQuery = s.object({
  idPaciente: queryId(),
  idPsicologo: queryInteger({ minimum: 1, maximum: 2_147_483_647 }, s.string({ example: '3', description: 'Psicólogo que da la sesión; por defecto, el asignado al paciente' })),
  duracionMinutos: queryInteger({ minimum: 1, maximum: MAX_DURACION_MINUTOS }, s.string({ example: '50', description: 'Duración de la cita en minutos: elige el servicio por defecto de esa duración' })),
  idServicio: queryInteger({ minimum: 1, maximum: 2_147_483_647 }, s.string({ example: '1', description: 'Servicio de la sesión (si se da, manda sobre duracionMinutos)' })),
}, ['idPaciente']);

type PrecioQuery = { idPaciente: string; idPsicologo?: string; duracionMinutos?: string; idServicio?: string };

const psicologoNotFound = () => errors.notFound('Psicólogo', 'Psychologist');
const pacienteNotFound = () => errors.notFound('Paciente', 'Patient');

/** Whose patient rules the caller may set (the route's roles are ADMIN and PSICOLOGO). */
const alcanceDe = (user: AuthUser): AlcancePaciente => (user.rol === 'ADMIN' ? 'todos' : { idPsicologo: user.idPsicologo ?? 0 });

/** Psychologists' own prices, patients' rules and the fee of a session (docs/billing.md "Fees"). */
export function tarifasRoutes(deps: AppDeps): RouteDef[] {
  const { knex } = deps;
  const paciente = async (user: AuthUser, idPaciente: number) => {
    const p = await findPacienteFor(knex, user, idPaciente);
    if (!p) throw pacienteNotFound();
    return p;
  };
  const servicioDeSesion = async (q: PrecioQuery): Promise<ServicioView> => {
    if (q.idServicio !== undefined) {
      const found = await findServicio(knex, Number(q.idServicio));
      if (!found?.activo) throw servicioNotFound();
      return found;
    }
    if (q.duracionMinutos === undefined) throw errors.invalid('Indique duracionMinutos o idServicio', 'Give duracionMinutos or idServicio');
    const duracionMinutos = Number(q.duracionMinutos);
    const porDefecto = servicioPorDefecto(await serviciosDeDuracion(knex, duracionMinutos), duracionMinutos);
    if (!porDefecto) throw servicioNotFound();
    return porDefecto;
  };
  return [
    {
      method: 'get', path: '/api/admin/psicologos/:id/tarifas', operationId: 'listTarifasPsicologoAdmin', tag: TAG, summary: 'Precios propios de un psicólogo', auth: ['ADMIN'],
      responses: { 200: { description: 'Precios propios, por idServicio', schema: s.array(tarifaPsicologoSchema) } },
      handler: async (ctx, { params, page }) => {
        if (!(await psicologoExists(knex, params.id))) throw psicologoNotFound();
        await answerPage(ctx, page, (p) => pageTarifasPsicologo(knex, p, params.id));
      },
    },
    {
      method: 'put', path: '/api/admin/psicologos/:id/tarifas/:idServicio', operationId: 'setTarifaPsicologo', tag: TAG, summary: 'Fijar el precio propio de un psicólogo para un servicio', auth: ['ADMIN'],
      body: tarifaPsicologoBody, responses: { 200: { description: 'Precio fijado', schema: tarifaPsicologoSchema } },
      handler: async (ctx, { params, body }: { params: Record<string, number>; body: { precioCentimos: number } }) => {
        const data = { idPsicologo: params.id, idServicio: params.idServicio, precioCentimos: body.precioCentimos };
        const r = await fijarTarifaPsicologo(deps, actorOf(caller(ctx)), data);
        await settled(deps, r);
        ctx.body = (await findTarifaPsicologo(knex, params.id, params.idServicio)) ?? data;
      },
    },
    {
      method: 'delete', path: '/api/admin/psicologos/:id/tarifas/:idServicio', operationId: 'deleteTarifaPsicologo', tag: TAG, summary: 'Quitar el precio propio de un psicólogo (vuelve a regir el del servicio)', auth: ['ADMIN'],
      responses: { 204: { description: 'Precio propio quitado' } },
      handler: async (ctx, { params }) => {
        const r = await retirarTarifaPsicologo(deps, actorOf(caller(ctx)), { idPsicologo: params.id, idServicio: params.idServicio });
        await settled(deps, r);
        ctx.status = 204;
      },
    },
    {
      method: 'get', path: '/api/psicologo/tarifas', operationId: 'listMisTarifas', tag: TAG, summary: 'Mis precios propios', auth: ['PSICOLOGO'],
      responses: { 200: { description: 'Mis precios propios, por idServicio (los demás servicios, a su precio)', schema: s.array(tarifaPsicologoSchema) } },
      handler: async (ctx, { page }) => {
        const idPsicologo = caller(ctx).idPsicologo;
        if (idPsicologo === null) throw psicologoNotFound();
        await answerPage(ctx, page, (p) => pageTarifasPsicologo(knex, p, idPsicologo));
      },
    },
    {
      method: 'get', path: '/api/pacientes/:id/tarifa', operationId: 'getTarifaPaciente', tag: TAG, summary: 'Tarifa de un paciente (descuento o precio fijo)', auth: ['ADMIN', 'PSICOLOGO', 'PACIENTE'],
      description: 'La regla de precio del paciente; ambos campos null si no tiene. Un psicólogo, solo de sus pacientes; un paciente, solo la suya (404 si no).',
      responses: { 200: { description: 'Tarifa del paciente', schema: tarifaPacienteSchema } },
      handler: async (ctx, { params }) => {
        await paciente(caller(ctx), params.id);
        ctx.body = await tarifaPaciente(knex, params.id);
      },
    },
    {
      method: 'put', path: '/api/pacientes/:id/tarifa', operationId: 'setTarifaPaciente', tag: TAG, summary: 'Fijar la tarifa de un paciente', auth: ['ADMIN', 'PSICOLOGO'],
      description: 'Un descuento en porcentaje o un precio fijo por sesión (escala móvil), no ambos; sustituye a la anterior. Un psicólogo, solo para sus pacientes (404 si no).',
      body: tarifaPacienteBody, responses: { 200: { description: 'Tarifa fijada', schema: tarifaPacienteSchema } },
      handler: async (ctx, { params, body }: { params: Record<string, number>; body: { descuentoPorcentaje?: number; precioFijoCentimos?: number } }) => {
        const user = caller(ctx);
        await paciente(user, params.id);
        const r = await fijarTarifaPaciente(deps, actorOf(user), alcanceDe(user), { idPaciente: params.id, ...body });
        await settled(deps, r);
        ctx.body = await tarifaPaciente(knex, params.id);
      },
    },
    {
      method: 'delete', path: '/api/pacientes/:id/tarifa', operationId: 'deleteTarifaPaciente', tag: TAG, summary: 'Quitar la tarifa de un paciente', auth: ['ADMIN', 'PSICOLOGO'],
      responses: { 204: { description: 'Tarifa quitada: rige el precio del servicio' } },
      handler: async (ctx, { params }) => {
        const user = caller(ctx);
        await paciente(user, params.id);
        const r = await retirarTarifaPaciente(deps, actorOf(user), alcanceDe(user), params.id);
        await settled(deps, r);
        ctx.status = 204;
      },
    },
    {
      method: 'get', path: '/api/tarifas/precio', operationId: 'getPrecioSesion', tag: TAG, summary: 'Precio de una sesión', auth: ['ADMIN', 'PSICOLOGO'],
      description: 'Resuelve el servicio (idServicio, o el servicio por defecto de duracionMinutos), su precio, el precio propio del psicólogo '
        + 'y la tarifa del paciente, y el precio final en céntimos. Un psicólogo, solo de sus pacientes y con él mismo como psicólogo (404 si no).',
      query: precioQuery, responses: { 200: { description: 'Precio de la sesión y de dónde sale', schema: precioSchema } },
      handler: async (ctx, { query }: { query: PrecioQuery }) => {
        const user = caller(ctx);
        const p = await paciente(user, Number(query.idPaciente));
        const idPsicologo = query.idPsicologo === undefined ? p.idPsicologo : Number(query.idPsicologo);
        if (query.idPsicologo !== undefined) {
          if (user.rol === 'PSICOLOGO' && idPsicologo !== user.idPsicologo) throw psicologoNotFound();
          if (!(await psicologoExists(knex, idPsicologo!))) throw psicologoNotFound();
        }
        const servicio = await servicioDeSesion(query);
        const propio = idPsicologo === null ? null : await findTarifaPsicologo(knex, idPsicologo, servicio.idServicio);
        const regla = await tarifaPaciente(knex, p.idPaciente);
        const tieneRegla = regla.descuentoPorcentaje !== null || regla.precioFijoCentimos !== null;
        ctx.body = precioDe({ servicio, precioPsicologoCentimos: propio?.precioCentimos ?? null, reglaPaciente: tieneRegla ? regla : null });
      },
    },
  ];
}
