import type { DiarioRegistrado } from '../../events/diario.ts';
import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { localDateTimeOut } from '../datetime-schemas.ts';
import { caller } from '../auth.ts';
import { recordAccess } from '../access-log.ts';
import { errors } from '../../platform/errors.ts';
import { diarioFromEvent, findDiario, pageDiario } from '../../queries/diario.ts';
import { answerPage, givenPage, sendPage } from '../paging.ts';
import { eliminarDiario, registrarDiario } from '../../commands/clinico.ts';
import { diarioNotFound } from '../../commands/diario.ts';
import { actorOf, idPacienteQuery, ownPaciente, pacienteDelPsicologo } from './historial.ts';

const TAG = 'Diario emocional';
const diarioSchema = named('DiarioEntrada', s.object(
  { idDiario: s.int(), idPaciente: s.int(), fecha: localDateTimeOut('Cuándo se escribió la entrada'), emocion: s.string(), intensidad: s.int({ minimum: 1, maximum: 10 }), nota: s.nullable(s.string()) },
  ['idDiario', 'idPaciente', 'fecha', 'emocion', 'intensidad', 'nota'],
));
// Free text: Ansiedad, Tristeza, Alegría, Irritabilidad, Calma, Frustración are typical, not a closed list.
const diarioBody = named('DiarioEntradaCrear', s.object(
  { emocion: s.nonEmpty(100), intensidad: s.int({ minimum: 1, maximum: 10 }), nota: s.nullable(s.string({ maxLength: 5000 })) },
  ['emocion', 'intensidad'],
));
const list = { 200: { description: 'Entradas, por idDiario', schema: s.array(diarioSchema) } };

export function diarioRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'get', path: '/api/diario-emocional', operationId: 'listDiario', tag: TAG, summary: 'Mi diario emocional', auth: ['PACIENTE'], responses: list,
      handler: async (ctx, { page }) => {
        await answerPage(ctx, page, (p) => pageDiario(deps.knex, p, ownPaciente(caller(ctx))));
      },
    },
    {
      method: 'post', path: '/api/diario-emocional', operationId: 'createDiario', tag: TAG, summary: 'Escribir una entrada (fecha = ahora, hora local de la consulta)', auth: ['PACIENTE'],
      body: diarioBody, responses: { 201: { description: 'Entrada creada', schema: diarioSchema } },
      handler: async (ctx, { body }: { body: { emocion: string; intensidad: number; nota?: string | null } }) => {
        const user = caller(ctx);
        const r = await registrarDiario(deps, actorOf(user), ownPaciente(user), { emocion: body.emocion, intensidad: body.intensidad, nota: body.nota ?? null });
        await settled(deps, r);
        const registrado = r.events.find((e): e is DiarioRegistrado => e.type === 'DiarioRegistrado');
        ctx.status = 201;
        ctx.body = registrado ? diarioFromEvent(registrado.data) : await findDiario(deps.knex, r.id);
      },
    },
    {
      method: 'get', path: '/api/diario-emocional/:id', operationId: 'getDiario', tag: TAG, summary: 'Una entrada de mi diario', auth: ['PACIENTE'],
      responses: { 200: { description: 'Entrada', schema: diarioSchema } },
      handler: async (ctx, { params }) => {
        const found = await findDiario(deps.knex, params.id);
        if (!found || found.idPaciente !== ownPaciente(caller(ctx))) throw diarioNotFound();
        ctx.body = found;
      },
    },
    {
      method: 'delete', path: '/api/diario-emocional/:id', operationId: 'deleteDiario', tag: TAG, summary: 'Eliminar una entrada de mi diario', auth: ['PACIENTE'],
      responses: { 204: { description: 'Entrada eliminada' } },
      handler: async (ctx, { params }) => {
        const user = caller(ctx);
        const idPaciente = ownPaciente(user);
        const found = await findDiario(deps.knex, params.id);
        if (!found || found.idPaciente !== idPaciente) throw diarioNotFound();
        const r = await eliminarDiario(deps, actorOf(user), params.id, idPaciente);
        await settled(deps, r);
        ctx.status = 204;
      },
    },
    {
      method: 'get', path: '/api/psicologo/diario-emocional', operationId: 'listDiarioPsicologo', tag: TAG, summary: 'Diario de uno de mis pacientes (acceso registrado)', auth: ['PSICOLOGO'],
      query: idPacienteQuery, responses: list,
      handler: async (ctx, { query, page }) => {
        const idPaciente = await pacienteDelPsicologo(deps, caller(ctx), query.idPaciente);
        const entries = await pageDiario(deps.knex, givenPage(page), idPaciente);
        await recordAccess(deps, ctx, 'DIARIO', [idPaciente]);
        sendPage(ctx, givenPage(page), entries);
      },
    },
    {
      method: 'get', path: '/api/admin/diario-emocional', operationId: 'listDiarioAdmin', tag: TAG, summary: 'Todas las entradas (acceso registrado)', auth: ['ADMIN'], responses: list,
      handler: async (ctx, { page }) => {
        const entries = await pageDiario(deps.knex, givenPage(page));
        await recordAccess(deps, ctx, 'DIARIO', entries.items.map((e) => e.idPaciente));
        sendPage(ctx, givenPage(page), entries);
      },
    },
  ];
}
