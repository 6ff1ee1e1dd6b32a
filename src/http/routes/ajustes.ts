import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { caller } from '../auth.ts';
import {
  IDIOMAS, RECORDATORIO_MAX_HORAS, RECORDATORIO_MIN_HORAS, RECORDATORIOS_MAX, type AjustesCampos,
} from '../../events/ajuste.ts';
import { effectiveAjustes, pageAjustes } from '../../queries/ajustes.ts';
import { answerPage } from '../paging.ts';
import { ZONA_PATTERN } from '../../commands/ajuste.ts';
import { actualizarAjustes } from '../../commands/directorio.ts';
import { actorOf } from './direcciones.ts';

// Reminder lead times in hours: an addition to the four fields of decisions.md, always answered
// (default [24], the former fixed reminder) and optional in a change, so earlier clients are unaffected.
const recordatorios = s.array(s.int({ minimum: RECORDATORIO_MIN_HORAS, maximum: RECORDATORIO_MAX_HORAS }), {
  minItems: 1, maxItems: RECORDATORIOS_MAX, uniqueItems: true, example: [24, 2],
  description: 'Antelaciones de los recordatorios de cita, en horas (de 1 a 168), de mayor a menor; por defecto [24]',
});
const ajustesSchema = named('Ajustes', s.object(
  {
    idAjuste: s.nullable(s.int()), idUsuario: s.int(), idioma: s.enum(IDIOMAS), notificaciones: s.bool(), darkMode: s.bool(), timezone: s.string(),
    recordatorios,
  },
  ['idAjuste', 'idUsuario', 'idioma', 'notificaciones', 'darkMode', 'timezone', 'recordatorios'],
));
// Any of the fields, at least one (decisions.md: the body is required, an empty one changes
// nothing and is refused like the other partial updates); the zone is checked by the decider.
const ajustesBody = named('AjustesCambio', s.object(
  {
    idioma: s.enum(IDIOMAS), notificaciones: s.bool(), darkMode: s.bool(), timezone: s.string({ minLength: 1, maxLength: 64, pattern: ZONA_PATTERN, example: 'Europe/Madrid' }),
    recordatorios,
  },
  [], { minProperties: 1 },
));

export function ajustesRoutes(deps: AppDeps): RouteDef[] {
  const mine = (idUsuario: number) => effectiveAjustes(deps.knex, idUsuario, deps.config.practiceTimezone);
  return [
    {
      method: 'get', path: '/api/ajustes', operationId: 'getAjustes', tag: 'Ajustes', summary: 'Mis ajustes (valores por defecto si nunca se cambiaron)', auth: 'authenticated',
      responses: { 200: { description: 'Ajustes; idAjuste es null hasta el primer cambio', schema: ajustesSchema } },
      handler: async (ctx) => {
        ctx.body = await mine(caller(ctx).idUsuario);
      },
    },
    {
      method: 'put', path: '/api/ajustes', operationId: 'updateAjustes', tag: 'Ajustes', summary: 'Cambiar mis ajustes', auth: 'authenticated',
      body: ajustesBody, responses: { 200: { description: 'Ajustes actualizados', schema: ajustesSchema } },
      handler: async (ctx, { body }: { body: Partial<AjustesCampos> }) => {
        const user = caller(ctx);
        const r = await actualizarAjustes(deps, actorOf(user), user.idUsuario, body);
        await settled(deps, r);
        ctx.body = await mine(user.idUsuario);
      },
    },
    {
      method: 'get', path: '/api/admin/ajustes', operationId: 'listAjustesAdmin', tag: 'Ajustes', summary: 'Ajustes guardados de todos los usuarios', auth: ['ADMIN'],
      responses: { 200: { description: 'Ajustes, por idAjuste', schema: s.array(ajustesSchema) } },
      handler: async (ctx, { page }) => {
        await answerPage(ctx, page, (p) => pageAjustes(deps.knex, p));
      },
    },
  ];
}
