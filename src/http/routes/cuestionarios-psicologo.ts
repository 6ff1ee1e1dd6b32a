import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { s } from '../validation.ts';
import { caller } from '../auth.ts';
import { recordAccess } from '../access-log.ts';
import { queryId } from '../query-integer.ts';
import { errors } from '../../platform/errors.ts';
import type { AuthUser } from '../../queries/usuarios.ts';
import type { Pauta } from '../../events/cuestionario.ts';
import { alertaNotFound, asignacionNotFound } from '../../commands/cuestionario.ts';
import { asignarCuestionario, finalizarAsignacion, reconocerAlerta } from '../../commands/cuestionarios.ts';
import { alertasAbiertas, asignacionesDe, findAlerta, findAsignacion, seriePuntuaciones } from '../../queries/cuestionarios.ts';
import { isPacienteDe } from '../../queries/historial.ts';
import { resumenPsicologo } from '../../queries/cuestionarios-resumen.ts';
import { pageInMemory } from '../../queries/paging.ts';
import { answerPage } from '../paging.ts';
import { actorOf, idPacienteQuery, pacienteDelPsicologo } from './historial.ts';
import { instrumentoConocido } from './cuestionarios-paciente.ts';
import { TAG, alertaSchema, asignacionBody, asignacionSchema, resumenSchema, serieSchema } from './cuestionarios-schemas.ts';

// The psychologist's side of the outcome measures (docs/care.md): assigning instruments to their
// own patients, ending assignments, the patients' scores and the overview with reliable change, and
// the safety alerts with their acknowledgement. Another psychologist's patient, assignment or alert
// is 404 exactly like a missing one. The administrator reads any patient's scores.

const serieQuery = s.object({ idPaciente: queryId(), instrumento: s.string({ description: 'Código del instrumento (PHQ-9, GAD-7...)' }) }, ['idPaciente', 'instrumento']);

const idPsicologoDe = (user: AuthUser): number => {
  if (user.idPsicologo === null) throw asignacionNotFound();
  return user.idPsicologo;
};

export function cuestionariosPsicologoRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'post', path: '/api/psicologo/cuestionarios/asignaciones', operationId: 'createAsignacionCuestionario', tag: TAG, auth: ['PSICOLOGO'],
      summary: 'Asignar un instrumento a uno de mis pacientes (una vez, cada N semanas o antes de cada cita); se le avisa por correo y push',
      body: asignacionBody, responses: { 201: { description: 'Asignación creada', schema: asignacionSchema } },
      handler: async (ctx, { body }: { body: { idPaciente: number; instrumento: string; pauta: Pauta } }) => {
        const user = caller(ctx);
        const idPaciente = await pacienteDelPsicologo(deps, user, body.idPaciente);
        const instrumento = instrumentoConocido(body.instrumento).codigo;
        const r = await asignarCuestionario(deps, actorOf(user), { idPaciente, idPsicologo: idPsicologoDe(user), instrumento, pauta: body.pauta });
        await settled(deps, r);
        ctx.status = 201;
        ctx.body = await findAsignacion(deps.knex, r.id);
      },
    },
    {
      method: 'get', path: '/api/psicologo/cuestionarios/asignaciones', operationId: 'listAsignacionesCuestionario', tag: TAG, auth: ['PSICOLOGO'],
      summary: 'Asignaciones de uno de mis pacientes', query: idPacienteQuery,
      responses: { 200: { description: 'Asignaciones, por idAsignacion', schema: s.array(asignacionSchema) } },
      handler: async (ctx, { query, page }) => {
        const idPaciente = await pacienteDelPsicologo(deps, caller(ctx), query.idPaciente);
        const items = await asignacionesDe(deps.knex, idPaciente);
        await answerPage(ctx, page, async (p) => pageInMemory(items, p, (a) => [a.idAsignacion], ['id']));
      },
    },
    {
      method: 'post', path: '/api/psicologo/cuestionarios/asignaciones/:id/finalizacion', operationId: 'finalizarAsignacionCuestionario', tag: TAG, auth: ['PSICOLOGO'],
      summary: 'Finalizar una asignación: no más solicitudes; las pendientes se retiran (queda registrada)',
      responses: { 200: { description: 'Asignación finalizada', schema: asignacionSchema } },
      handler: async (ctx, { params }) => {
        const user = caller(ctx);
        const idPsicologo = idPsicologoDe(user);
        const found = await findAsignacion(deps.knex, params.id);
        if (!found || found.idPsicologo !== idPsicologo) throw asignacionNotFound();
        await settled(deps, await finalizarAsignacion(deps, actorOf(user), params.id, idPsicologo));
        ctx.body = await findAsignacion(deps.knex, params.id);
      },
    },
    {
      method: 'get', path: '/api/psicologo/cuestionarios/puntuaciones', operationId: 'getPuntuacionesPaciente', tag: TAG, auth: ['PSICOLOGO'],
      summary: 'Puntuaciones de uno de mis pacientes en un instrumento (acceso registrado)', query: serieQuery,
      responses: { 200: { description: 'Serie de puntuaciones con las bandas del instrumento', schema: serieSchema } },
      handler: async (ctx, { query }: { query: { idPaciente: string; instrumento: string } }) => {
        const idPaciente = await pacienteDelPsicologo(deps, caller(ctx), query.idPaciente);
        const serie = await seriePuntuaciones(deps.knex, idPaciente, instrumentoConocido(query.instrumento).codigo);
        await recordAccess(deps, ctx, 'CUESTIONARIOS', [idPaciente]);
        ctx.body = serie;
      },
    },
    {
      method: 'get', path: '/api/admin/cuestionarios/puntuaciones', operationId: 'getPuntuacionesPacienteAdmin', tag: TAG, auth: ['ADMIN'],
      summary: 'Puntuaciones de un paciente en un instrumento (acceso registrado; 404 paciente desconocido)', query: serieQuery,
      responses: { 200: { description: 'Serie de puntuaciones con las bandas del instrumento', schema: serieSchema } },
      handler: async (ctx, { query }: { query: { idPaciente: string; instrumento: string } }) => {
        const idPaciente = Number(query.idPaciente);
        if (!(await deps.knex('pacientes').where({ id_paciente: idPaciente }).first('id_paciente'))) throw errors.notFound('Paciente', 'Patient');
        const serie = await seriePuntuaciones(deps.knex, idPaciente, instrumentoConocido(query.instrumento).codigo);
        await recordAccess(deps, ctx, 'CUESTIONARIOS', [idPaciente]);
        ctx.body = serie;
      },
    },
    {
      method: 'get', path: '/api/psicologo/cuestionarios/resumen', operationId: 'getResumenCuestionarios', tag: TAG, auth: ['PSICOLOGO'],
      summary: 'Últimas puntuaciones de mis pacientes, con el cambio fiable desde la primera y las alertas abiertas (acceso registrado)',
      responses: { 200: { description: 'Una fila por paciente e instrumento, por idPaciente e instrumento', schema: s.array(resumenSchema) } },
      handler: async (ctx, { page }) => {
        const items = await resumenPsicologo(deps.knex, idPsicologoDe(caller(ctx)));
        await recordAccess(deps, ctx, 'CUESTIONARIOS', items.map((i) => i.idPaciente));
        await answerPage(ctx, page, async (p) => pageInMemory(items, p, (i) => [i.idPaciente, i.instrumento], ['id', /^[A-Z0-9-]{2,20}$/]));
      },
    },
    {
      method: 'get', path: '/api/psicologo/alertas-seguridad', operationId: 'listAlertasSeguridad', tag: TAG, auth: ['PSICOLOGO'],
      summary: 'Mis alertas de seguridad sin reconocer (PHQ-9 ítem 9 >= 1)',
      responses: { 200: { description: 'Alertas abiertas, por idRespuesta', schema: s.array(alertaSchema) } },
      handler: async (ctx, { page }) => {
        const user = caller(ctx);
        const items = user.idPsicologo === null ? [] : await alertasAbiertas(deps.knex, user.idPsicologo);
        await answerPage(ctx, page, async (p) => pageInMemory(items, p, (a) => [a.idRespuesta], ['id']));
      },
    },
    {
      method: 'post', path: '/api/psicologo/alertas-seguridad/:id/reconocimiento', operationId: 'reconocerAlertaSeguridad', tag: TAG, auth: ['PSICOLOGO'],
      summary: 'Reconocer una alerta de seguridad (queda registrado quién y cuándo)',
      responses: { 200: { description: 'Alerta reconocida', schema: alertaSchema } },
      handler: async (ctx, { params }) => {
        const user = caller(ctx);
        const found = await findAlerta(deps.knex, params.id);
        // The patient's psychologist now (the alert follows the patient), whoever assigned the questionnaire.
        if (!found || user.idPsicologo === null || !(await isPacienteDe(deps.knex, found.idPaciente, user.idPsicologo))) throw alertaNotFound();
        const r = await reconocerAlerta(deps, { ...actorOf(user), idUsuario: user.idUsuario }, { idAsignacion: found.idAsignacion, idRespuesta: params.id, idPsicologo: found.idPsicologo });
        await settled(deps, r);
        ctx.body = await findAlerta(deps.knex, params.id);
      },
    },
  ];
}
