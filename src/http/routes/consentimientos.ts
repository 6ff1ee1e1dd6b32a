import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef, ResponseSpec } from '../routes.ts';
import { s } from '../validation.ts';
import { caller } from '../auth.ts';
import { reauthenticate } from '../reauth.ts';
import { queryInteger } from '../query-integer.ts';
import { answerPage } from '../paging.ts';
import { AUDIT_READERS } from '../auditor-access.ts';
import { recordAccess } from '../access-log.ts';
import { errors } from '../../platform/errors.ts';
import { TIPOS_CONSENTIMIENTO, type TipoConsentimiento } from '../../events/consentimiento.ts';
import { documentoNoEncontrado } from '../../commands/consentimiento.ts';
import type { Handled } from '../../commands/handler.ts';
import { fijarRequeridos, firmarConsentimiento, publicarDocumento, retirarConsentimiento } from '../../commands/consentimientos.ts';
import { consentimientosEn, findVersion, listConsentimientos, listDocumentos, type ConsentimientoView } from '../../queries/consentimientos.ts';
import { pacienteEnLog, parseAsOf } from '../../queries/auditoria.ts';
import { pageInMemory } from '../../queries/paging.ts';
import { actorOf, idPacienteQuery, ownPaciente, pacienteDelPsicologo } from './historial.ts';
import {
  consentimientoEnSchema, consentimientoSchema, documentoSchema, firmarBody, publicarBody, requeridosBody, retirarBody, versionConTextoSchema,
} from './consentimiento-schemas.ts';

// Informed consent (docs/care.md "3. Informed consent"). Signing and withdrawing check the
// patient's password like the psychologists' signatures (src/http/reauth.ts): a wrong one is a
// failed login towards the lockout, and each counts per client address (throttle 'auth').

const TAG = 'Consentimiento informado';
const tipoKey = /^[A-Z]{1,20}$/;
const porTipo = (d: { tipo: string }) => [d.tipo];
const porNumero = (c: ConsentimientoView) => [c.numero];
/** The signature a signing or a withdrawal just recorded. */
const numeroDe = (r: Handled) => (r.events[0]?.data as { numero?: number } | undefined)?.numero;

const errorsFirma: Record<number, ResponseSpec> = {
  401: { description: 'Sin token válido, o contraseña incorrecta (el token sigue siendo válido; cuenta como inicio de sesión fallido)' },
  429: {
    description: 'Demasiadas peticiones, o cuenta bloqueada por contraseñas incorrectas (ver docs/limits.md)',
    headers: { 'Retry-After': { description: 'Segundos que esperar antes de reintentar', schema: { type: 'integer', minimum: 1 } } },
  },
};

const versionQuery = s.object({
  tipo: { ...s.enum(TIPOS_CONSENTIMIENTO), description: 'Tipo de documento: TRATAMIENTO, DATOS u ONLINE' },
  version: queryInteger({ minimum: 1, maximum: 1_000_000 }, { type: 'string', example: '1', description: 'Versión (por defecto, la vigente)' }),
}, ['tipo']);
const enQuery = s.object({
  en: { ...s.datetime({ fraction: true }), description: 'Fecha y hora local de la consulta (AAAA-MM-DDTHH:MM[:SS[.sss]]); sin segundos abarca su minuto entero. Por defecto, ahora' },
});

export function consentimientosRoutes(deps: AppDeps): RouteDef[] {
  const mias = (idPaciente: number) => listConsentimientos(deps.knex, idPaciente);
  return [
    {
      method: 'get', path: '/api/consentimientos/documentos', operationId: 'listDocumentosConsentimiento', tag: TAG, auth: 'authenticated',
      summary: 'Documentos de consentimiento: si se exigen antes de reservar y su versión vigente',
      responses: { 200: { description: 'Un elemento por tipo (TRATAMIENTO, DATOS, ONLINE)', schema: s.array(documentoSchema) } },
      handler: async (ctx, { page }) => {
        const docs = await listDocumentos(deps.knex);
        await answerPage(ctx, page, async (p) => pageInMemory(docs, p, porTipo, [tipoKey]));
      },
    },
    {
      method: 'get', path: '/api/consentimientos/documento', operationId: 'getDocumentoConsentimiento', tag: TAG, auth: 'authenticated', query: versionQuery,
      summary: 'Una versión de un documento de consentimiento, con su texto (por defecto la vigente)',
      responses: { 200: { description: 'La versión', schema: versionConTextoSchema }, 404: { description: 'Ese tipo no tiene esa versión (o ninguna publicada)' } },
      handler: async (ctx, { query }: { query: { tipo: TipoConsentimiento; version?: string } }) => {
        const found = await findVersion(deps.knex, query.tipo, query.version === undefined ? undefined : Number(query.version));
        if (!found) throw documentoNoEncontrado();
        ctx.body = found;
      },
    },
    {
      method: 'post', path: '/api/admin/consentimientos/documentos', operationId: 'publishDocumentoConsentimiento', tag: TAG, auth: ['ADMIN'], body: publicarBody,
      summary: 'Publicar una nueva versión de un documento de consentimiento (la versión y el SHA-256 los pone el servidor)',
      description: 'Cada publicación de un tipo es su versión siguiente y pasa a ser la vigente. Si el tipo se exige, la próxima reserva de cada paciente pide firmar la nueva versión; las citas ya reservadas se quedan.',
      responses: { 201: { description: 'Versión publicada', schema: versionConTextoSchema } },
      handler: async (ctx, { body }: { body: { tipo: TipoConsentimiento; titulo: string; cuerpo: string } }) => {
        const r = await publicarDocumento(deps, actorOf(caller(ctx)), body);
        await settled(deps, r);
        ctx.status = 201;
        ctx.body = await findVersion(deps.knex, body.tipo);
      },
    },
    {
      method: 'put', path: '/api/admin/consentimientos/requeridos', operationId: 'setConsentimientosRequeridos', tag: TAG, auth: ['ADMIN'], body: requeridosBody,
      summary: 'Qué documentos hay que firmar antes de reservar una cita (por defecto ninguno)',
      responses: {
        200: { description: 'Los documentos, con requerido al día', schema: s.array(documentoSchema) },
        409: { description: 'Un tipo sin ninguna versión publicada no se puede exigir' },
      },
      handler: async (ctx, { body }: { body: { tipos: TipoConsentimiento[] } }) => {
        const r = await fijarRequeridos(deps, actorOf(caller(ctx)), body.tipos);
        await settled(deps, r);
        ctx.body = await listDocumentos(deps.knex);
      },
    },
    {
      method: 'get', path: '/api/consentimientos', operationId: 'listConsentimientos', tag: TAG, auth: ['PACIENTE'],
      summary: 'Mis consentimientos firmados (también los retirados y sustituidos), por número',
      responses: { 200: { description: 'Firmas, de la más antigua a la más reciente', schema: s.array(consentimientoSchema) } },
      handler: async (ctx, { page }) => {
        const rows = await mias(ownPaciente(caller(ctx)));
        await answerPage(ctx, page, async (p) => pageInMemory(rows, p, porNumero, ['id']));
      },
    },
    {
      method: 'post', path: '/api/consentimientos', operationId: 'signConsentimiento', tag: TAG, auth: ['PACIENTE'], throttle: 'auth', body: firmarBody,
      summary: 'Firmar la versión vigente de un documento (significado ACEPTA), tras volver a introducir la contraseña',
      description: 'La firma guarda el SHA-256 de la versión firmada, la hora y su significado (ACEPTA).',
      responses: {
        201: { description: 'Consentimiento firmado', schema: consentimientoSchema }, ...errorsFirma,
        404: { description: 'El tipo no tiene ninguna versión publicada' },
        409: { description: 'La versión no es la vigente, o ya tiene firmada esa versión' },
      },
      handler: async (ctx, { body }: { body: { tipo: TipoConsentimiento; version: number; password: string } }) => {
        const user = caller(ctx);
        const idPaciente = ownPaciente(user);
        await reauthenticate(deps, user, body.password);
        const r = await firmarConsentimiento(deps, actorOf(user), idPaciente, body.tipo, body.version);
        await settled(deps, r);
        ctx.status = 201;
        ctx.body = (await mias(idPaciente)).find((c) => c.numero === numeroDe(r));
      },
    },
    {
      method: 'post', path: '/api/consentimientos/retiradas', operationId: 'withdrawConsentimiento', tag: TAG, auth: ['PACIENTE'], throttle: 'auth', body: retirarBody,
      summary: 'Retirar mi consentimiento de un tipo de documento, tras volver a introducir la contraseña',
      description: 'Se registra como un hecho más (la firma no se borra: queda RETIRADO, con la hora). Retirar ONLINE avisa al psicólogo de cada cita ONLINE futura. '
        + 'Si el tipo se exige, no podrá reservar hasta volver a firmar; las citas ya reservadas se quedan.',
      responses: {
        200: { description: 'La firma retirada', schema: consentimientoSchema }, ...errorsFirma,
        409: { description: 'No hay consentimiento vigente de ese tipo' },
      },
      handler: async (ctx, { body }: { body: { tipo: TipoConsentimiento; motivo?: string | null; password: string } }) => {
        const user = caller(ctx);
        const idPaciente = ownPaciente(user);
        await reauthenticate(deps, user, body.password);
        const r = await retirarConsentimiento(deps, actorOf(user), idPaciente, body.tipo, body.motivo?.trim() || null);
        await settled(deps, r);
        ctx.body = (await mias(idPaciente)).find((c) => c.numero === numeroDe(r));
      },
    },
    {
      method: 'get', path: '/api/psicologo/consentimientos', operationId: 'listConsentimientosPsicologo', tag: TAG, auth: ['PSICOLOGO'], query: idPacienteQuery,
      summary: 'Los consentimientos de uno de mis pacientes',
      responses: { 200: { description: 'Firmas del paciente, por número', schema: s.array(consentimientoSchema) }, 404: { description: 'No es paciente suyo' } },
      handler: async (ctx, { query, page }) => {
        const idPaciente = await pacienteDelPsicologo(deps, caller(ctx), query.idPaciente);
        const rows = await mias(idPaciente);
        await answerPage(ctx, page, async (p) => pageInMemory(rows, p, porNumero, ['id']));
      },
    },
    {
      method: 'get', path: '/api/admin/auditoria/pacientes/:idPaciente/consentimientos', operationId: 'getAuditoriaConsentimientos', tag: 'Auditoría', auth: AUDIT_READERS,
      query: enQuery, summary: 'Qué había firmado un paciente en un instante (en; por defecto ahora), reconstruido desde los eventos',
      description: 'Por tipo: si se exigía, la versión vigente entonces, la última firma del paciente hasta entonces (con su retirada, si la hubo) y si tenía firmada la vigente.',
      responses: { 200: { description: 'Un elemento por tipo', schema: s.array(consentimientoEnSchema) }, 404: { description: 'El paciente no consta en el registro' } },
      handler: async (ctx, { params, query, page }) => {
        const at = query.en === undefined ? deps.clock.now() : parseEn(query.en, deps.config.practiceTimezone);
        if (!(await pacienteEnLog(deps.store, params.idPaciente))) throw errors.notFound('Paciente', 'Patient');
        const rows = await consentimientosEn(deps.store, params.idPaciente, at);
        await recordAccess(deps, ctx, 'AUDITORIA', [params.idPaciente]);
        await answerPage(ctx, page, async (p) => pageInMemory(rows, p, porTipo, [tipoKey]));
      },
    },
  ];
}

/** The audit's as-of parsing (a whole second or minute included), with the parameter's own name in the message. */
function parseEn(value: string, zone: string): Date {
  try {
    return parseAsOf(value, zone);
  } catch {
    throw errors.invalid('en debe ser una fecha y hora local (AAAA-MM-DDTHH:MM:SS)', 'en must be a local date-time (YYYY-MM-DDTHH:MM:SS)');
  }
}
