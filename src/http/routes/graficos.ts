import type { Context } from 'koa';
import type { AppDeps } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { s, type JsonSchema } from '../validation.ts';
import { queryInteger } from '../query-integer.ts';
import { caller } from '../auth.ts';
import { recordAccess, type Recurso } from '../access-log.ts';
import { errors } from '../../platform/errors.ts';
import { isValidDate, localDate } from '../../platform/time.ts';
import { graficoPng, graficoSvg } from '../../platform/charts/render.ts';
import type { Grafico } from '../../platform/charts/tipos.ts';
import { inScope } from '../../queries/pacientes.ts';
import { pacienteDeGrafico, puntosDiario, puntosProgreso, type Rango } from '../../queries/graficos.ts';
import { seriePuntuaciones } from '../../queries/cuestionarios.ts';
import { graficoDiario, graficoProgreso, graficoPuntuaciones } from './graficos-series.ts';

const TAG = 'Gráficas';
/** The most rows one chart draws; a longer history is drawn a range at a time. */
export const MAX_PUNTOS = 1500;
export const TAMANO = { ancho: { minimum: 200, maximum: 2000, defecto: 800 }, alto: { minimum: 150, maximum: 1500, defecto: 400 } };

const medida = (t: { minimum: number; maximum: number; defecto: number }, que: string) =>
  queryInteger({ minimum: t.minimum, maximum: t.maximum }, { type: 'string', example: String(t.defecto), description: `${que} de la imagen en píxeles, de ${t.minimum} a ${t.maximum} (${t.defecto} por defecto)` });
const comun = {
  formato: { ...s.enum(['svg', 'png']), description: 'svg (image/svg+xml) o png (image/png); sin él, según Accept (SVG por defecto)' },
  desde: { ...s.date(), description: 'Primer día del eje de fechas (AAAA-MM-DD); sin él, el del primer punto' },
  hasta: { ...s.date(), description: 'Último día del eje de fechas (AAAA-MM-DD), no anterior a desde; sin él, el del último punto' },
  ancho: medida(TAMANO.ancho, 'Ancho'),
  alto: medida(TAMANO.alto, 'Alto'),
};
interface Consulta { formato?: 'svg' | 'png'; desde?: string; hasta?: string; ancho?: string; alto?: string; instrumento?: string }

const imagen = {
  200: {
    description: 'La gráfica (sin datos en el periodo: los ejes y el aviso «Sin datos en este periodo»)',
    contentType: 'image/svg+xml', schema: s.string(),
    alternatives: [{ contentType: 'image/png', schema: s.string({ format: 'binary' }) }],
    headers: { 'Cache-Control': { description: 'private, no-store: datos de salud', schema: { type: 'string' } } },
  },
};

/** The range asked for: real dates, desde not after hasta. */
function rangoDe(q: Consulta): Rango {
  for (const d of [q.desde, q.hasta]) if (d !== undefined && !isValidDate(d)) throw errors.invalid('Fecha no válida', 'Invalid date');
  if (q.desde && q.hasta && q.desde > q.hasta) throw errors.invalid('desde no puede ser posterior a hasta', 'desde cannot be after hasta');
  return { desde: q.desde, hasta: q.hasta };
}

function formatoDe(ctx: Context, q: Consulta): 'svg' | 'png' {
  if (q.formato) return q.formato;
  return ctx.accepts('image/svg+xml', 'image/png') === 'image/png' ? 'png' : 'svg';
}

export function demasiados<T>(filas: T[]): T[] {
  if (filas.length > MAX_PUNTOS) {
    throw errors.invalid(`Demasiados registros para una gráfica (más de ${MAX_PUNTOS}): acota el periodo con desde y hasta`, `Too many records for one chart (over ${MAX_PUNTOS}): narrow the period with desde and hasta`);
  }
  return filas;
}

/** The chart in the format asked for; an empty range still draws its axes, with a notice. Reads by others than the patient are logged. */
async function responder(deps: AppDeps, ctx: Context, q: Consulta, g: Grafico, acceso: { recurso: Recurso; idPaciente: number }): Promise<void> {
  await recordAccess(deps, ctx, acceso.recurso, [acceso.idPaciente]);
  const tamano = { ancho: Number(q.ancho ?? TAMANO.ancho.defecto), alto: Number(q.alto ?? TAMANO.alto.defecto) };
  // With no point and no range, the axis ends today in the practice's zone (not the server's).
  const hoy = localDate(deps.clock.now(), deps.config.practiceTimezone);
  const grafico = g.puntos.length || g.desde || g.hasta ? g : { ...g, hasta: hoy };
  const formato = formatoDe(ctx, q);
  const svg = await graficoSvg(grafico, tamano);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.vary('Accept');
  if (formato === 'png') {
    ctx.type = 'image/png';
    ctx.body = await graficoPng(svg);
  } else {
    ctx.type = 'image/svg+xml';
    ctx.body = svg;
  }
}

/** The patient, if the caller may see them (themself, their psychologist, an administrator); 404 otherwise. */
async function paciente(deps: AppDeps, ctx: Context, id: number): Promise<number> {
  const p = await pacienteDeGrafico(deps.knex, id);
  if (!p || !inScope(caller(ctx), p)) throw errors.notFound('Paciente', 'Patient');
  return id;
}

const roles: RouteDef['auth'] = ['ADMIN', 'PSICOLOGO', 'PACIENTE'];
const quien = 'El propio paciente, su psicólogo o un administrador (acceso registrado salvo el del propio paciente); el paciente de otro psicólogo es 404.';

export function graficosRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'get', path: '/api/pacientes/:id/graficos/diario', operationId: 'getGraficoDiario', tag: TAG, auth: roles,
      summary: 'Gráfica de la intensidad del diario emocional a lo largo del tiempo (SVG o PNG)', description: quien,
      query: s.object(comun), responses: imagen,
      handler: async (ctx, { params, query }: { params: Record<string, number>; query: Consulta }) => {
        const r = rangoDe(query);
        const id = await paciente(deps, ctx, params.id);
        const g = graficoDiario(demasiados(await puntosDiario(deps.knex, id, r, MAX_PUNTOS)), r);
        await responder(deps, ctx, query, g, { recurso: 'DIARIO', idPaciente: id });
      },
    },
    {
      method: 'get', path: '/api/pacientes/:id/graficos/progreso', operationId: 'getGraficoProgreso', tag: TAG, auth: roles,
      summary: 'Gráfica de los niveles de estrés, ansiedad y ánimo a lo largo del tiempo (SVG o PNG)', description: quien,
      query: s.object(comun), responses: imagen,
      handler: async (ctx, { params, query }: { params: Record<string, number>; query: Consulta }) => {
        const r = rangoDe(query);
        const id = await paciente(deps, ctx, params.id);
        const g = graficoProgreso(demasiados(await puntosProgreso(deps.knex, id, r, MAX_PUNTOS)), r);
        await responder(deps, ctx, query, g, { recurso: 'PROGRESO', idPaciente: id });
      },
    },
    puntuacionesRoute(deps),
  ];
}

const instrumentoQuery: JsonSchema = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$', example: 'PHQ-9', description: 'Código del instrumento (PHQ-9, GAD-7...)' };

function puntuacionesRoute(deps: AppDeps): RouteDef {
  return {
    method: 'get', path: '/api/pacientes/:id/graficos/puntuaciones', operationId: 'getGraficoPuntuaciones', tag: TAG, auth: roles,
    summary: 'Gráfica de las puntuaciones de un instrumento (PHQ-9, GAD-7) con sus bandas de gravedad y las alertas de seguridad marcadas (SVG o PNG)',
    description: `${quien} Instrumento desconocido: 404.`,
    query: s.object({ instrumento: instrumentoQuery, ...comun }, ['instrumento']), responses: imagen,
    handler: async (ctx, { params, query }: { params: Record<string, number>; query: Consulta }) => {
      const r = rangoDe(query);
      const id = await paciente(deps, ctx, params.id);
      const serie = await seriePuntuaciones(deps.knex, id, query.instrumento!);
      if (!serie) throw errors.notFound('Instrumento', 'Instrument');
      const g = graficoPuntuaciones(serie, r);
      demasiados(g.puntos);
      await responder(deps, ctx, query, g, { recurso: 'CUESTIONARIOS', idPaciente: id });
    },
  };
}
