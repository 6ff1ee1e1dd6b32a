import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s, type JsonSchema } from '../validation.ts';
import { caller } from '../auth.ts';
import { IVAS, MAX_CENTIMOS, MAX_DURACION_MINUTOS, type ServicioCampos } from '../../events/servicio.ts';
import { findServicio, pageServicios } from '../../queries/tarifas.ts';
import { answerPage } from '../paging.ts';
import { crearServicio, desactivarServicio, modificarServicio } from '../../commands/tarifas.ts';
import { actorOf } from './direcciones.ts';

export const TAG = 'Tarifas';

/** An amount of money: integer EUR cents (never a decimal number). */
export const centimos = (description: string): JsonSchema => s.int({ minimum: 0, maximum: MAX_CENTIMOS, example: 6000, description });
const duracion = s.nullable(s.int({
  minimum: 1, maximum: MAX_DURACION_MINUTOS, example: 50,
  description: 'Duración de cita (minutos) de la que este es el servicio por defecto; null: solo se elige por su id',
}));
const TIPOS = IVAS.filter((v): v is Exclude<typeof v, 'EXENTO'> => v !== 'EXENTO');
// The bounds apply to the rates only (JSON Schema ranges ignore strings); they state the rates' int32 range.
export const iva: JsonSchema = {
  type: ['string', 'integer'], enum: [...IVAS], minimum: Math.min(...TIPOS), maximum: Math.max(...TIPOS), example: 'EXENTO',
  description: 'IVA: EXENTO (psicoterapia por profesional sanitario, art. 20.Uno.3º Ley 37/1992; por defecto) o el tipo en porcentaje (21, 10 o 4)',
};

const servicioSchema = named('Servicio', s.object(
  {
    idServicio: s.int({ description: 'Identificador del servicio' }), nombre: s.string({ description: 'Nombre del servicio' }),
    precioCentimos: centimos('Precio antes de IVA, en céntimos de euro (entero)'), duracionMinutos: duracion, iva, activo: s.bool(),
  },
  ['idServicio', 'nombre', 'precioCentimos', 'duracionMinutos', 'iva', 'activo'],
));
// POST and PUT take the same body, like situations. Left out: a new service is EXENTO, active, with
// no duration; an update keeps the service's current duracionMinutos, iva and activo.
const servicioBody = named('ServicioDatos', s.object(
  {
    nombre: { ...s.nonEmpty(100), example: 'Sesión individual', description: 'Nombre del servicio, como lo leerá el paciente en su factura' }, precioCentimos: centimos('Precio antes de IVA, en céntimos de euro (entero ≥ 0)'),
    duracionMinutos: duracion, iva, activo: s.bool(),
  },
  ['nombre', 'precioCentimos'],
));

type Body = Pick<ServicioCampos, 'nombre' | 'precioCentimos'> & Partial<ServicioCampos>;
const campos = (b: Body): ServicioCampos => ({
  nombre: b.nombre, precioCentimos: b.precioCentimos, duracionMinutos: b.duracionMinutos ?? null, iva: b.iva ?? 'EXENTO', activo: b.activo ?? true,
});

/** The practice's services (docs/billing.md "Fees"): the administrator keeps them; staff and patients read the active ones. */
export function serviciosRoutes(deps: AppDeps): RouteDef[] {
  const one = async (idServicio: number, written: ServicioCampos) => (await findServicio(deps.knex, idServicio)) ?? { idServicio, ...written };
  return [
    {
      method: 'get', path: '/api/servicios', operationId: 'listServicios', tag: TAG, summary: 'Servicios activos de la consulta y sus precios', auth: ['ADMIN', 'PSICOLOGO', 'PACIENTE'],
      responses: { 200: { description: 'Servicios activos, por idServicio', schema: s.array(servicioSchema) } },
      handler: (ctx, { page }) => answerPage(ctx, page, (p) => pageServicios(deps.knex, p)),
    },
    {
      method: 'get', path: '/api/admin/servicios', operationId: 'listServiciosAdmin', tag: TAG, summary: 'Todos los servicios, también los desactivados', auth: ['ADMIN'],
      responses: { 200: { description: 'Servicios, por idServicio', schema: s.array(servicioSchema) } },
      handler: (ctx, { page }) => answerPage(ctx, page, (p) => pageServicios(deps.knex, p, true)),
    },
    {
      method: 'post', path: '/api/admin/servicios', operationId: 'createServicio', tag: TAG, summary: 'Crear un servicio', auth: ['ADMIN'],
      body: servicioBody, responses: { 201: { description: 'Servicio creado', schema: servicioSchema } },
      handler: async (ctx, { body }: { body: Body }) => {
        const r = await crearServicio(deps, actorOf(caller(ctx)), campos(body));
        await settled(deps, r);
        ctx.status = 201;
        ctx.body = await one(r.idServicio, campos(body));
      },
    },
    {
      method: 'put', path: '/api/admin/servicios/:id', operationId: 'updateServicio', tag: TAG, summary: 'Modificar un servicio (los campos omitidos opcionales se conservan)', auth: ['ADMIN'],
      body: servicioBody, responses: { 200: { description: 'Servicio modificado', schema: servicioSchema } },
      handler: async (ctx, { body, params }: { body: Body; params: Record<string, number> }) => {
        const r = await modificarServicio(deps, actorOf(caller(ctx)), params.id, body);
        await settled(deps, r);
        ctx.body = await one(params.id, campos(body));
      },
    },
    {
      method: 'delete', path: '/api/admin/servicios/:id', operationId: 'deactivateServicio', tag: TAG, summary: 'Desactivar un servicio (no se borra: cargos y facturas lo nombran)', auth: ['ADMIN'],
      responses: { 204: { description: 'Servicio desactivado' } },
      handler: async (ctx, { params }) => {
        const r = await desactivarServicio(deps, actorOf(caller(ctx)), params.id);
        await settled(deps, r);
        ctx.status = 204;
      },
    },
  ];
}
