import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { s } from '../validation.ts';
import { caller } from '../auth.ts';
import { errors } from '../../platform/errors.ts';
import { instrumento as instrumentoDe, instrumentos, type Instrumento } from '../../events/instrumentos.ts';
import type { CuestionarioRespondido } from '../../events/cuestionario.ts';
import { comprobarRespuestas, noAsignado } from '../../commands/cuestionario.ts';
import { responderCuestionario } from '../../commands/cuestionarios.ts';
import { respuestasDe, seriePuntuaciones, solicitudesPendientes, solicitudParaResponder } from '../../queries/cuestionarios.ts';
import { pageInMemory } from '../../queries/paging.ts';
import { answerPage } from '../paging.ts';
import { actorOf, ownPaciente } from './historial.ts';
import {
  TAG, idiomaQuery, instrumentoQuery, instrumentoResumen, instrumentoSchema, respuestaBody, respuestaCreada, respuestaSchema, serieSchema, solicitudSchema,
} from './cuestionarios-schemas.ts';

// The instruments' catalogue, and the patient's side of the outcome measures: pending requests,
// answering (scored by the server; a safety alert tells the patient where to get urgent help) and
// their own scores (docs/care.md "Outcome measures").

export const instrumentoNotFound = () => errors.notFound('Instrumento', 'Instrument');

/** The instrument a path or query names; unknown is 404. */
export function instrumentoConocido(codigo: string): Instrumento {
  const i = instrumentoDe(codigo);
  if (!i) throw instrumentoNotFound();
  return i;
}

/** The instrument's texts in one language. */
function enIdioma(i: Instrumento, idioma: 'es' | 'en') {
  return {
    codigo: i.codigo, idioma, nombre: i.nombre[idioma], instrucciones: i.instrucciones[idioma], fuente: i.fuente,
    loinc: { panel: i.loinc.panel, total: i.loinc.total, listaRespuestas: i.loinc.listaRespuestas ?? null },
    opciones: i.opciones.map((o) => ({ valor: o.valor, loinc: o.loinc, texto: o.texto[idioma] })),
    items: i.items.map((it) => ({ numero: it.numero, loinc: it.loinc, texto: it.texto[idioma] })),
    puntuacion: { minimo: i.puntuacion.minimo, maximo: i.puntuacion.maximo, bandas: i.puntuacion.bandas.map((b) => ({ ...b, etiqueta: b.etiqueta[idioma] })) },
    seguridad: i.seguridad, cambioFiable: i.cambioFiable,
  };
}

export function cuestionariosPacienteRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'get', path: '/api/instrumentos', operationId: 'listInstrumentos', tag: TAG, summary: 'Instrumentos de medida disponibles (PHQ-9, GAD-7...)', auth: 'authenticated',
      responses: { 200: { description: 'Instrumentos, por código', schema: s.array(instrumentoResumen) } },
      handler: (ctx, { page }) => answerPage(ctx, page, async (p) => pageInMemory(
        [...instrumentos().values()].sort((a, b) => (a.codigo < b.codigo ? -1 : 1)).map((i) => ({
          codigo: i.codigo, nombre: i.nombre, items: i.items.length, loincPanel: i.loinc.panel, loincTotal: i.loinc.total,
        })), p, (i) => [i.codigo], [/^[A-Z0-9-]{2,20}$/],
      )),
    },
    {
      method: 'get', path: '/api/instrumentos/:codigo', operationId: 'getInstrumento', tag: TAG, summary: 'Un instrumento: ítems, opciones, códigos LOINC, bandas y fuente', auth: 'authenticated',
      query: idiomaQuery, responses: { 200: { description: 'El instrumento en el idioma pedido', schema: instrumentoSchema } },
      handler: async (ctx, { query }: { query: { idioma?: 'es' | 'en' } }) => {
        ctx.body = enIdioma(instrumentoConocido(String(ctx.params.codigo)), query.idioma ?? 'es');
      },
    },
    {
      method: 'get', path: '/api/cuestionarios/pendientes', operationId: 'listCuestionariosPendientes', tag: TAG, summary: 'Mis cuestionarios por responder', auth: ['PACIENTE'],
      responses: { 200: { description: 'Solicitudes pendientes, por idSolicitud', schema: s.array(solicitudSchema) } },
      handler: async (ctx, { page }) => {
        const items = await solicitudesPendientes(deps.knex, ownPaciente(caller(ctx)));
        await answerPage(ctx, page, async (p) => pageInMemory(items, p, (i) => [i.idSolicitud], ['id']));
      },
    },
    {
      method: 'post', path: '/api/cuestionarios/:codigo/respuestas', operationId: 'createRespuestaCuestionario', tag: TAG, auth: ['PACIENTE'],
      summary: 'Responder un cuestionario asignado (la puntuación la calcula el servidor; las respuestas no se modifican)',
      body: respuestaBody,
      responses: { 201: { description: 'Respuesta guardada y puntuada; con alertaSeguridad, ayudaUrgente dice dónde pedir ayuda', schema: respuestaCreada } },
      handler: async (ctx, { body }: { body: { idSolicitud?: number; respuestas: Record<string, unknown> } }) => {
        const user = caller(ctx);
        const idPaciente = ownPaciente(user);
        const i = instrumentoConocido(String(ctx.params.codigo));
        const respuestas = comprobarRespuestas(i, body.respuestas); // 400 before 409: the body is wrong whatever was assigned
        const solicitud = await solicitudParaResponder(deps.knex, idPaciente, i.codigo, body.idSolicitud);
        if (!solicitud || solicitud.instrumento !== i.codigo) throw noAsignado();
        const r = await responderCuestionario(deps, actorOf(user), { idAsignacion: solicitud.idAsignacion, idSolicitud: solicitud.idSolicitud, idPaciente, instrumento: i, respuestas });
        await settled(deps, r);
        const d = r.events.find((e): e is CuestionarioRespondido => e.type === 'CuestionarioRespondido')!.data;
        const alerta = r.events.some((e) => e.type === 'AlertaSeguridadEmitida');
        ctx.status = 201;
        ctx.body = {
          idRespuesta: d.idRespuesta, idSolicitud: d.idSolicitud, idAsignacion: d.idAsignacion, idPaciente, instrumento: d.instrumento, fecha: d.fecha,
          respuestas: d.respuestas, puntuacion: d.puntuacion, banda: d.banda, alertaSeguridad: alerta, ayudaUrgente: alerta ? deps.config.careUrgentHelpText : null,
        };
      },
    },
    {
      method: 'get', path: '/api/cuestionarios/respuestas', operationId: 'listMisRespuestasCuestionario', tag: TAG, summary: 'Mis respuestas, por idRespuesta', auth: ['PACIENTE'],
      query: instrumentoQuery(false), responses: { 200: { description: 'Respuestas puntuadas', schema: s.array(respuestaSchema) } },
      handler: async (ctx, { query, page }: { query: { instrumento?: string }; page?: any }) => {
        if (query.instrumento) instrumentoConocido(query.instrumento);
        const items = await respuestasDe(deps.knex, ownPaciente(caller(ctx)), query.instrumento);
        await answerPage(ctx, page, async (p) => pageInMemory(items, p, (r) => [r.idRespuesta], ['id']));
      },
    },
    {
      method: 'get', path: '/api/cuestionarios/puntuaciones', operationId: 'getMisPuntuaciones', tag: TAG, summary: 'Mis puntuaciones de un instrumento a lo largo del tiempo', auth: ['PACIENTE'],
      query: instrumentoQuery(true), responses: { 200: { description: 'Serie de puntuaciones con las bandas del instrumento', schema: serieSchema } },
      handler: async (ctx, { query }: { query: { instrumento: string } }) => {
        ctx.body = await seriePuntuaciones(deps.knex, ownPaciente(caller(ctx)), instrumentoConocido(query.instrumento).codigo);
      },
    },
  ];
}
