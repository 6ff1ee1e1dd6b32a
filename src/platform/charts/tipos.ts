/**
 * What a chart draws, independent of where the numbers come from: points over time (one or more
 * series), optional shaded bands on the value axis and points marked as alerts. Dates are the
 * practice's local dates or date-times (AAAA-MM-DD or AAAA-MM-DDTHH:mm[:ss]), drawn as they are
 * written (no time zone applied).
 */
export interface Grafico {
  titulo: string;
  ejeY: { titulo: string; min: number; max: number };
  puntos: PuntoGrafico[];
  /** Value ranges shaded behind the points (an instrument's severity bands), lowest first. */
  bandas?: BandaGrafico[];
  /** The time axis; each end defaults to the first or last point. */
  desde?: string;
  hasta?: string;
}

export interface PuntoGrafico {
  fecha: string;
  valor: number;
  /** Which line the point belongs to (named in the legend when there is more than one). */
  serie: string;
  /** Drawn with an alert marker on top (a safety alert raised by that answer). */
  alerta?: boolean;
}

export interface BandaGrafico {
  nombre: string;
  /** Inclusive range of the value axis. */
  min: number;
  max: number;
}

/** The image's size in pixels, the whole of it (title, axes and legend included). */
export interface Tamano {
  ancho: number;
  alto: number;
}
