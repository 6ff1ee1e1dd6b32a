// Server-side charts: Vega-Lite compiled to Vega, drawn as SVG by Vega's own renderer (no canvas
// needed), and rasterised to PNG by resvg with the font loaded from a file (src/platform/charts/fuente.ts).
import { compile } from 'vega-lite';
import { parse, View, type Runtime } from 'vega';
import { renderAsync } from '@resvg/resvg-js';
import type { Grafico, PuntoGrafico, Tamano } from './tipos.ts';
import { DATOS, SENALES, conAlertas, especificacion, formaDe } from './especificacion.ts';
import { FAMILIA, FUENTES } from './fuente.ts';
import { LOCALE_ES } from './locale.ts';

export const SIN_DATOS = 'Sin datos en este periodo';
const DIA_MS = 86_400_000;

// Compiling, parsing and building a view's dataflow cost more than drawing: per kind of chart (its
// title, axis, series and bands; never the data) one parsed spec and a few idle views, kept for the
// life of the process, each view reused with new data, range and size. A view draws one chart at a
// time (toSVG awaits), so concurrent requests take one each. Kinds are few (a chart per read model
// and per instrument); the bounds only guard against a bug that would make them many.
interface Clase { runtime: Runtime; libres: View[] }
const clases = new Map<string, Clase>();
const MAX_CLASES = 64;
const MAX_LIBRES = 4;

function claseDe(g: Grafico, series: string[]): Clase {
  const forma = formaDe(g, series);
  const key = JSON.stringify(forma);
  let c = clases.get(key);
  if (!c) {
    c = { runtime: parse(compile(especificacion(forma)).spec), libres: [] };
    if (clases.size >= MAX_CLASES) clases.delete(clases.keys().next().value!);
    clases.set(key, c);
  }
  return c;
}

/** A local date or date-time as milliseconds on a UTC scale: drawn as written, no zone applied. */
export function instante(fecha: string): number {
  const [d, t = '00:00:00'] = fecha.split('T');
  const [y, m, day] = d.split('-').map(Number);
  const [hh, mm, ss = 0] = t.split(':').map(Number);
  return Date.UTC(y, m - 1, day, hh, mm, ss);
}

/** The time axis: the range asked for, else the points' own; never a single instant. */
function dominio(g: Grafico): [number, number] {
  const ts = g.puntos.map((p) => instante(p.fecha));
  let a = g.desde ? instante(g.desde) : ts.length ? Math.min(...ts) : undefined;
  let b = g.hasta ? instante(g.hasta) + DIA_MS - 1 : ts.length ? Math.max(...ts) : undefined;
  if (a === undefined && b === undefined) b = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  if (a === undefined) a = b! - 30 * DIA_MS;
  if (b === undefined) b = a + 30 * DIA_MS;
  return b - a < DIA_MS ? [a - DIA_MS, b + DIA_MS] : [a, b];
}

const fila = (p: PuntoGrafico) => ({ t: instante(p.fecha), valor: p.valor, serie: p.serie });

/** The chart as an SVG document of exactly the given size. */
export async function graficoSvg(g: Grafico, tamano: Tamano): Promise<string> {
  const series = [...new Set(g.puntos.map((p) => p.serie))];
  const clase = claseDe(g, series.length ? series : [g.ejeY.titulo]);
  const view = clase.libres.pop() ?? new View(clase.runtime, { renderer: 'none', locale: LOCALE_ES } as never);
  let reutilizable = false;
  try {
    const [desde, hasta] = dominio(g);
    // Half a step beyond each band's ends: integer scores, so adjacent bands meet with no gap.
    const bandas = (g.bandas ?? []).map((b) => ({ nombre: b.nombre, min: Math.max(g.ejeY.min, b.min - 0.5), max: Math.min(g.ejeY.max, b.max + 0.5) }));
    // Every data set of the kind is set each time: nothing of the previous chart stays.
    view
      .data(DATOS.puntos, g.puntos.map(fila))
      .data(DATOS.mensaje, g.puntos.length ? [] : [{ texto: SIN_DATOS }])
      .signal(SENALES.desde, desde).signal(SENALES.hasta, hasta)
      .width(tamano.ancho).height(tamano.alto);
    if (g.bandas !== undefined) view.data(DATOS.bandas, bandas);
    if (conAlertas(g)) view.data(DATOS.alertas, g.puntos.filter((p) => p.alerta).map(fila));
    const svg = await view.toSVG();
    reutilizable = true;
    return svg;
  } finally {
    if (reutilizable && clase.libres.length < MAX_LIBRES) clase.libres.push(view);
    else view.finalize();
  }
}

/** The SVG rasterised at its own size, off the event loop (resvg's thread pool). */
export async function graficoPng(svg: string): Promise<Buffer> {
  const img = await renderAsync(svg, {
    font: { loadSystemFonts: false, fontFiles: FUENTES, defaultFontFamily: FAMILIA, sansSerifFamily: FAMILIA },
    fitTo: { mode: 'original' },
  });
  return img.asPng();
}
