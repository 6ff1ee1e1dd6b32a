import { historialStream } from '../../events/historial.ts';
import type { Context } from 'koa';
import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { queryId } from '../query-integer.ts';
import { localDateTimeOut } from '../datetime-schemas.ts';
import { firmadoFields, firmadoRequired } from './firma-schemas.ts';
import { caller } from '../auth.ts';
import { recordAccess } from '../access-log.ts';
import { errors } from '../../platform/errors.ts';
import type { AuthUser } from '../../queries/usuarios.ts';
import { findHistorial, isPacienteDe, pageHistorial, type HistorialView } from '../../queries/historial.ts';
import { UNSIGNED } from '../../queries/firmas.ts';
import { answerPage, givenPage, sendPage } from '../paging.ts';
import { corregirHistorial, crearHistorial, eliminarHistorial } from '../../commands/clinico.ts';
import { historialNotFound } from '../../commands/historial.ts';
import type { Autoria, HistorialCampos } from '../../events/historial.ts';

const TAG = 'Historial clínico';
const text = s.nullable(s.string({ maxLength: 5000 }));
export const historialSchema = named('Historial', s.object(
  { idHistory: s.int(), idPaciente: s.int(), titulo: s.nullable(s.string()), diagnostico: text, tratamiento: text, observaciones: text, creadoEn: localDateTimeOut(), ...firmadoFields },
  ['idHistory', 'idPaciente', 'titulo', 'diagnostico', 'tratamiento', 'observaciones', 'creadoEn', ...firmadoRequired],
));
const campos = { titulo: s.nonEmpty(200), diagnostico: text, tratamiento: text, observaciones: text };
const historialBody = named('HistorialDatos', s.object(campos, ['titulo']));
const psicologoBody = named('HistorialCrearPsicologo', s.object({ ...campos, idPaciente: s.int({ minimum: 1, maximum: 2_147_483_647 }) }, ['titulo', 'idPaciente']));
const list = { 200: { description: 'Registros, por idHistory', schema: s.array(historialSchema) } };
const one = (description: string) => ({ description, schema: historialSchema });

// Query values arrive as text; the integer range is checked by pacienteDelPsicologo.
export const idPacienteQuery = s.object({ idPaciente: queryId() }, ['idPaciente']);

export const actorOf = (user: AuthUser) => ({ idUsuario: user.idUsuario, rol: user.rol });

/** The caller's patient id (a PACIENTE always has one; a missing one reads as not found). */
export function ownPaciente(user: AuthUser): number {
  if (user.idPaciente === null) throw errors.notFound('Paciente', 'Patient');
  return user.idPaciente;
}

/** The patient named in the query, if assigned to the calling psychologist; anyone else's is 404. */
export async function pacienteDelPsicologo(deps: AppDeps, user: AuthUser, raw: string | number): Promise<number> {
  const idPaciente = Number(raw);
  if (idPaciente > 2_147_483_647) throw errors.invalid('Identificador no válido: idPaciente', 'Invalid identifier: idPaciente');
  if (user.idPsicologo === null || !(await isPacienteDe(deps.knex, idPaciente, user.idPsicologo))) throw errors.notFound('Paciente', 'Patient');
  return idPaciente;
}

interface Body { titulo: string; diagnostico?: string | null; tratamiento?: string | null; observaciones?: string | null }
const camposDe = (b: Body): HistorialCampos => ({
  titulo: b.titulo, diagnostico: b.diagnostico ?? null, tratamiento: b.tratamiento ?? null, observaciones: b.observaciones ?? null,
});

async function answer(deps: AppDeps, ctx: Context, position: string | null, idHistory: number, status = 200) {
  await settled(deps, position);
  // The read model's row; if it cannot show the stored write (late, broken), the record's own stream.
  const record = (await findHistorial(deps.knex, idHistory)) ?? (await historialFromLog(deps, idHistory));
  ctx.status = status;
  ctx.body = record;
}

async function historialFromLog(deps: AppDeps, idHistory: number): Promise<HistorialView> {
  let view: HistorialView | null = null;
  for (const e of await deps.store.readStream(historialStream(idHistory))) {
    const d = e.data as Record<string, unknown>;
    if (e.type === 'HistorialCreado') view = { idHistory, idPaciente: d.idPaciente as number, titulo: null, diagnostico: null, tratamiento: null, observaciones: null, creadoEn: d.creadoEn as string, ...UNSIGNED };
    if ((e.type === 'HistorialCreado' || e.type === 'HistorialCorregido') && view) {
      Object.assign(view, { titulo: d.titulo ?? null, diagnostico: d.diagnostico ?? null, tratamiento: d.tratamiento ?? null, observaciones: d.observaciones ?? null });
    }
  }
  if (!view) throw new Error(`clinical record ${idHistory} written but not in its stream`);
  return view;
}

/** The record, if it belongs to the calling patient. */
async function ofPaciente(deps: AppDeps, user: AuthUser, id: number): Promise<HistorialView> {
  const r = await findHistorial(deps.knex, id);
  if (!r || r.idPaciente !== ownPaciente(user)) throw historialNotFound();
  return r;
}

/** The record, if it belongs to one of the calling psychologist's patients. */
async function ofPsicologo(deps: AppDeps, user: AuthUser, id: number): Promise<HistorialView> {
  const r = await findHistorial(deps.knex, id);
  if (!r || user.idPsicologo === null || !(await isPacienteDe(deps.knex, r.idPaciente, user.idPsicologo))) throw historialNotFound();
  return r;
}

type WriteIds = { update: string; delete: string };

function writes(deps: AppDeps, prefix: string, por: Autoria, scope: typeof ofPaciente, ids: WriteIds): RouteDef[] {
  const auth = [por];
  return [
    {
      method: 'put', path: `${prefix}/:id`, operationId: ids.update, tag: TAG, summary: 'Corregir un registro (HistorialCorregido; el contenido anterior queda en el registro de auditoría)', auth,
      body: historialBody, responses: { 200: one('Registro corregido') },
      handler: async (ctx, { params, body }) => {
        const user = caller(ctx);
        const r = await scope(deps, user, params.id);
        const done = await corregirHistorial(deps, actorOf(user), r.idHistory, r.idPaciente, por, camposDe(body));
        await answer(deps, ctx, done.position, r.idHistory);
      },
    },
    {
      method: 'delete', path: `${prefix}/:id`, operationId: ids.delete, tag: TAG, summary: 'Eliminar un registro (sale de las listas; el registro de auditoría lo conserva)', auth,
      responses: { 204: { description: 'Registro eliminado' } },
      handler: async (ctx, { params }) => {
        const user = caller(ctx);
        const r = await scope(deps, user, params.id);
        const done = await eliminarHistorial(deps, actorOf(user), r.idHistory, r.idPaciente, por);
        await settled(deps, done);
        ctx.status = 204;
      },
    },
  ];
}

export function historialRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'get', path: '/api/historial-clinico', operationId: 'listHistorial', tag: TAG, summary: 'Mi historial clínico', auth: ['PACIENTE'], responses: list,
      handler: async (ctx, { page }) => {
        await answerPage(ctx, page, (p) => pageHistorial(deps.knex, p, ownPaciente(caller(ctx))));
      },
    },
    {
      method: 'post', path: '/api/historial-clinico', operationId: 'createHistorial', tag: TAG, summary: 'Añadir un registro a mi historial', auth: ['PACIENTE'],
      body: historialBody, responses: { 201: one('Registro creado') },
      handler: async (ctx, { body }) => {
        const user = caller(ctx);
        const r = await crearHistorial(deps, actorOf(user), ownPaciente(user), 'PACIENTE', camposDe(body));
        await answer(deps, ctx, r.position, r.id, 201);
      },
    },
    {
      method: 'get', path: '/api/historial-clinico/:id', operationId: 'getHistorial', tag: TAG, summary: 'Un registro de mi historial', auth: ['PACIENTE'],
      responses: { 200: one('Registro') },
      handler: async (ctx, { params }) => {
        ctx.body = await ofPaciente(deps, caller(ctx), params.id);
      },
    },
    ...writes(deps, '/api/historial-clinico', 'PACIENTE', ofPaciente, { update: 'updateHistorial', delete: 'deleteHistorial' }),
    {
      method: 'get', path: '/api/psicologo/historial-clinico', operationId: 'listHistorialPsicologo', tag: TAG, summary: 'Historial clínico de uno de mis pacientes (acceso registrado)', auth: ['PSICOLOGO'],
      query: idPacienteQuery, responses: list,
      handler: async (ctx, { query, page }) => {
        const idPaciente = await pacienteDelPsicologo(deps, caller(ctx), query.idPaciente);
        const records = await pageHistorial(deps.knex, givenPage(page), idPaciente);
        await recordAccess(deps, ctx, 'HISTORIAL', [idPaciente]);
        sendPage(ctx, givenPage(page), records);
      },
    },
    {
      method: 'post', path: '/api/psicologo/historial-clinico', operationId: 'createHistorialPsicologo', tag: TAG, summary: 'Añadir un registro al historial de uno de mis pacientes', auth: ['PSICOLOGO'],
      body: psicologoBody, responses: { 201: one('Registro creado') },
      handler: async (ctx, { body }) => {
        const user = caller(ctx);
        const idPaciente = await pacienteDelPsicologo(deps, user, body.idPaciente);
        const r = await crearHistorial(deps, actorOf(user), idPaciente, 'PSICOLOGO', camposDe(body));
        await answer(deps, ctx, r.position, r.id, 201);
      },
    },
    ...writes(deps, '/api/psicologo/historial-clinico', 'PSICOLOGO', ofPsicologo, { update: 'updateHistorialPsicologo', delete: 'deleteHistorialPsicologo' }),
    {
      method: 'get', path: '/api/admin/historial-clinico', operationId: 'listHistorialAdmin', tag: TAG, summary: 'Todos los registros (acceso registrado)', auth: ['ADMIN'], responses: list,
      handler: async (ctx, { page }) => {
        const records = await pageHistorial(deps.knex, givenPage(page));
        await recordAccess(deps, ctx, 'HISTORIAL', records.items.map((r) => r.idPaciente));
        sendPage(ctx, givenPage(page), records);
      },
    },
  ];
}
