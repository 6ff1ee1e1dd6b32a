import type { Context } from 'koa';
import type { AppDeps, Written } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { localDateTimeOut } from '../datetime-schemas.ts';
import { caller } from '../auth.ts';
import { errors } from '../../platform/errors.ts';
import { currentMonth } from '../../platform/agenda-time.ts';
import type { Position } from '../../eventstore/port.ts';
import type { AuthUser } from '../../queries/usuarios.ts';
import { citaView, citaViewOf, findCita, nombresCita, pageCitas } from '../../queries/citas.ts';
import { agendaPaciente, agendaKey, AGENDA_KEY } from '../../queries/agenda.ts';
import { pageInMemory } from '../../queries/paging.ts';
import { answerPage } from '../paging.ts';
import { MAX_DURACION_MINUTOS, type Alcance } from '../../commands/cita.ts';
import { cambiarEstadoCita, cancelarCita, reprogramarCita, reservarCita, type CambiosCita, type NuevaCita } from '../../commands/citas.ts';
import { citaStream, evolveCita, MODALIDADES, type Cita, type CitaEvent, type EstadoCita } from '../../events/cita.ts';

const ESTADOS = ['PENDIENTE', 'CONFIRMADA', 'CANCELADA', 'COMPLETADA'] as const;
/** The modality field of appointments and bookings (docs/care.md "Online sessions"). */
export const modalidadSchema = (description: string) => ({ ...s.enum(MODALIDADES), description });
const TAG = 'Citas';

export const citaSchema = named('Cita', s.object(
  {
    idCita: s.int(), idPaciente: s.int(), idPsicologo: s.int(), nombrePsicologo: s.string(), nombrePaciente: s.string(),
    startDatetime: localDateTimeOut(), durationMinutes: s.int(), estado: s.enum(ESTADOS), motivo: s.nullable(s.string()),
    modalidad: modalidadSchema('PRESENCIAL (en la consulta) u ONLINE (videollamada: la sala en GET /api/citas/{idCita}/sala)'),
  },
  ['idCita', 'idPaciente', 'idPsicologo', 'nombrePsicologo', 'nombrePaciente', 'startDatetime', 'durationMinutes', 'estado', 'motivo', 'modalidad'],
));
export const agendaEntrySchema = named('AgendaEntrada', s.object(
  { fecha: s.date(), horaInicio: s.string(), horaFin: s.string(), tipo: s.enum(['cita', 'bloqueo']), detalle: s.string(), referenciaId: s.int() },
  ['fecha', 'horaInicio', 'horaFin', 'tipo', 'detalle', 'referenciaId'],
));
/** `?month=YYYY-MM`; without it, the current month of the practice's zone. */
export const monthQuery = s.object({ month: s.month() });

const duration = s.int({ minimum: 1, maximum: MAX_DURACION_MINUTOS });
const motivo = s.nullable(s.string({ maxLength: 1000 }));
const crearBody = named('CitaCrear', s.object(
  {
    idPsicologo: s.int({ minimum: 1, maximum: 2_147_483_647 }), startDatetime: s.datetime(), durationMinutes: duration, motivo,
    modalidad: modalidadSchema('PRESENCIAL por defecto; ONLINE solo si el paciente aceptó la videoconferencia, el psicólogo la ofrece y el servidor tiene JITSI_* (si no, 409)'),
  },
  ['idPsicologo', 'startDatetime'],
));
const reprogramarBody = named('CitaCambio', s.object({ startDatetime: s.datetime(), durationMinutes: duration, motivo }, [], { minProperties: 1 }));
const estadoBody = named('CitaCambioEstado', s.object({ estado: s.enum(ESTADOS) }, ['estado']));

const one = (description: string) => ({ description, schema: citaSchema });

/** The 409 of what a patient books or moves, naming each rule (docs/limits.md "Appointments a patient books"). */
export const conflictoPaciente = (otros: string) => ({
  description: `Conflicto: ${otros}; o supera un límite del paciente: PATIENT_MAX_FUTURE_APPOINTMENTS (citas futuras pedidas por él, en total), `
    + 'PATIENT_MAX_FUTURE_APPOINTMENTS_PER_PSYCHOLOGIST (con un mismo psicólogo), PATIENT_MAX_FUTURE_APPOINTMENTS_UNASSIGNED '
    + '(con psicólogos que no tiene asignados, en total) o PATIENT_MAX_APPOINTMENT_MINUTES (duración). '
    + 'El mensaje nombra la regla o la variable (ver docs/limits.md); o un cambio concurrente (reintentar)',
});
const solapa = 'se solapa con otra cita o un bloqueo del psicólogo, o con otra cita del paciente';
const list = { 200: { description: 'Citas, por idCita', schema: s.array(citaSchema) } };

export const actorOf = (user: AuthUser) => ({ idUsuario: user.idUsuario, rol: user.rol });

/** The caller's patient id (a PACIENTE always has one; a missing one reads as not found). */
function ownPaciente(user: AuthUser): number {
  if (user.idPaciente === null) throw errors.notFound('Paciente', 'Patient');
  return user.idPaciente;
}

/** The caller's psychologist profile (a PSICOLOGO whose profile was deleted has none). */
export function ownPsicologo(user: AuthUser): number {
  if (user.idPsicologo === null) throw errors.notFound('Perfil de psicólogo', 'Psychologist profile');
  return user.idPsicologo;
}

const alcanceOf = (user: AuthUser): Alcance =>
  user.rol === 'ADMIN' ? 'todas' : user.rol === 'PSICOLOGO' ? { idPsicologo: ownPsicologo(user) } : { idPaciente: ownPaciente(user) };

/**
 * Read-your-writes, then the appointment as the caller sees it. The write is stored: if the read
 * model cannot show it (late or broken), the answer comes from the appointment's own stream.
 */
async function answer(deps: AppDeps, ctx: Context, written: Written, idCita: number, status = 200) {
  await settled(deps, written);
  const cita = (await findCita(deps.knex, idCita, alcanceOf(caller(ctx)))) ?? (await citaFromLog(deps, idCita));
  ctx.status = status;
  ctx.body = cita;
}

async function citaFromLog(deps: AppDeps, idCita: number) {
  const history = await deps.store.readStream(citaStream(idCita));
  const state = history.reduce((s, e) => evolveCita(s, e as unknown as CitaEvent), { status: 'nueva' } as Cita);
  if (state.status === 'nueva') throw new Error(`appointment ${idCita} written but not in its stream`);
  return citaViewOf(deps.knex, state);
}

type ReadIds = { list: string; get: string };

function readRoutes(deps: AppDeps, prefix: string, auth: 'PACIENTE' | 'PSICOLOGO' | 'ADMIN', who: string, ids: ReadIds): RouteDef[] {
  return [
    {
      method: 'get', path: prefix, operationId: ids.list, tag: TAG, summary: `Citas ${who}`, auth: [auth], responses: list,
      handler: async (ctx, { page }) => {
        await answerPage(ctx, page, (p) => pageCitas(deps.knex, alcanceOf(caller(ctx)), p));
      },
    },
    {
      method: 'get', path: `${prefix}/:id`, operationId: ids.get, tag: TAG, summary: `Una cita ${who}`, auth: [auth], responses: { 200: one('Cita') },
      handler: async (ctx, { params }) => {
        const cita = await findCita(deps.knex, params.id, alcanceOf(caller(ctx)));
        if (!cita) throw errors.notFound('Cita', 'Appointment');
        ctx.body = cita;
      },
    },
  ];
}

function pacienteRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'post', path: '/api/citas', operationId: 'createCita', tag: TAG, summary: 'Pedir una cita (idPaciente del token; PENDIENTE)', auth: ['PACIENTE'],
      body: crearBody, responses: { 201: one('Cita creada'), 409: conflictoPaciente(`${solapa}, o faltan consentimientos informados por firmar (el mensaje nombra cada documento y su versión; docs/care.md)`) },
      handler: async (ctx, { body }: { body: NuevaCita }) => {
        const user = caller(ctx);
        const idPaciente = ownPaciente(user);
        // The answer is the appointment the command just wrote, from its event, not read back; only
        // the two names come from the read models, read while the command runs.
        const nombres = nombresCita(deps.knex, body.idPsicologo, idPaciente);
        nombres.catch(() => {}); // awaited below; a refused booking leaves it unread
        const r = await reservarCita(deps, actorOf(user), idPaciente, body);
        await settled(deps, r);
        const creada = r.events.find((e) => e.type === 'CitaCreada') as unknown as CitaEvent;
        const cita = evolveCita({ status: 'nueva' }, creada);
        if (cita.status === 'nueva') throw new Error(`appointment ${r.idCita} booked without its CitaCreada`);
        ctx.status = 201;
        ctx.body = citaView(cita, await nombres);
      },
    },
    {
      method: 'put', path: '/api/citas/:id', operationId: 'updateCita', tag: TAG, summary: 'Cambiar la hora o el motivo de una cita mía (PENDIENTE o CONFIRMADA)', auth: ['PACIENTE'],
      body: reprogramarBody, responses: { 200: one('Cita modificada'), 409: conflictoPaciente(`la nueva hora ${solapa}, o la cita ya no se puede cambiar`) },
      handler: async (ctx, { body, params }: { body: CambiosCita; params: Record<string, number> }) => {
        const user = caller(ctx);
        const r = await reprogramarCita(deps, actorOf(user), params.id, { idPaciente: ownPaciente(user) }, body);
        await answer(deps, ctx, r, params.id);
      },
    },
    {
      method: 'delete', path: '/api/citas/:id', operationId: 'cancelCita', tag: TAG, summary: 'Cancelar una cita mía (queda CANCELADA y visible)', auth: ['PACIENTE'],
      responses: { 204: { description: 'Cita cancelada' } },
      handler: async (ctx, { params }) => {
        const user = caller(ctx);
        const r = await cancelarCita(deps, actorOf(user), params.id, { idPaciente: ownPaciente(user) }, 'PACIENTE');
        await settled(deps, r);
        ctx.status = 204;
      },
    },
  ];
}

function agendaRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'get', path: '/api/citas/paciente/:idPaciente/agenda', operationId: 'getPacienteAgenda', tag: TAG, auth: ['PACIENTE', 'ADMIN'],
      summary: 'Agenda mensual de un paciente: sus citas y el tiempo bloqueado de su psicólogo ("No disponible")',
      query: monthQuery, responses: { 200: { description: 'Entradas por fecha y horaInicio', schema: s.array(agendaEntrySchema) } },
      handler: async (ctx, { params, query, page }) => {
        const user = caller(ctx);
        // A patient sees only their own agenda; any other id is not found, exactly as if absent.
        const exists = user.rol === 'ADMIN'
          ? Boolean(await deps.knex('pacientes').where({ id_paciente: params.idPaciente }).first('id_paciente'))
          : user.idPaciente === params.idPaciente;
        if (!exists) throw errors.notFound('Paciente', 'Patient');
        const entries = await agendaPaciente(deps.knex, params.idPaciente, query.month ?? currentMonth(deps.clock.now(), deps.config.practiceTimezone));
        await answerPage(ctx, page, async (p) => pageInMemory(entries, p, agendaKey, AGENDA_KEY));
      },
    },
  ];
}

function psicologoRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'put', path: '/api/psicologo/citas/:id', operationId: 'updateCitaEstado', tag: TAG, auth: ['PSICOLOGO'],
      summary: 'Cambiar el estado de una cita de mi consulta: PENDIENTE→CONFIRMADA, PENDIENTE|CONFIRMADA→CANCELADA, CONFIRMADA→COMPLETADA',
      body: estadoBody, responses: { 200: one('Cita con su nuevo estado') },
      handler: async (ctx, { body, params }: { body: { estado: EstadoCita }; params: Record<string, number> }) => {
        const user = caller(ctx);
        const r = await cambiarEstadoCita(deps, actorOf(user), params.id, ownPsicologo(user), body.estado);
        await answer(deps, ctx, r, params.id);
      },
    },
  ];
}

export function citasRoutes(deps: AppDeps): RouteDef[] {
  return [
    ...readRoutes(deps, '/api/citas', 'PACIENTE', 'mías', { list: 'listCitas', get: 'getCita' }),
    ...pacienteRoutes(deps),
    ...agendaRoutes(deps),
    ...readRoutes(deps, '/api/psicologo/citas', 'PSICOLOGO', 'de mi consulta', { list: 'listCitasPsicologo', get: 'getCitaPsicologo' }),
    ...psicologoRoutes(deps),
    ...readRoutes(deps, '/api/admin/citas', 'ADMIN', 'de la clínica (todas)', { list: 'listCitasAdmin', get: 'getCitaAdmin' }),
  ];
}
