import type { Grafico } from '../../platform/charts/tipos.ts';
import type { PuntoDiario, PuntoProgreso, Rango } from '../../queries/graficos.ts';

// What each chart shows, in Spanish, from the rows its query read: the charts' titles, axes and
// series are fixed per kind (never the patient's name or any free text they wrote), so a chart
// kind's compiled spec is shared and nothing personal leaves through the labels.

export function graficoDiario(puntos: PuntoDiario[], r: Rango): Grafico {
  return {
    titulo: 'Diario emocional: intensidad', ejeY: { titulo: 'Intensidad (1–10)', min: 0, max: 10 }, ...r,
    puntos: puntos.map((p) => ({ fecha: p.fecha, valor: p.intensidad, serie: 'Intensidad' })),
  };
}

export function graficoProgreso(puntos: PuntoProgreso[], r: Rango): Grafico {
  return {
    titulo: 'Progreso emocional', ejeY: { titulo: 'Nivel (0–10)', min: 0, max: 10 }, ...r,
    puntos: puntos.flatMap((p) => [
      { fecha: p.fecha, valor: p.nivelEstres, serie: 'Estrés' },
      { fecha: p.fecha, valor: p.nivelAnsiedad, serie: 'Ansiedad' },
      { fecha: p.fecha, valor: p.nivelAnimo, serie: 'Ánimo' },
    ]),
  };
}

/**
 * An instrument's scores as the measures read them (src/queries/cuestionarios.ts,
 * `seriePuntuaciones`; docs/care.md): the chart depends on this shape only.
 */
export interface SeriePuntuaciones {
  instrumento: { codigo: string; minimo: number; maximo: number; bandas: { codigo: string; desde: number; hasta: number; etiqueta: { es: string } }[] };
  puntos: { fecha: string; puntuacion: number; banda: string; alerta: boolean }[];
}

/** The scores within the range (the series is a patient's whole history of one instrument). */
export function enRango<T extends { fecha: string }>(puntos: T[], r: Rango): T[] {
  return puntos.filter((p) => (!r.desde || p.fecha.slice(0, 10) >= r.desde) && (!r.hasta || p.fecha.slice(0, 10) <= r.hasta));
}

export function graficoPuntuaciones(s: SeriePuntuaciones, r: Rango): Grafico {
  const i = s.instrumento;
  return {
    titulo: `${i.codigo}: puntuación total`, ejeY: { titulo: `Puntuación (${i.minimo}–${i.maximo})`, min: i.minimo, max: i.maximo }, ...r,
    bandas: i.bandas.map((b) => ({ nombre: `${b.etiqueta.es} (${b.desde}–${b.hasta})`, min: b.desde, max: b.hasta })),
    puntos: enRango(s.puntos, r).map((p) => ({ fecha: p.fecha, valor: p.puntuacion, serie: i.codigo, alerta: p.alerta })),
  };
}
