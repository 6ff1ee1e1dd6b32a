import type { DomainEvent } from '../../events/domain-event.ts';
import type { SesionRegistrada } from '../../events/sesion.ts';
import type { Context } from 'koa';
import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { queryId } from '../query-integer.ts';
import { localDateTimeOut } from '../datetime-schemas.ts';
import { firmadoFields, firmadoRequired } from './firma-schemas.ts';
import { caller } from '../auth.ts';
import { errors } from '../../platform/errors.ts';
import type { AuthUser } from '../../queries/usuarios.ts';
import { isPacienteOf } from '../../queries/direcciones.ts';
import { findSesion, pageSesiones, type SesionView, sesionFromEvent } from '../../queries/sesiones.ts';
import { answerPage, type ListPage } from '../paging.ts';
import { eliminarSesion, registrarSesion, type SesionInput } from '../../commands/sesiones.ts';
import { sesionNotFound, type Autor } from '../../commands/sesion.ts';
import type { Position } from '../../eventstore/port.ts';

const MAX_ID = 2_147_483_647;
const text = () => s.nullable(s.string({ maxLength: 10_000 }));
export const sesionSchema = named('Sesion', s.object(
  {
    idSesion: s.int(), idCita: s.int(), idPaciente: s.int(), idPsicologo: s.int(), sessionDate: localDateTimeOut(),
    durationMinutes: s.int(), notas: text(), recomendaciones: text(), ...firmadoFields,
  },
  ['idSesion', 'idCita', 'idPaciente', 'idPsicologo', 'sessionDate', 'durationMinutes', 'notas', 'recomendaciones', ...firmadoRequired],
));
const bodyFields = {
  idCita: s.int({ minimum: 1, maximum: MAX_ID }), sessionDate: s.datetime(),
  // The spec's rule is > 0; a day is the longest a single session can be.
  durationMinutes: s.int({ exclusiveMinimum: 0, maximum: 1440 }), notas: text(), recomendaciones: text(),
};
const required = ['idCita', 'sessionDate', 'durationMinutes'];
const pacienteBody = named('SesionCrear', s.object(bodyFields, required));
const psicologoBody = named('SesionCrearPsicologo', s.object({ ...bodyFields, idPaciente: s.int({ minimum: 1, maximum: MAX_ID }) }, [...required, 'idPaciente']));
// Query values arrive as text; the integer range is checked in the handler (PostgreSQL int).
const psicologoQuery = s.object({ idPaciente: queryId() });

const list = { 200: { description: 'Sesiones, por idSesion', schema: s.array(sesionSchema) } };
const one = { 200: { description: 'Sesión', schema: sesionSchema } };
const created = { 201: { description: 'Sesión registrada', schema: sesionSchema } };

const actorOf = (user: AuthUser) => ({ idUsuario: user.idUsuario, rol: user.rol });

/** The caller's patient id (a PACIENTE always has one; a missing one reads as not found). */
function ownPaciente(user: AuthUser): number {
  if (user.idPaciente === null) throw errors.notFound('Paciente', 'Patient');
  return user.idPaciente;
}

function ownPsicologo(user: AuthUser): number {
  if (user.idPsicologo === null) throw errors.notFound('Psicólogo', 'Psychologist');
  return user.idPsicologo;
}

export function sesionesRoutes(deps: AppDeps): RouteDef[] {
  /** Read-your-writes, then the created record from the read model. */
  async function respondCreated(ctx: Context, r: { idSesion: number; position: Position | null; events: DomainEvent[] }) {
    await settled(deps, r);
    // The read model's row; if it cannot show the stored session (late, broken), the decided event.
    const registrada = r.events.find((e): e is SesionRegistrada => e.type === 'SesionRegistrada');
    const sesion = (await findSesion(deps.knex, r.idSesion)) ?? (registrada && sesionFromEvent(registrada.data));
    ctx.status = 201;
    ctx.body = sesion;
  }
  const register = async (ctx: Context, user: AuthUser, autor: Autor, body: SesionInput) =>
    respondCreated(ctx, await registrarSesion(deps, actorOf(user), autor, body));

  return [
    {
      method: 'get', path: '/api/sesiones', operationId: 'listSesiones', tag: 'Sesiones', summary: 'Mis sesiones', auth: ['PACIENTE'], responses: list,
      handler: async (ctx, { page }) => {
        await answerPage(ctx, page, (p) => pageSesiones(deps.knex, p, { idPaciente: ownPaciente(caller(ctx)) }));
      },
    },
    {
      method: 'post', path: '/api/sesiones', operationId: 'createSesion', tag: 'Sesiones', summary: 'Registrar una sesión de una de mis citas', auth: ['PACIENTE'],
      body: pacienteBody, responses: created,
      handler: async (ctx, { body }: { body: SesionInput }) => {
        const user = caller(ctx);
        await register(ctx, user, { rol: 'PACIENTE', idPaciente: ownPaciente(user) }, body);
      },
    },
    {
      method: 'get', path: '/api/sesiones/:id', operationId: 'getSesion', tag: 'Sesiones', summary: 'Una de mis sesiones', auth: ['PACIENTE'], responses: one,
      handler: async (ctx, { params }) => {
        const found = await findSesion(deps.knex, params.id);
        if (!found || found.idPaciente !== ownPaciente(caller(ctx))) throw sesionNotFound();
        ctx.body = found;
      },
    },
    {
      method: 'delete', path: '/api/sesiones/:id', operationId: 'deleteSesion', tag: 'Sesiones', summary: 'Eliminar una sesión que registré yo', auth: ['PACIENTE'],
      responses: { 204: { description: 'Sesión eliminada' } },
      handler: async (ctx, { params }) => {
        const user = caller(ctx);
        const r = await eliminarSesion(deps, actorOf(user), ownPaciente(user), params.id);
        await settled(deps, r);
        ctx.status = 204;
      },
    },
    {
      method: 'get', path: '/api/psicologo/sesiones', operationId: 'listSesionesPsicologo', tag: 'Sesiones', auth: ['PSICOLOGO'], query: psicologoQuery, responses: list,
      summary: 'Sesiones de mi consulta (opcionalmente, de uno de mis pacientes: ?idPaciente=)',
      handler: async (ctx, { query, page }: { query: { idPaciente?: string }; page?: ListPage }) => {
        const idPsicologo = ownPsicologo(caller(ctx));
        if (query.idPaciente === undefined) {
          await answerPage(ctx, page, (p) => pageSesiones(deps.knex, p, { idPsicologo }));
          return;
        }
        const idPaciente = Number(query.idPaciente);
        if (idPaciente > MAX_ID) throw errors.invalid('Identificador no válido: idPaciente', 'Invalid identifier: idPaciente');
        // Another psychologist's patient reads exactly like a patient that does not exist.
        if (!(await isPacienteOf(deps.knex, idPaciente, idPsicologo))) throw errors.notFound('Paciente', 'Patient');
        await answerPage(ctx, page, (p) => pageSesiones(deps.knex, p, { idPsicologo, idPaciente }));
      },
    },
    {
      method: 'post', path: '/api/psicologo/sesiones', operationId: 'createSesionPsicologo', tag: 'Sesiones', summary: 'Registrar una sesión de uno de mis pacientes', auth: ['PSICOLOGO'],
      body: psicologoBody, responses: created,
      handler: async (ctx, { body }: { body: SesionInput & { idPaciente: number } }) => {
        const user = caller(ctx);
        const { idPaciente, ...input } = body;
        await register(ctx, user, { rol: 'PSICOLOGO', idPsicologo: ownPsicologo(user), idPaciente }, input);
      },
    },
    {
      method: 'get', path: '/api/psicologo/sesiones/:id', operationId: 'getSesionPsicologo', tag: 'Sesiones', summary: 'Una sesión de mi consulta', auth: ['PSICOLOGO'], responses: one,
      handler: async (ctx, { params }) => {
        const found: SesionView | null = await findSesion(deps.knex, params.id);
        if (!found || found.idPsicologo !== ownPsicologo(caller(ctx))) throw sesionNotFound();
        ctx.body = found;
      },
    },
    {
      method: 'get', path: '/api/admin/sesiones', operationId: 'listSesionesAdmin', tag: 'Sesiones', summary: 'Todas las sesiones', auth: ['ADMIN'], responses: list,
      handler: async (ctx, { page }) => {
        await answerPage(ctx, page, (p) => pageSesiones(deps.knex, p));
      },
    },
  ];
}
