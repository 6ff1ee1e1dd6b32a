import type { ProgresoRegistrado } from '../../events/progreso.ts';
import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { queryId } from '../query-integer.ts';
import { caller } from '../auth.ts';
import { recordAccess } from '../access-log.ts';
import { errors } from '../../platform/errors.ts';
import { isValidDate } from '../../platform/time.ts';
import { findProgreso, progresoFromEvent, pageProgreso, resumenSemanal, semanaKey, SEMANA_KEY } from '../../queries/progreso.ts';
import { pageInMemory } from '../../queries/paging.ts';
import { answerPage, givenPage, sendPage } from '../paging.ts';
import { registrarProgreso } from '../../commands/clinico.ts';
import { actorOf, idPacienteQuery, ownPaciente, pacienteDelPsicologo } from './historial.ts';

const TAG = 'Progreso emocional';
const nivel = () => s.int({ minimum: 0, maximum: 10 });
const progresoSchema = named('Progreso', s.object(
  { idProgress: s.int(), idPaciente: s.int(), fecha: s.date(), nivelEstres: nivel(), nivelAnsiedad: nivel(), nivelAnimo: nivel() },
  ['idProgress', 'idPaciente', 'fecha', 'nivelEstres', 'nivelAnsiedad', 'nivelAnimo'],
));
const progresoBody = named('ProgresoCrear', s.object({ fecha: s.date(), nivelEstres: nivel(), nivelAnsiedad: nivel(), nivelAnimo: nivel() }, ['fecha', 'nivelEstres', 'nivelAnsiedad', 'nivelAnimo']));
const media = { type: 'number', minimum: 0, maximum: 10 };
const semanaSchema = named('ProgresoSemana', s.object(
  { semana: s.date(), registros: s.int(), mediaEstres: media, mediaAnsiedad: media, mediaAnimo: media },
  ['semana', 'registros', 'mediaEstres', 'mediaAnsiedad', 'mediaAnimo'],
));
const rango = { desde: s.date(), hasta: s.date() };
const resumenQuery = s.object({ idPaciente: queryId(), ...rango }, ['idPaciente']);
const list = { 200: { description: 'Registros, por idProgress', schema: s.array(progresoSchema) } };
const resumen = { 200: { description: 'Medias semanales (semana = lunes ISO), solo semanas con registros', schema: s.array(semanaSchema) } };

/** The range of a summary: real dates, desde not after hasta. */
function checkRango(q: { desde?: string; hasta?: string }) {
  for (const d of [q.desde, q.hasta]) if (d !== undefined && !isValidDate(d)) throw errors.invalid('Fecha no válida', 'Invalid date');
  if (q.desde && q.hasta && q.desde > q.hasta) throw errors.invalid('desde no puede ser posterior a hasta', 'desde cannot be after hasta');
}

export function progresoRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'get', path: '/api/progreso-emocional', operationId: 'listProgreso', tag: TAG, summary: 'Mi progreso emocional', auth: ['PACIENTE'], responses: list,
      handler: async (ctx, { page }) => {
        await answerPage(ctx, page, (p) => pageProgreso(deps.knex, p, ownPaciente(caller(ctx))));
      },
    },
    {
      method: 'post', path: '/api/progreso-emocional', operationId: 'createProgreso', tag: TAG, summary: 'Registrar mis niveles de un día (no futuro en la zona de la consulta)', auth: ['PACIENTE'],
      body: progresoBody, responses: { 201: { description: 'Registro creado', schema: progresoSchema } },
      handler: async (ctx, { body }) => {
        const user = caller(ctx);
        const { fecha, nivelEstres, nivelAnsiedad, nivelAnimo } = body;
        const r = await registrarProgreso(deps, actorOf(user), ownPaciente(user), fecha, { nivelEstres, nivelAnsiedad, nivelAnimo });
        await settled(deps, r);
        const registrado = r.events.find((e): e is ProgresoRegistrado => e.type === 'ProgresoRegistrado');
        ctx.status = 201;
        ctx.body = registrado ? progresoFromEvent(registrado.data) : await findProgreso(deps.knex, r.id);
      },
    },
    {
      method: 'get', path: '/api/progreso-emocional/resumen', operationId: 'getProgresoResumen', tag: TAG, summary: 'Medias semanales de mi progreso entre desde y hasta', auth: ['PACIENTE'],
      query: s.object(rango), responses: resumen,
      handler: async (ctx, { query, page }) => {
        checkRango(query);
        const semanas = await resumenSemanal(deps.knex, ownPaciente(caller(ctx)), query.desde, query.hasta);
        await answerPage(ctx, page, async (p) => pageInMemory(semanas, p, semanaKey, SEMANA_KEY));
      },
    },
    {
      method: 'get', path: '/api/psicologo/progreso-emocional', operationId: 'listProgresoPsicologo', tag: TAG, summary: 'Progreso de uno de mis pacientes (acceso registrado)', auth: ['PSICOLOGO'],
      query: idPacienteQuery, responses: list,
      handler: async (ctx, { query, page }) => {
        const idPaciente = await pacienteDelPsicologo(deps, caller(ctx), query.idPaciente);
        const records = await pageProgreso(deps.knex, givenPage(page), idPaciente);
        await recordAccess(deps, ctx, 'PROGRESO', [idPaciente]);
        sendPage(ctx, givenPage(page), records);
      },
    },
    {
      method: 'get', path: '/api/psicologo/progreso-emocional/resumen', operationId: 'getProgresoResumenPsicologo', tag: TAG, summary: 'Medias semanales de uno de mis pacientes, para gráficas (acceso registrado)', auth: ['PSICOLOGO'],
      query: resumenQuery, responses: resumen,
      handler: async (ctx, { query, page }) => {
        checkRango(query);
        const idPaciente = await pacienteDelPsicologo(deps, caller(ctx), query.idPaciente);
        const semanas = await resumenSemanal(deps.knex, idPaciente, query.desde, query.hasta);
        await recordAccess(deps, ctx, 'PROGRESO', [idPaciente]);
        await answerPage(ctx, page, async (p) => pageInMemory(semanas, p, semanaKey, SEMANA_KEY));
      },
    },
    {
      method: 'get', path: '/api/admin/progreso-emocional', operationId: 'listProgresoAdmin', tag: TAG, summary: 'Todos los registros (acceso registrado)', auth: ['ADMIN'], responses: list,
      handler: async (ctx, { page }) => {
        const records = await pageProgreso(deps.knex, givenPage(page));
        await recordAccess(deps, ctx, 'PROGRESO', records.items.map((r) => r.idPaciente));
        sendPage(ctx, givenPage(page), records);
      },
    },
  ];
}
