import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { queryInteger } from '../query-integer.ts';
import { localDateTimeOut } from '../datetime-schemas.ts';
import { caller } from '../auth.ts';
import { errors } from '../../platform/errors.ts';
import { isValidDate } from '../../platform/time.ts';
import { HORA_PATTERN } from '../../platform/agenda-time.ts';
import { HORA_LABORAL_PATTERN } from '../../platform/horario-time.ts';
import { definirHorario, MAX_INTERVALOS_DIA } from '../../commands/horario.ts';
import type { Plantilla } from '../../events/horario.ts';
import { findPlantilla, huecosLibres, PASO_MINUTOS, type HuecoLibre } from '../../queries/disponibilidad.ts';
import { findPerfil } from '../../queries/psicologos.ts';
import { pageInMemory } from '../../queries/paging.ts';
import { answerPage } from '../paging.ts';
import { actorOf, ownPsicologo } from './citas.ts';

const TAG = 'Agenda';
/** At most this many days per free-slot request (a month and a day). */
export const MAX_DIAS_DISPONIBILIDAD = 31;

const intervaloSchema = named('IntervaloLaboral', s.object(
  { horaInicio: s.string({ pattern: HORA_PATTERN, example: '09:00' }), horaFin: s.string({ pattern: HORA_LABORAL_PATTERN, example: '14:00' }) },
  ['horaInicio', 'horaFin'],
));
const diaSchema = named('DiaLaboral', s.object(
  { dia: s.int({ minimum: 1, maximum: 7, description: '1 = lunes … 7 = domingo' }), intervalos: s.array(intervaloSchema, { maxItems: MAX_INTERVALOS_DIA }) },
  ['dia', 'intervalos'],
));
const campos = { desde: s.date(), hasta: s.nullable(s.date()), dias: s.array(diaSchema, { maxItems: 7 }) };
const horarioBody = named('HorarioLaboralDefinir', s.object(campos, ['desde', 'dias']));
const horarioSchema = named('HorarioLaboral', s.object({ idPsicologo: s.int(), ...campos }, ['idPsicologo', 'desde', 'hasta', 'dias']));
const huecoSchema = named('HuecoLibre', s.object({ startDatetime: localDateTimeOut(), endDatetime: localDateTimeOut() }, ['startDatetime', 'endDatetime']));

const disponibilidadQuery = s.object({
  desde: { ...s.date(), description: 'Primer día (AAAA-MM-DD, zona de la consulta), incluido' },
  hasta: { ...s.date(), description: `Último día incluido; como mucho ${MAX_DIAS_DISPONIBILIDAD} días en total desde desde` },
  duracion: queryInteger({ minimum: 1, maximum: 480 }, s.string({ pattern: '^\\d{1,3}$', example: '50', description: 'Duración de la cita en minutos, de 1 a 480 (por defecto 50)' })),
}, ['desde', 'hasta']);

const HUECO_KEY = [/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/];

async function horarioDe(deps: AppDeps, idPsicologo: number) {
  const p = await findPlantilla(deps.knex, idPsicologo);
  if (!p) throw errors.notFound('Horario laboral', 'Working hours');
  return { idPsicologo, ...p };
}

/** The range of a free-slot request: real dates, desde not after hasta, at most 31 days. */
function checkConsulta(q: { desde: string; hasta: string; duracion?: string }): number {
  if (!isValidDate(q.desde) || !isValidDate(q.hasta)) throw errors.invalid('Fecha no válida', 'Invalid date');
  if (q.desde > q.hasta) throw errors.invalid('desde no puede ser posterior a hasta', 'desde cannot be after hasta');
  const dias = (Date.parse(q.hasta) - Date.parse(q.desde)) / 86_400_000 + 1;
  if (dias > MAX_DIAS_DISPONIBILIDAD) {
    throw errors.invalid(`Como máximo ${MAX_DIAS_DISPONIBILIDAD} días por consulta`, `At most ${MAX_DIAS_DISPONIBILIDAD} days per request`);
  }
  const duracion = q.duracion === undefined ? 50 : Number(q.duracion);
  if (duracion < 1 || duracion > 480) throw errors.invalid('duracion debe estar entre 1 y 480 minutos', 'duracion must be between 1 and 480 minutes');
  return duracion;
}

export function horarioRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'put', path: '/api/psicologo/horario', operationId: 'putHorarioLaboral', tag: TAG, auth: ['PSICOLOGO'],
      summary: 'Definir mi horario laboral semanal (sustituye al anterior)',
      description: 'Por día de la semana (1 = lunes … 7 = domingo), intervalos HH:mm de la zona de la consulta (horaFin 24:00 = medianoche), '
        + `sin solaparse, como mucho ${MAX_INTERVALOS_DIA} por día; vale de desde a hasta (sin hasta: indefinido). Con horario, una cita fuera `
        + 'de él se rechaza con 409 (los bloqueos siguen restando tiempo); un día sin intervalos o fuera de las fechas no es laborable. '
        + 'Las citas ya reservadas no cambian.',
      body: horarioBody, responses: { 200: { description: 'Horario definido', schema: horarioSchema } },
      handler: async (ctx, { body }: { body: Plantilla }) => {
        const user = caller(ctx);
        const idPsicologo = ownPsicologo(user);
        const r = await definirHorario(deps, actorOf(user), idPsicologo, body);
        await settled(deps, r);
        ctx.body = await horarioDe(deps, idPsicologo);
      },
    },
    {
      method: 'get', path: '/api/psicologo/horario', operationId: 'getHorarioLaboral', tag: TAG, auth: ['PSICOLOGO'],
      summary: 'Mi horario laboral (404 si no lo he definido: cualquier hora libre se puede reservar)',
      responses: { 200: { description: 'Horario laboral', schema: horarioSchema } },
      handler: async (ctx) => {
        ctx.body = await horarioDe(deps, ownPsicologo(caller(ctx)));
      },
    },
    {
      method: 'get', path: '/api/psicologos/:id/horario', operationId: 'getHorarioLaboralPsicologo', tag: TAG, auth: 'authenticated',
      summary: 'El horario laboral de un psicólogo (404 si no existe o no lo ha definido)',
      responses: { 200: { description: 'Horario laboral', schema: horarioSchema } },
      handler: async (ctx, { params }) => {
        if (!(await findPerfil(deps.knex, params.id))) throw errors.notFound('Psicólogo', 'Psychologist');
        ctx.body = await horarioDe(deps, params.id);
      },
    },
    {
      method: 'get', path: '/api/psicologos/:id/disponibilidad', operationId: 'listDisponibilidad', tag: TAG, auth: 'authenticated',
      summary: 'Huecos libres de un psicólogo entre dos fechas, para una duración',
      description: `Horas de inicio (hora local AAAA-MM-DDTHH:mm:ss) cada ${PASO_MINUTOS} minutos desde el inicio de cada intervalo del horario `
        + 'laboral, en las que una cita de esa duración cabe en el intervalo, no se solapa con citas no canceladas ni bloqueos (ni con las '
        + 'citas propias de quien consulta, si es paciente), no está en el pasado y está dentro del horizonte de reserva: exactamente lo que '
        + 'POST /api/citas aceptaría. Una hora que no existe por el cambio al horario de verano nunca aparece; la hora repetida al volver al '
        + `de invierno aparece una vez. Sin horario laboral definido, la lista está vacía. Como mucho ${MAX_DIAS_DISPONIBILIDAD} días por consulta.`,
      query: disponibilidadQuery, responses: { 200: { description: 'Huecos libres, por startDatetime', schema: s.array(huecoSchema) } },
      handler: async (ctx, { params, query, page }) => {
        const duracion = checkConsulta(query);
        if (!(await findPerfil(deps.knex, params.id))) throw errors.notFound('Psicólogo', 'Psychologist');
        const user = caller(ctx);
        const huecos = await huecosLibres(deps.knex, {
          idPsicologo: params.id, idPaciente: user.rol === 'PACIENTE' ? user.idPaciente : null, desde: query.desde, hasta: query.hasta, duracion,
          zone: deps.config.practiceTimezone, now: deps.clock.now().getTime(), horizonDays: deps.config.limits.bookingHorizonDays,
        });
        await answerPage(ctx, page, async (p) => pageInMemory(huecos, p, (h: HuecoLibre) => [h.startDatetime], HUECO_KEY));
      },
    },
  ];
}
