import type { Context } from 'koa';
import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { caller } from '../auth.ts';
import { errors } from '../../platform/errors.ts';
import { answerPage } from '../paging.ts';
import type { Alcance } from '../../commands/cita.ts';
import { MAX_DURACION_MINUTOS } from '../../commands/cita.ts';
import { cancelarRestoSerie, comprobarPacienteDe, MAX_REPETICIONES, reservarSerie, type NuevaSerie } from '../../commands/series.ts';
import { evolveCita, type CitaCreada } from '../../events/cita.ts';
import type { Frecuencia } from '../../events/serie.ts';
import { citaViewOf, type CitaView } from '../../queries/citas.ts';
import { pageCitasSerie, serieVisible } from '../../queries/series.ts';
import { actorOf, citaSchema, conflictoPaciente, modalidadSchema, ownPsicologo } from './citas.ts';

// Recurring series (src/commands/series.ts): booked all or nothing, listed, and the rest of one
// cancelled at once. Each occurrence is an ordinary appointment: GET, PUT and DELETE of
// /api/citas/{id} (and the psychologist's routes) act on one occurrence alone. The appointment
// record keeps the spec's fields; which series an appointment belongs to is read here.

const TAG = 'Citas';
const FRECUENCIAS = ['SEMANAL', 'QUINCENAL'] as const;
const ID = s.int({ minimum: 1, maximum: 2_147_483_647 });

const campos = {
  startDatetime: s.datetime(),
  durationMinutes: s.int({ minimum: 1, maximum: MAX_DURACION_MINUTOS }),
  motivo: s.nullable(s.string({ maxLength: 1000 })),
  frecuencia: { ...s.enum(FRECUENCIAS), description: 'SEMANAL: cada 7 días; QUINCENAL: cada 14 días (misma hora local)' },
  repeticiones: { ...s.int({ minimum: 2, maximum: MAX_REPETICIONES }), description: `Número de citas de la serie (2 a ${MAX_REPETICIONES})` },
  modalidad: modalidadSchema('De todas las citas de la serie: PRESENCIAL por defecto; ONLINE como en POST /api/citas (cada cita, su propia sala)'),
};
const requeridos = ['startDatetime', 'frecuencia', 'repeticiones'];
const crearPaciente = named('SerieCitasCrear', s.object({ idPsicologo: ID, ...campos }, ['idPsicologo', ...requeridos]));
const crearPsicologo = named('SerieCitasCrearPsicologo', s.object({ idPaciente: ID, ...campos }, ['idPaciente', ...requeridos]));
const serieSchema = named('SerieCitas', s.object(
  {
    idSerie: { ...s.int(), description: 'Identificador de la serie' },
    frecuencia: campos.frecuencia,
    citas: { ...s.array(citaSchema), description: 'Las citas de la serie, por fecha' },
  },
  ['idSerie', 'frecuencia', 'citas'],
));
const desdeQuery = s.object({
  desde: { ...s.date(), description: 'Primer día (AAAA-MM-DD, hora local) cuyas citas se cancelan; sin él, desde hoy' },
});

type Rol = 'PACIENTE' | 'PSICOLOGO';

function alcanceDe(ctx: Context, rol: Rol): Alcance {
  const user = caller(ctx);
  if (rol === 'PSICOLOGO') return { idPsicologo: ownPsicologo(user) };
  if (user.idPaciente === null) throw errors.notFound('Paciente', 'Patient');
  return { idPaciente: user.idPaciente };
}

/** Read-your-writes, then the series; from the events written when the read model cannot show them yet. */
async function answerSerie(deps: AppDeps, ctx: Context, r: Awaited<ReturnType<typeof reservarSerie>>, frecuencia: Frecuencia, alcance: Alcance) {
  await settled(deps, r);
  let citas: CitaView[] = (await pageCitasSerie(deps.knex, r.idSerie, alcance, { limit: MAX_REPETICIONES, after: null })).items;
  if (citas.length !== r.citas.length) {
    const creadas = r.events.filter((e): e is CitaCreada => e.type === 'CitaCreada');
    citas = [];
    for (const e of creadas) {
      const cita = evolveCita({ status: 'nueva' }, e);
      if (cita.status === 'existente') citas.push(await citaViewOf(deps.knex, cita));
    }
  }
  ctx.status = 201;
  ctx.body = { idSerie: r.idSerie, frecuencia, citas };
}

function crearRoutes(deps: AppDeps): RouteDef[] {
  const respuesta = { 201: { description: 'Serie reservada: todas sus citas, PENDIENTE', schema: serieSchema } };
  const description = 'Reserva todas las citas de la serie en una sola operación, o ninguna: si alguna fecha se solapa con otra cita o un bloqueo '
    + 'del psicólogo, con otra cita del paciente, está en el pasado o fuera del plazo de reserva, responde 409 y el mensaje nombra cada una de esas fechas. '
    + 'La hora local se mantiene aunque cambie el horario de verano. Se envía un único aviso por serie. '
    + 'Si la consulta exige consentimientos informados y al paciente le falta alguno (o la versión vigente), 409 nombrando cada documento (docs/care.md).';
  return [
    {
      method: 'post', path: '/api/citas/series', operationId: 'createSerieCitas', tag: TAG, auth: ['PACIENTE'],
      summary: 'Pedir una serie de citas semanal o quincenal con mi psicólogo asignado (idPaciente del token)', description, body: crearPaciente,
      responses: { ...respuesta, 409: conflictoPaciente('alguna fecha no se puede reservar (el mensaje nombra cada una), el psicólogo no es el asignado al paciente, o faltan consentimientos informados por firmar') },
      handler: async (ctx, { body }: { body: NuevaSerie & { idPsicologo: number } }) => {
        const alcance = alcanceDe(ctx, 'PACIENTE') as { idPaciente: number };
        const r = await reservarSerie(deps, actorOf(caller(ctx)), alcance.idPaciente, body.idPsicologo, body);
        await answerSerie(deps, ctx, r, body.frecuencia, alcance);
      },
    },
    {
      method: 'post', path: '/api/psicologo/citas/series', operationId: 'createSerieCitasPsicologo', tag: TAG, auth: ['PSICOLOGO'],
      summary: 'Reservar una serie de citas semanal o quincenal para uno de mis pacientes', description, body: crearPsicologo,
      responses: { ...respuesta, 409: { description: 'Alguna fecha no se puede reservar (el mensaje nombra cada una), o al paciente le faltan consentimientos informados por firmar (el mensaje nombra cada documento)' } },
      handler: async (ctx, { body }: { body: NuevaSerie & { idPaciente: number } }) => {
        const alcance = alcanceDe(ctx, 'PSICOLOGO') as { idPsicologo: number };
        await comprobarPacienteDe(deps, body.idPaciente, alcance.idPsicologo);
        const r = await reservarSerie(deps, actorOf(caller(ctx)), body.idPaciente, alcance.idPsicologo, body);
        await answerSerie(deps, ctx, r, body.frecuencia, alcance);
      },
    },
  ];
}

function serieRoutes(deps: AppDeps, prefix: string, rol: Rol, ids: { get: string; cancel: string }): RouteDef[] {
  const quien = rol === 'PACIENTE' ? 'mía' : 'de mi consulta';
  return [
    {
      method: 'get', path: `${prefix}/series/:id`, operationId: ids.get, tag: TAG, auth: [rol],
      summary: `Las citas de una serie ${quien}, por fecha`,
      description: 'Cada cita de la serie, en cualquier estado (las movidas o canceladas por separado siguen en ella).',
      responses: { 200: { description: 'Citas de la serie', schema: s.array(citaSchema) } },
      handler: async (ctx, { params, page }) => {
        const alcance = alcanceDe(ctx, rol);
        if (!(await serieVisible(deps.knex, params.id, alcance))) throw errors.notFound('Serie', 'Series');
        await answerPage(ctx, page, (p) => pageCitasSerie(deps.knex, params.id, alcance, p));
      },
    },
    {
      method: 'delete', path: `${prefix}/series/:id`, operationId: ids.cancel, tag: TAG, auth: [rol], query: desdeQuery,
      summary: `Cancelar el resto de una serie ${quien}: sus citas PENDIENTE o CONFIRMADA desde una fecha`,
      description: 'Cancela a la vez, en una sola operación, las citas de la serie aún no empezadas desde el día `desde` (incluido); '
        + 'para cancelar una sola, DELETE de esa cita. Sin citas que cancelar también responde 204.',
      responses: { 204: { description: 'Resto de la serie cancelado' } },
      handler: async (ctx, { params, query }: { params: Record<string, number>; query: { desde?: string } }) => {
        const r = await cancelarRestoSerie(deps, actorOf(caller(ctx)), params.id, alcanceDe(ctx, rol), rol, query.desde);
        await settled(deps, r);
        ctx.status = 204;
      },
    },
  ];
}

export function seriesRoutes(deps: AppDeps): RouteDef[] {
  return [
    ...crearRoutes(deps),
    ...serieRoutes(deps, '/api/citas', 'PACIENTE', { get: 'getSerieCitas', cancel: 'cancelSerieCitas' }),
    ...serieRoutes(deps, '/api/psicologo/citas', 'PSICOLOGO', { get: 'getSerieCitasPsicologo', cancel: 'cancelSerieCitasPsicologo' }),
  ];
}
