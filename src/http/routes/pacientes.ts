import type { Context } from 'koa';
import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s, type JsonSchema } from '../validation.ts';
import { localDateTimeOut } from '../datetime-schemas.ts';
import { caller } from '../auth.ts';
import { errors } from '../../platform/errors.ts';
import { ESTADOS_PAGO, METODOS_PAGO } from '../../events/paciente.ts';
import type { AuthUser } from '../../queries/usuarios.ts';
import { findPacienteFor, getPaciente, pagePacientes } from '../../queries/pacientes.ts';
import { answerPage } from '../paging.ts';
import { exportPaciente } from '../../queries/exportacion.ts';
import {
  actualizarPaciente, asignarPsicologo, crearPaciente, eliminarPaciente, type ActualizarPacienteInput, type CrearPacienteInput,
} from '../../commands/pacientes.ts';
import { cancelarCitasFuturas } from '../../commands/erasure-citas.ts';
import { conEstadoPago } from './estado-pago.ts';

const TAG = 'Pacientes';
const id = () => s.int({ minimum: 1, maximum: 2_147_483_647 });
const nullableEnum = (values: readonly string[]): JsonSchema => ({ type: ['string', 'null'], enum: [...values, null] });
const profileFields = {
  fechaNacimiento: s.date(),
  genero: s.nullable(s.string({ maxLength: 50 })),
  telefono: s.nullable(s.string({ maxLength: 30, pattern: '^[0-9+() -]*$' })),
  metodoPago: nullableEnum(METODOS_PAGO),
  estadoPago: s.enum(ESTADOS_PAGO),
};
const crearBody = named('PacienteCrear', s.object({ idUsuario: id(), idPsicologo: id(), ...profileFields }, ['idUsuario', 'idPsicologo', 'fechaNacimiento']));
const actualizarBody = named('PacienteCambio', s.object({ idPsicologo: id(), ...profileFields }, [], { minProperties: 1 }));
const asignarBody = named('AsignacionPsicologo', s.object({ idPaciente: id(), idPsicologo: id() }, ['idPaciente', 'idPsicologo']));

const paciente = named('Paciente', s.object({
  idPaciente: s.int(), idUsuario: s.int(), nombre: s.string(), apellido: s.string(), email: s.string(),
  idPsicologo: s.nullable(s.int()), fechaNacimiento: s.date(), genero: s.nullable(s.string()), telefono: s.nullable(s.string()),
  metodoPago: nullableEnum(METODOS_PAGO), estadoPago: s.enum(ESTADOS_PAGO),
}, ['idPaciente', 'idUsuario', 'nombre', 'apellido', 'email', 'idPsicologo', 'fechaNacimiento', 'genero', 'telefono', 'metodoPago', 'estadoPago']));
const exportacion = named('ExportacionPaciente', s.object({
  generadoEn: localDateTimeOut(), usuario: { type: 'object' }, paciente: { type: 'object' }, direcciones: s.array({ type: 'object' }),
  ajustes: s.array({ type: 'object' }), dispositivos: s.array({ type: 'object' }), citas: s.array({ type: 'object' }),
  sesiones: s.array({ type: 'object' }), historialClinico: s.array({ type: 'object' }), diarioEmocional: s.array({ type: 'object' }),
  progresoEmocional: s.array({ type: 'object' }), mensajes: s.array({ type: 'object' }), consentimientos: s.array({ type: 'object' }), cuestionarios: s.array({ type: 'object' }), eventos: s.array(s.object({ stream: s.string(), type: s.string(), occurredAt: localDateTimeOut(), data: { type: 'object' } })),
}));

/** Fields only an administrator may change: who treats the patient, and whether they paid. */
const ADMIN_ONLY: (keyof ActualizarPacienteInput)[] = ['idPsicologo', 'estadoPago'];

const actorOf = (user: AuthUser) => ({ idUsuario: user.idUsuario, rol: user.rol });
const notFound = () => errors.notFound('Paciente', 'Patient');

export function pacientesRoutes(deps: AppDeps): RouteDef[] {
  async function answerPaciente(ctx: Context, idPaciente: number, status = 200) {
    const p = await getPaciente(deps.knex, idPaciente);
    if (!p) throw notFound(); // erased meanwhile
    ctx.status = status;
    ctx.body = p;
  }

  return [
    {
      // Before /api/pacientes/:id, so "admin" is not taken for an id.
      method: 'get', path: '/api/pacientes/admin', operationId: 'listPacientes', tag: TAG, summary: 'Listar todos los pacientes', auth: ['ADMIN'],
      responses: { 200: { description: 'Pacientes por idPaciente', schema: s.array(paciente) } },
      handler: async (ctx, { page }) => {
        await answerPage(ctx, page, (p) => pagePacientes(deps.knex, p));
      },
    },
    {
      method: 'post', path: '/api/pacientes', operationId: 'createPaciente', tag: TAG, summary: 'Crear el perfil de paciente de un usuario PACIENTE', auth: ['ADMIN'],
      body: crearBody, responses: { 201: { description: 'Paciente creado', schema: paciente } },
      handler: async (ctx, { body }: { body: CrearPacienteInput }) => {
        const r = await crearPaciente(deps, actorOf(caller(ctx)), body);
        await settled(deps, r);
        await answerPaciente(ctx, r.idPaciente, 201);
      },
    },
    {
      method: 'get', path: '/api/pacientes/:id', operationId: 'getPaciente', tag: TAG, summary: 'Ver un paciente', auth: 'authenticated',
      responses: { 200: { description: 'Paciente', schema: paciente } },
      handler: async (ctx, { params }) => {
        const p = await findPacienteFor(deps.knex, caller(ctx), params.id);
        if (!p) throw notFound();
        ctx.body = p;
      },
    },
    {
      method: 'put', path: '/api/pacientes/:id', operationId: 'updatePaciente', tag: TAG, summary: 'Actualizar un paciente (idPsicologo y estadoPago: solo ADMIN)', auth: 'authenticated',
      description: 'estadoPago, desde la primera factura del paciente, se deriva de sus pagos: PAGADO registra un pago de lo pendiente (EFECTIVO, "ajuste administrativo"); '
        + 'otro valor distinto del actual, 409 (docs/billing.md "estadoPago").',
      body: actualizarBody, responses: { 200: { description: 'Paciente actualizado', schema: paciente } },
      handler: async (ctx, { body, params }: { body: ActualizarPacienteInput; params: Record<string, number> }) => {
        const user = caller(ctx);
        if (!(await findPacienteFor(deps.knex, user, params.id))) throw notFound();
        if (user.rol !== 'ADMIN' && ADMIN_ONLY.some((f) => body[f] !== undefined)) throw errors.forbidden();
        // estadoPago, once the patient has invoices, is recorded as payments or refused (409): estado-pago.ts.
        const cambios = await conEstadoPago(deps, user, params.id, body);
        if (Object.keys(cambios).length > 0) await settled(deps, await actualizarPaciente(deps, actorOf(user), params.id, cambios));
        await answerPaciente(ctx, params.id);
      },
    },
    {
      method: 'delete', path: '/api/pacientes/:id', operationId: 'deletePaciente', tag: TAG, summary: 'Eliminar un paciente y sus datos personales (supresión)', auth: ['ADMIN'],
      responses: { 204: { description: 'Paciente eliminado' } },
      handler: async (ctx, { params }) => {
        const r = await eliminarPaciente(deps, actorOf(caller(ctx)), params.id);
        await settled(deps, r);
        // A booking stored just before the erasure is in the read models only now: cancel it too.
        await settled(deps, await cancelarCitasFuturas(deps, actorOf(caller(ctx)), params.id));
        ctx.status = 204;
      },
    },
    {
      method: 'get', path: '/api/pacientes/:id/exportacion', operationId: 'exportPaciente', tag: TAG, summary: 'Exportar todos los datos de un paciente (portabilidad)', auth: ['ADMIN', 'PACIENTE'],
      responses: { 200: { description: 'Datos del paciente', schema: exportacion } },
      handler: async (ctx, { params }) => {
        const user = caller(ctx);
        if (user.rol !== 'ADMIN' && user.idPaciente !== params.id) throw notFound();
        const data = await exportPaciente({ ...deps, timezone: deps.config.practiceTimezone, now: deps.clock.now() }, params.id);
        if (!data) throw notFound();
        ctx.body = data;
      },
    },
    {
      method: 'post', path: '/api/admin/psicologos/asignar-psicologo', operationId: 'assignPsicologo', tag: 'Administración de psicólogos', summary: 'Asignar un psicólogo a un paciente', auth: ['ADMIN'],
      body: asignarBody, responses: { 200: { description: 'Asignado', schema: { type: 'boolean', const: true } } },
      handler: async (ctx, { body }: { body: { idPaciente: number; idPsicologo: number } }) => {
        if (!(await getPaciente(deps.knex, body.idPaciente))) throw notFound();
        const r = await asignarPsicologo(deps, actorOf(caller(ctx)), body.idPaciente, body.idPsicologo);
        await settled(deps, r);
        ctx.body = true;
      },
    },
  ];
}
