import type { BloqueoCreado } from '../../events/agenda.ts';
import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { caller } from '../auth.ts';
import { errors } from '../../platform/errors.ts';
import { currentMonth, HORA_PATTERN } from '../../platform/agenda-time.ts';
import { AGENDA_KEY, agendaKey, agendaPsicologo, BLOQUEO_KEY, bloqueoKey, findBloqueo, listBloqueos } from '../../queries/agenda.ts';
import { pageInMemory } from '../../queries/paging.ts';
import { answerPage } from '../paging.ts';
import { crearBloqueo, eliminarBloqueo, type NuevoBloqueo } from '../../commands/citas.ts';
import { actorOf, agendaEntrySchema, monthQuery, ownPsicologo } from './citas.ts';

const TAG = 'Agenda';
const hora = s.string({ pattern: HORA_PATTERN });

const bloqueoSchema = named('Bloqueo', s.object(
  { idBloqueo: s.int(), fecha: s.date(), horaInicio: s.string(), horaFin: s.string(), motivo: s.string() },
  ['idBloqueo', 'fecha', 'horaInicio', 'horaFin', 'motivo'],
));
// No hours: the whole day (shown 00:00–23:59).
const bloqueoBody = named('BloqueoCrear', s.object({ fecha: s.date(), horaInicio: s.nullable(hora), horaFin: s.nullable(hora), motivo: s.nonEmpty(500) }, ['fecha', 'motivo']));

export function bloqueosRoutes(deps: AppDeps): RouteDef[] {
  const month = (m: string | undefined) => m ?? currentMonth(deps.clock.now(), deps.config.practiceTimezone);
  return [
    {
      method: 'get', path: '/api/psicologo/agenda', operationId: 'getPsicologoAgenda', tag: TAG, auth: ['PSICOLOGO'],
      summary: 'Mi agenda mensual: las citas de mi consulta y mis bloqueos (con su motivo)',
      query: monthQuery, responses: { 200: { description: 'Entradas por fecha y horaInicio', schema: s.array(agendaEntrySchema) } },
      handler: async (ctx, { query, page }) => {
        const entries = await agendaPsicologo(deps.knex, ownPsicologo(caller(ctx)), month(query.month));
        await answerPage(ctx, page, async (p) => pageInMemory(entries, p, agendaKey, AGENDA_KEY));
      },
    },
    {
      method: 'post', path: '/api/psicologo/bloqueos', operationId: 'createBloqueo', tag: TAG, auth: ['PSICOLOGO'],
      summary: 'Bloquear tiempo de mi agenda (sin horas: el día completo); no puede solaparse con una cita',
      body: bloqueoBody, responses: { 201: { description: 'Bloqueo creado', schema: bloqueoSchema } },
      handler: async (ctx, { body }: { body: NuevoBloqueo }) => {
        const user = caller(ctx);
        const idPsicologo = ownPsicologo(user);
        const r = await crearBloqueo(deps, actorOf(user), idPsicologo, body);
        await settled(deps, r);
        const creado = r.events.find((e): e is BloqueoCreado => e.type === 'BloqueoCreado');
        const bloqueo = (await findBloqueo(deps.knex, r.idBloqueo, idPsicologo))
          ?? (creado && { idBloqueo: creado.data.idBloqueo, fecha: creado.data.fecha, horaInicio: creado.data.horaInicio, horaFin: creado.data.horaFin, motivo: creado.data.motivo });
        ctx.status = 201;
        ctx.body = bloqueo;
      },
    },
    {
      method: 'get', path: '/api/psicologo/bloqueos', operationId: 'listBloqueos', tag: TAG, auth: ['PSICOLOGO'], summary: 'Mis bloqueos de un mes, por fecha y hora',
      query: monthQuery, responses: { 200: { description: 'Bloqueos', schema: s.array(bloqueoSchema) } },
      handler: async (ctx, { query, page }) => {
        const bloqueos = await listBloqueos(deps.knex, ownPsicologo(caller(ctx)), month(query.month));
        await answerPage(ctx, page, async (p) => pageInMemory(bloqueos, p, bloqueoKey, BLOQUEO_KEY));
      },
    },
    {
      method: 'delete', path: '/api/psicologo/bloqueos/:id', operationId: 'deleteBloqueo', tag: TAG, auth: ['PSICOLOGO'], summary: 'Eliminar uno de mis bloqueos',
      responses: { 204: { description: 'Bloqueo eliminado' } },
      handler: async (ctx, { params }) => {
        const user = caller(ctx);
        const r = await eliminarBloqueo(deps, actorOf(user), ownPsicologo(user), params.id);
        await settled(deps, r);
        ctx.status = 204;
      },
    },
  ];
}
