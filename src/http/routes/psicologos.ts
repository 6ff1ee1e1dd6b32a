import { readFile, rm } from 'node:fs/promises';
import type { Context, Next } from 'koa';
import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { caller } from '../auth.ts';
import { errors } from '../../platform/errors.ts';
import { CONTENT_TYPES, localStorageIn, type FileExtension, type FileStorage } from '../../platform/storage.ts';
import type { AuthUser } from '../../queries/usuarios.ts';
import {
  findPerfil, findPsicologoDePaciente, pagePacientesDe, pagePsicologos,
} from '../../queries/psicologos.ts';
import { actualizarFotoPerfil, actualizarPsicologo, crearPsicologo, eliminarPsicologo } from '../../commands/psicologos.ts';
import { answerPage } from '../paging.ts';

const MAX_ID = 2_147_483_647;
const perfilFields = {
  especialidad: s.nullable(s.string({ maxLength: 200 })),
  experiencia: s.int({ minimum: 0, maximum: 80 }),
  descripcion: s.nullable(s.string({ maxLength: 2000 })),
  licencia: s.nullable(s.string({ maxLength: 50 })),
};
export const crearBody = named('PsicologoCrear', s.object({ idUsuario: s.int({ minimum: 1, maximum: MAX_ID }), ...perfilFields }, ['idUsuario', 'experiencia']));
/** Any of the four fields; omitted ones keep their value, null clears an optional one. */
export const actualizarBody = named('PsicologoCambio', s.object(perfilFields, [], { minProperties: 1 }));

const professional = {
  idPsicologo: s.int(), especialidad: s.nullable(s.string()), experiencia: s.int(),
  descripcion: s.nullable(s.string()), licencia: s.nullable(s.string()),
};
const itemFields = { ...professional, idUsuario: s.int(), nombre: s.string(), apellido: s.string(), email: s.string() };
export const psicologoItem = named('Psicologo', s.object(itemFields, Object.keys(itemFields)));
export const perfilSchema = named('PsicologoPerfil', s.object({ ...itemFields, fotoPerfilUrl: s.nullable(s.string()) }, [...Object.keys(itemFields), 'fotoPerfilUrl']));
const publicoFields = { ...professional, nombre: s.string(), apellido: s.string(), fotoPerfilUrl: s.nullable(s.string()) };
const publicoSchema = named('PsicologoPublico', s.object(publicoFields, Object.keys(publicoFields)));
const pacienteFields = {
  idPaciente: s.int(), idUsuario: s.int(), nombre: s.string(), apellido: s.string(), email: s.string(),
  fechaNacimiento: s.nullable(s.string()), genero: s.nullable(s.string()), telefono: s.nullable(s.string()),
  metodoPago: s.nullable(s.string()), estadoPago: s.string(),
  alertaSeguridad: { ...s.bool(), description: 'Tiene una alerta de seguridad sin reconocer (docs/care.md)' },
};
const pacienteItem = named('PacienteDePsicologo', s.object(pacienteFields, Object.keys(pacienteFields)));

export const actorOf = (user: AuthUser) => ({ idUsuario: user.idUsuario, rol: user.rol });
const notFound = () => errors.notFound('Psicólogo', 'Psychologist');

/** A psychologist may act on their own profile only; another's answers 404 as if it did not exist. */
function checkOwnProfile(user: AuthUser, idPsicologo: number): void {
  if (user.rol === 'PSICOLOGO' && user.idPsicologo !== idPsicologo) throw notFound();
}

/** The profile as the read model has it once the command's events are applied. */
export async function respondWithPerfil(deps: AppDeps, ctx: Context, idPsicologo: number, status = 200) {
  const perfil = await findPerfil(deps.knex, idPsicologo);
  if (!perfil) throw notFound();
  ctx.status = status;
  ctx.body = perfil;
}

/** POST create (both paths): the read models are brought to the log's head first, so the "already has a profile" check sees every profile. */
export function crearHandler(deps: AppDeps): RouteDef['handler'] {
  return async (ctx, { body }) => {
    await settled(deps, await deps.store.head());
    const r = await crearPsicologo(deps, actorOf(caller(ctx)), body);
    await settled(deps, r);
    await respondWithPerfil(deps, ctx, r.idPsicologo, 201);
  };
}

export function actualizarHandler(deps: AppDeps): RouteDef['handler'] {
  return async (ctx, { body, params }) => {
    const user = caller(ctx);
    checkOwnProfile(user, params.id);
    const r = await actualizarPsicologo(deps, actorOf(user), params.id, body);
    await settled(deps, r);
    await respondWithPerfil(deps, ctx, params.id);
  };
}

export function eliminarHandler(deps: AppDeps, storage: FileStorage): RouteDef['handler'] {
  return async (ctx, { params }) => {
    const r = await eliminarPsicologo(deps, storage, actorOf(caller(ctx)), params.id);
    await settled(deps, r);
    ctx.status = 204;
  };
}

interface UploadedFile { filepath: string }
const uploadsOf = (ctx: Context) => ((ctx.request as { files?: Record<string, UploadedFile | UploadedFile[]> }).files ?? {});

/** The single part `file` of a multipart body; any other part or field is refused, as unknown JSON fields are. */
function uploadedFile(ctx: Context): UploadedFile {
  const fields = Object.keys(((ctx.request as { body?: unknown }).body as object | undefined) ?? {});
  const other = [...fields, ...Object.keys(uploadsOf(ctx))].find((k) => k !== 'file');
  if (other !== undefined) throw errors.invalid(`Campo no admitido: ${other}`, `Unknown field: ${other}`);
  const file = uploadsOf(ctx).file;
  if (!file || Array.isArray(file)) throw errors.invalid('Falta el archivo: file', 'Missing file: file');
  return file;
}

/**
 * Wraps the body parser: whatever happens to the request (401 before the handler runs, a rejected
 * image, an error), formidable's temporary files are deleted when it ends.
 */
export function discardUploads() {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } finally {
      const files = Object.values(uploadsOf(ctx)).flat();
      await Promise.all(files.map((f) => rm(f.filepath, { force: true }).catch(() => undefined)));
    }
  };
}

function fotoRoute(deps: AppDeps, storage: FileStorage): RouteDef {
  return {
    method: 'post', path: '/api/psicologo/:id/foto', operationId: 'uploadPsicologoFoto', tag: 'Psicólogos', multipart: true, auth: ['ADMIN', 'PSICOLOGO'],
    summary: 'Subir la foto de perfil (multipart/form-data, parte "file": JPEG, PNG o WebP, máx. 5 MiB)',
    responses: { 200: { description: 'Perfil con la nueva fotoPerfilUrl', schema: perfilSchema } },
    handler: async (ctx, { params }) => {
      const user = caller(ctx);
      checkOwnProfile(user, params.id);
      if (!(await findPerfil(deps.knex, params.id))) throw notFound();
      const file = uploadedFile(ctx);
      const r = await actualizarFotoPerfil(deps, storage, actorOf(user), params.id, await readFile(file.filepath));
      await settled(deps, r);
      await respondWithPerfil(deps, ctx, params.id);
    },
  };
}

function filesRoute(storage: FileStorage): RouteDef {
  return {
    method: 'get', path: '/files/:name', operationId: 'getArchivo', tag: 'Archivos', summary: 'Descargar un archivo subido (foto de perfil)', auth: 'authenticated',
    responses: { 200: { description: 'El archivo', schema: s.string({ format: 'binary' }), contentType: 'image/*' } },
    handler: async (ctx) => {
      const name = String(ctx.params.name ?? '');
      const data = await storage.read(name);
      if (!data) throw errors.notFound('Archivo', 'File');
      ctx.type = CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1) as FileExtension];
      ctx.set('Cache-Control', 'private, no-store');
      ctx.body = data;
    },
  };
}

export function psicologosRoutes(deps: AppDeps): RouteDef[] {
  const storage = localStorageIn(deps.config.dataDir);
  const tag = 'Psicólogos';
  return [
    {
      method: 'get', path: '/api/psicologo', operationId: 'listPsicologos', tag, summary: 'Listar psicólogos', auth: ['ADMIN', 'PSICOLOGO'],
      responses: { 200: { description: 'Psicólogos, por idPsicologo', schema: s.array(psicologoItem) } },
      handler: (ctx, { page }) => answerPage(ctx, page, (p) => pagePsicologos(deps.knex, p)),
    },
    {
      method: 'post', path: '/api/psicologo/create', operationId: 'createPsicologo', tag, summary: 'Crear el perfil de psicólogo de un usuario PSICOLOGO', auth: ['ADMIN'],
      body: crearBody, responses: { 201: { description: 'Psicólogo creado', schema: perfilSchema } }, handler: crearHandler(deps),
    },
    {
      method: 'get', path: '/api/psicologo/pacientes/getAll', operationId: 'listMisPacientes', tag, summary: 'Pacientes del psicólogo autenticado', auth: ['PSICOLOGO'],
      responses: { 200: { description: 'Pacientes activos asignados, por idPaciente', schema: s.array(pacienteItem) } },
      handler: async (ctx, { page }) => {
        const { idPsicologo } = caller(ctx);
        await answerPage(ctx, page, async (p) => (idPsicologo === null ? { items: [], next: null } : pagePacientesDe(deps.knex, idPsicologo, p)));
      },
    },
    {
      method: 'get', path: '/api/psicologo/pacientes/:id/psicologo', operationId: 'getPsicologoDePaciente', tag, summary: 'Psicólogo asignado a un paciente (público)', auth: 'public',
      responses: { 200: { description: 'Datos profesionales del psicólogo', schema: publicoSchema } },
      handler: async (ctx, { params }) => {
        const found = await findPsicologoDePaciente(deps.knex, params.id);
        if (!found) throw errors.notFound('Psicólogo asignado', 'Assigned psychologist');
        ctx.body = found;
      },
    },
    {
      method: 'get', path: '/api/psicologo/:id/perfil', operationId: 'getPsicologoPerfil', tag, summary: 'Perfil de un psicólogo', auth: 'authenticated',
      responses: { 200: { description: 'Psicólogo con fotoPerfilUrl', schema: perfilSchema } },
      handler: async (ctx, { params }) => respondWithPerfil(deps, ctx, params.id),
    },
    {
      method: 'put', path: '/api/psicologo/:id', operationId: 'updatePsicologo', tag, summary: 'Actualizar un perfil (un psicólogo, solo el suyo)', auth: ['ADMIN', 'PSICOLOGO'],
      body: actualizarBody, responses: { 200: { description: 'Perfil actualizado', schema: perfilSchema } }, handler: actualizarHandler(deps),
    },
    {
      method: 'delete', path: '/api/psicologo/:id', operationId: 'deletePsicologo', tag, summary: 'Eliminar un perfil de psicólogo', auth: ['ADMIN'],
      responses: { 204: { description: 'Eliminado' } }, handler: eliminarHandler(deps, storage),
    },
    fotoRoute(deps, storage),
    filesRoute(storage),
  ];
}
