import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { caller } from '../auth.ts';
import { errors } from '../../platform/errors.ts';
import { CATEGORIAS, type SituacionCampos } from '../../events/situacion.ts';
import { findSituacion, pageSituaciones } from '../../queries/situaciones.ts';
import { answerPage } from '../paging.ts';
import { crearSituacion, eliminarSituacion, modificarSituacion } from '../../commands/catalogo-situaciones.ts';
import { actorOf } from './direcciones.ts';

const situacionSchema = named('Situacion', s.object(
  { idSituacion: s.int(), nombre: s.string(), categoria: s.enum(CATEGORIAS), descripcion: s.nullable(s.string()), activo: s.bool() },
  ['idSituacion', 'nombre', 'categoria', 'descripcion', 'activo'],
));
// POST and PUT take the same body (decisions.md). Left out: a new entry is active with no
// description; an update keeps the entry's current descripcion and activo.
const situacionBody = named('SituacionDatos', s.object(
  { nombre: s.nonEmpty(100), categoria: s.enum(CATEGORIAS), descripcion: s.nullable(s.string({ maxLength: 1000 })), activo: s.bool() },
  ['nombre', 'categoria'],
));

type Body = Omit<SituacionCampos, 'descripcion' | 'activo'> & { descripcion?: string | null; activo?: boolean };
const campos = (b: Body): SituacionCampos => ({ nombre: b.nombre, categoria: b.categoria, descripcion: b.descripcion ?? null, activo: b.activo ?? true });

export function situacionesRoutes(deps: AppDeps): RouteDef[] {
  // The read model's row; if it cannot show the stored change (late, broken), what was written.
  const one = async (idSituacion: number, written: SituacionCampos) =>
    (await findSituacion(deps.knex, idSituacion)) ?? { idSituacion, ...written };
  return [
    {
      method: 'get', path: '/api/situaciones', operationId: 'listSituaciones', tag: 'Situaciones', summary: 'Catálogo de situaciones activas', auth: 'public',
      responses: { 200: { description: 'Situaciones activas, por idSituacion', schema: s.array(situacionSchema) } },
      handler: async (ctx, { page }) => {
        await answerPage(ctx, page, (p) => pageSituaciones(deps.knex, p));
      },
    },
    {
      method: 'get', path: '/api/admin/situaciones', operationId: 'listSituacionesAdmin', tag: 'Situaciones', summary: 'Catálogo completo, también las inactivas', auth: ['ADMIN'],
      responses: { 200: { description: 'Todas las situaciones, por idSituacion', schema: s.array(situacionSchema) } },
      handler: async (ctx, { page }) => {
        await answerPage(ctx, page, (p) => pageSituaciones(deps.knex, p, true));
      },
    },
    {
      method: 'post', path: '/api/admin/situaciones', operationId: 'createSituacion', tag: 'Situaciones', summary: 'Crear una situación', auth: ['ADMIN'],
      body: situacionBody, responses: { 201: { description: 'Situación creada', schema: situacionSchema } },
      handler: async (ctx, { body }: { body: Body }) => {
        const r = await crearSituacion(deps, actorOf(caller(ctx)), campos(body));
        await settled(deps, r);
        ctx.status = 201;
        ctx.body = await one(r.idSituacion, campos(body));
      },
    },
    {
      method: 'put', path: '/api/admin/situaciones/:id', operationId: 'updateSituacion', tag: 'Situaciones', summary: 'Modificar una situación', auth: ['ADMIN'],
      body: situacionBody, responses: { 200: { description: 'Situación modificada', schema: situacionSchema } },
      handler: async (ctx, { body, params }: { body: Body; params: Record<string, number> }) => {
        const r = await modificarSituacion(deps, actorOf(caller(ctx)), params.id, body);
        await settled(deps, r);
        ctx.body = await one(params.id, campos(body));
      },
    },
    {
      method: 'delete', path: '/api/admin/situaciones/:id', operationId: 'deleteSituacion', tag: 'Situaciones', summary: 'Eliminar una situación', auth: ['ADMIN'],
      responses: { 204: { description: 'Situación eliminada' } },
      handler: async (ctx, { params }) => {
        const r = await eliminarSituacion(deps, actorOf(caller(ctx)), params.id);
        await settled(deps, r);
        ctx.status = 204;
      },
    },
  ];
}
