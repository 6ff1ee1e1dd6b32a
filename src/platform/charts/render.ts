// Server-side charts: Vega-Lite compiled to Vega, drawn as SVG by Vega's own renderer (no canvas
// needed), and rasterised to PNG by resvg with the font loaded from a file (src/platform/charts/fuente.ts).
import { compile } from 'vega-lite';
import { parse, View, type Runtime } from 'vega';
import { renderAsync } from '@resvg/resvg-js';
import type { Grafico, PuntoGrafico, Tamano } from './tipos.ts';
import { DATOS, SENALES, especificacion, formaDe } from './especificacion.ts';
import { FAMILIA, FUENTES } from './fuente.ts';
import { LOCALE_ES } from './locale.ts';

export const SIN_DATOS = 'Sin datos en este periodo';
const DIA_MS = 86_400_000;

// Compiling and parsing cost more than drawing: one parsed spec per kind of chart (its title, axis,
// series and bands; never the data), kept for the life of the process. Kinds are few (a chart per
// read model and per instrument); the bound only guards against a bug that would make them many.
const parsed = new Map<string, Runtime>();
const MAX_KINDS = 64;

function runtimeOf(g: Grafico, series: string[]): Runtime {
  const forma = formaDe(g, series);
  const key = JSON.stringify(forma);
  let r = parsed.get(key);
  if (!r) {
    r = parse(compile(especificacion(forma)).spec);
    if (parsed.size >= MAX_KINDS) parsed.delete(parsed.keys().next().value!);
    parsed.set(key, r);
  }
  return r;
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
  const view = new View(runtimeOf(g, series.length ? series : [g.ejeY.titulo]), { renderer: 'none', locale: LOCALE_ES } as never);
  try {
    const [desde, hasta] = dominio(g);
    // Half a step beyond each band's ends: integer scores, so adjacent bands meet with no gap.
    const bandas = (g.bandas ?? []).map((b) => ({ nombre: b.nombre, min: Math.max(g.ejeY.min, b.min - 0.5), max: Math.min(g.ejeY.max, b.max + 0.5) }));
    view
      .data(DATOS.puntos, g.puntos.map(fila))
      .signal(SENALES.desde, desde).signal(SENALES.hasta, hasta)
      .width(tamano.ancho).height(tamano.alto);
    if (g.bandas !== undefined) view.data(DATOS.bandas, bandas);
    if (g.bandas !== undefined || g.puntos.some((p) => p.alerta)) view.data(DATOS.alertas, g.puntos.filter((p) => p.alerta).map(fila));
    view.data(DATOS.mensaje, g.puntos.length ? [] : [{ texto: SIN_DATOS }]);
    return await view.toSVG();
  } finally {
    view.finalize();
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
