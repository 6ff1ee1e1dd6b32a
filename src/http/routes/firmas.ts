import type { Context } from 'koa';
import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef, ResponseSpec } from '../routes.ts';
import { caller } from '../auth.ts';
import { reauthenticate } from '../reauth.ts';
import { errors } from '../../platform/errors.ts';
import type { AuthUser } from '../../queries/usuarios.ts';
import { findSesion } from '../../queries/sesiones.ts';
import { findHistorial, isPacienteDe } from '../../queries/historial.ts';
import { sesionNotFound } from '../../commands/sesion.ts';
import { historialNotFound } from '../../commands/historial.ts';
import { adendaHistorial, adendaSesion, firmarHistorial, firmarSesion } from '../../commands/firmas.ts';
import type { Handled } from '../../commands/handler.ts';
import type { TipoAdenda } from '../../events/firma.ts';
import { adendaBody, firmarBody } from './firma-schemas.ts';
import { sesionSchema } from './sesiones.ts';
import { historialSchema } from './historial.ts';

// Signing a clinical record and amending it with signed addenda (docs/api-choices.md "Signed
// clinical records"). Order of the answers: someone else's record 404, wrong password 401, then
// what the record's own stream says (already signed, not the caller's to sign, no signature: 409).
// Each checks a password, so each counts per client address as a login does (throttle 'auth').

const DESCRIPCION_FIRMA = 'Firma el registro como su autor (significado AUTOR), tras volver a introducir la contraseña. '
  + 'La firma guarda la huella del registro tal como está almacenado; desde entonces ningún DELETE ni corrección lo cambia (409): '
  + 'las correcciones son adendas firmadas. Solo el psicólogo que escribió el registro, de un paciente suyo, puede firmarlo.';
const DESCRIPCION_ADENDA = 'Añade una adenda firmada (CORRECCION, ACLARACION o ANULACION) a un registro firmado, tras volver a '
  + 'introducir la contraseña. Solo la añade quien firmó el registro, mientras el paciente sea suyo; su referencia es la huella del '
  + 'registro y su firma.huella el HMAC-SHA-256 (base64) del JSON canónico (RFC 8785) de {tipo, texto, referencia} con la clave '
  + 'firma.claveHuella, que se guarda cifrada con el texto (huellaVersion 2). Tras una ANULACION '
  + 'el registro no admite más adendas (409).';

const errores = (what: string): Record<number, ResponseSpec> => ({
  401: { description: 'Sin token válido, o contraseña incorrecta (el token sigue siendo válido; cuenta como inicio de sesión fallido)' },
  404: { description: `${what} no existe o no es de un paciente suyo` },
  409: { description: 'El registro ya está firmado, no lo escribió quien firma, no está firmado (adendas), está anulado, o cambió mientras se firmaba' },
  429: {
    description: 'Demasiadas peticiones, o cuenta bloqueada por contraseñas incorrectas (ver docs/limits.md)',
    headers: { 'Retry-After': { description: 'Segundos que esperar antes de reintentar', schema: { type: 'integer', minimum: 1 } } },
  },
});

const actorOf = (user: AuthUser) => ({ idUsuario: user.idUsuario, rol: user.rol });

function ownPsicologo(user: AuthUser): number {
  if (user.idPsicologo === null) throw errors.notFound('Psicólogo', 'Psychologist');
  return user.idPsicologo;
}

interface AdendaBody { tipo: TipoAdenda; texto: string; password: string }

export function firmasRoutes(deps: AppDeps): RouteDef[] {
  /** A session of the caller's, of a patient still theirs; anything else reads as not found. */
  async function sesionDe(idPsicologo: number, idSesion: number) {
    const found = await findSesion(deps.knex, idSesion);
    if (!found || found.idPsicologo !== idPsicologo || !(await isPacienteDe(deps.knex, found.idPaciente, idPsicologo))) throw sesionNotFound();
    return found;
  }
  /** An entry of one of the caller's patients; anything else reads as not found. */
  async function historialDe(idPsicologo: number, idHistory: number) {
    const found = await findHistorial(deps.knex, idHistory);
    if (!found || !(await isPacienteDe(deps.knex, found.idPaciente, idPsicologo))) throw historialNotFound();
    return found;
  }
  /** Read-your-writes, then the record as every read shows it: with its signature and addenda. */
  async function answer(ctx: Context, done: Handled, read: () => Promise<unknown>, notFound: () => Error) {
    await settled(deps, done);
    const found = await read();
    if (!found) throw notFound();
    ctx.status = 201;
    ctx.body = found;
  }
  const answerSesion = (ctx: Context, done: Handled, idSesion: number) =>
    answer(ctx, done, () => findSesion(deps.knex, idSesion), sesionNotFound);
  const answerHistorial = (ctx: Context, done: Handled, idHistory: number) =>
    answer(ctx, done, () => findHistorial(deps.knex, idHistory), historialNotFound);

  return [
    {
      method: 'post', path: '/api/psicologo/sesiones/:id/firma', operationId: 'signSesionPsicologo', tag: 'Sesiones', auth: ['PSICOLOGO'], throttle: 'auth',
      summary: 'Firmar una sesión que registré', description: DESCRIPCION_FIRMA, body: firmarBody,
      responses: { 201: { description: 'Sesión firmada, con su firma', schema: sesionSchema }, ...errores('La sesión') },
      handler: async (ctx, { params, body }: { params: Record<string, number>; body: { password: string } }) => {
        const user = caller(ctx);
        const idPsicologo = ownPsicologo(user);
        await sesionDe(idPsicologo, params.id);
        await reauthenticate(deps, user, body.password);
        await answerSesion(ctx, await firmarSesion(deps, actorOf(user), idPsicologo, params.id), params.id);
      },
    },
    {
      method: 'post', path: '/api/psicologo/sesiones/:id/adendas', operationId: 'addAdendaSesionPsicologo', tag: 'Sesiones', auth: ['PSICOLOGO'], throttle: 'auth',
      summary: 'Añadir una adenda firmada a una sesión firmada', description: DESCRIPCION_ADENDA, body: adendaBody,
      responses: { 201: { description: 'Sesión con la adenda añadida al final de adendas', schema: sesionSchema }, ...errores('La sesión') },
      handler: async (ctx, { params, body }: { params: Record<string, number>; body: AdendaBody }) => {
        const user = caller(ctx);
        const idPsicologo = ownPsicologo(user);
        await sesionDe(idPsicologo, params.id);
        await reauthenticate(deps, user, body.password);
        const done = await adendaSesion(deps, actorOf(user), params.id, { idPsicologo, tipo: body.tipo, texto: body.texto });
        await answerSesion(ctx, done, params.id);
      },
    },
    {
      method: 'post', path: '/api/psicologo/historial-clinico/:id/firma', operationId: 'signHistorialPsicologo', tag: 'Historial clínico', auth: ['PSICOLOGO'], throttle: 'auth',
      summary: 'Firmar un registro del historial que escribí', description: DESCRIPCION_FIRMA, body: firmarBody,
      responses: { 201: { description: 'Registro firmado, con su firma', schema: historialSchema }, ...errores('El registro') },
      handler: async (ctx, { params, body }: { params: Record<string, number>; body: { password: string } }) => {
        const user = caller(ctx);
        const idPsicologo = ownPsicologo(user);
        const r = await historialDe(idPsicologo, params.id);
        await reauthenticate(deps, user, body.password);
        await answerHistorial(ctx, await firmarHistorial(deps, actorOf(user), idPsicologo, r.idHistory, r.idPaciente), r.idHistory);
      },
    },
    {
      method: 'post', path: '/api/psicologo/historial-clinico/:id/adendas', operationId: 'addAdendaHistorialPsicologo', tag: 'Historial clínico', auth: ['PSICOLOGO'], throttle: 'auth',
      summary: 'Añadir una adenda firmada a un registro firmado del historial', description: DESCRIPCION_ADENDA, body: adendaBody,
      responses: { 201: { description: 'Registro con la adenda añadida al final de adendas', schema: historialSchema }, ...errores('El registro') },
      handler: async (ctx, { params, body }: { params: Record<string, number>; body: AdendaBody }) => {
        const user = caller(ctx);
        const idPsicologo = ownPsicologo(user);
        const r = await historialDe(idPsicologo, params.id);
        await reauthenticate(deps, user, body.password);
        const done = await adendaHistorial(deps, actorOf(user), r.idHistory, r.idPaciente, { idPsicologo, tipo: body.tipo, texto: body.texto });
        await answerHistorial(ctx, done, r.idHistory);
      },
    },
  ];
}
