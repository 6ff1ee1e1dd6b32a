import type { TopLevelSpec } from 'vega-lite';
import type { Grafico } from './tipos.ts';
import { FAMILIA } from './fuente.ts';

// The Vega-Lite description of a chart, without its data: points, alerts, bands and the empty
// message are named data sets filled per request (src/platform/charts/render.ts), so that charts
// of one kind share one compiled and parsed spec, whatever their data and size.

/** Named data sets and signals the render fills. */
export const DATOS = { puntos: 'puntos', alertas: 'alertas', bandas: 'bandas', mensaje: 'mensaje' } as const;
export const SENALES = { desde: 'desdeT', hasta: 'hastaT' } as const;

// Bands from the mildest to the most severe: green, yellow, orange, red (ColorBrewer RdYlGn).
const COLORES_BANDA = ['#1a9850', '#91cf60', '#fee08b', '#fc8d59', '#d73027'];
const COLOR_ALERTA = '#b2182b';

/** What the spec depends on besides data: the cache key of the compiled chart. */
export type Forma = Pick<Grafico, 'titulo' | 'ejeY'> & { series: string[]; bandas: string[]; conAlertas: boolean };

/** Charts with bands (an instrument's) always have an alert layer, empty or not: one kind per instrument. */
export const conAlertas = (g: Grafico) => g.bandas !== undefined || g.puntos.some((p) => p.alerta);

export function formaDe(g: Grafico, series: string[]): Forma {
  return { titulo: g.titulo, ejeY: g.ejeY, series, bandas: (g.bandas ?? []).map((b) => b.nombre), conAlertas: conAlertas(g) };
}

function colorBandas(n: number): string[] {
  if (n <= 1) return COLORES_BANDA.slice(0, n);
  return Array.from({ length: n }, (_, i) => COLORES_BANDA[Math.round((i * (COLORES_BANDA.length - 1)) / (n - 1))]);
}

export function especificacion(f: Forma): TopLevelSpec {
  const x = {
    field: 't', type: 'temporal', title: 'Fecha',
    scale: { type: 'utc', domain: [{ expr: SENALES.desde }, { expr: SENALES.hasta }] },
    axis: { labelOverlap: true, grid: false },
  } as const;
  const y = { field: 'valor', type: 'quantitative', title: f.ejeY.titulo, scale: { domain: [f.ejeY.min, f.ejeY.max], nice: false, zero: false } } as const;
  const color = { field: 'serie', type: 'nominal', title: 'Serie', scale: { domain: f.series }, legend: f.series.length > 1 ? {} : null } as const;
  const layer: any[] = [];
  if (f.bandas.length > 0) {
    layer.push({
      data: { name: DATOS.bandas }, name: 'bandas', mark: { type: 'rect', opacity: 0.25 },
      encoding: {
        y: { field: 'min', type: 'quantitative', scale: y.scale, title: y.title }, y2: { field: 'max' },
        fill: { field: 'nombre', type: 'nominal', title: 'Gravedad', scale: { domain: f.bandas, range: colorBandas(f.bandas.length) } },
      },
    });
  }
  layer.push(
    { data: { name: DATOS.puntos }, name: 'lineas', mark: { type: 'line', strokeWidth: 1.5 }, encoding: { x, y, color } },
    { data: { name: DATOS.puntos }, name: 'puntos', mark: { type: 'point', filled: true, size: 30, opacity: 1 }, encoding: { x, y, color } },
  );
  if (f.conAlertas) {
    layer.push({
      data: { name: DATOS.alertas }, name: 'alertas', mark: { type: 'point', shape: 'triangle-up', size: 140, filled: true, color: COLOR_ALERTA, stroke: 'white', strokeWidth: 1 },
      encoding: { x, y },
    });
  }
  layer.push({
    data: { name: DATOS.mensaje }, name: 'mensaje', mark: { type: 'text', fontSize: 14, color: '#555' },
    encoding: { x: { value: { expr: 'width / 2' } }, y: { value: { expr: 'height / 2' } }, text: { field: 'texto' } },
  });
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: f.titulo, ...(f.conAlertas ? { subtitle: '▲ alerta de seguridad', subtitleColor: COLOR_ALERTA } : {}) },
    width: 800, height: 400, padding: 8,
    autosize: { type: 'fit', contains: 'padding' },
    background: 'white',
    // No ARIA descriptions: one formatted label per point would cost more than drawing it, and an image's
    // reader gets the numbers from the JSON reads.
    config: { font: FAMILIA, view: { stroke: '#ddd' }, aria: false },
    params: [{ name: SENALES.desde, value: 0 }, { name: SENALES.hasta, value: 1 }],
    layer,
    resolve: { scale: { fill: 'independent' } },
  } as TopLevelSpec;
}
