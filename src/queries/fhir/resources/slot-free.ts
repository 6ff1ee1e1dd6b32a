import { agendasLibres, fechas } from '../../disponibilidad.ts';
import { fhirDateTimeAt } from '../format.ts';
import { META_COLUMNS, metaOf } from '../meta.ts';
import type { FhirDb, FhirMeta, FhirResource, FhirViewer } from '../types.ts';
import { horizon } from './schedule.ts';
import { localDate, MAX_SLOT_DAYS } from './slot-window.ts';

// Free Slots: the REST free-slot computation (src/queries/disponibilidad.ts) for a few agendas at
// once, a local date at a time. A search computes the dates its page needs, not all 31: a page of
// 50 from ten full agendas is usually one date; it reports the agenda-days it computed (its cost).

/** The duration of the free time offered, as the REST endpoint's default. */
const DURACION = 50;

/** A Slot and its start (ms), the search's sort key with its id. */
export interface Keyed {
  at: number;
  res: FhirResource;
}

export const byStart = (a: Keyed, b: Keyed) => a.at - b.at || (a.res.id < b.res.id ? -1 : a.res.id > b.res.id ? 1 : 0);

export interface FreeTime {
  /** Agendas asked for (the cost of one date is this many agenda-days). */
  agendas: number;
  /** The free Slots of one local date of every agenda, by start then id. */
  day(fecha: string): Keyed[];
}

async function metas(rc: FhirDb, ids: number[]): Promise<Map<number, FhirMeta>> {
  const rows = await rc.knex('fhir_versiones as v').whereIn('v.stream_id', ids.map((id) => `horario-${id}`)).select('v.stream_id', ...META_COLUMNS);
  return new Map(rows.map((r: Record<string, any>) => [Number(String(r.stream_id).slice('horario-'.length)), metaOf(r)]));
}

/** Free time of the psychologists `ids` (unknown ones have none) over desde..hasta, as the REST endpoint finds it for this viewer. */
export async function freeTime(rc: FhirDb, viewer: FhirViewer, ids: number[], desde: string, hasta: string): Promise<FreeTime> {
  const known: number[] = (await rc.knex('psicologos').whereIn('id_psicologo', ids).pluck('id_psicologo')).map(Number);
  const { now } = horizon(rc);
  const [dias, meta] = await Promise.all([
    agendasLibres(rc.knex, {
      ids: known, idPaciente: viewer.scope.kind === 'paciente' ? viewer.scope.idPaciente : null, desde, hasta, duracion: DURACION,
      zone: rc.zone, now: now.getTime(), horizonDays: rc.bookingHorizonDays ?? 730,
    }),
    known.length ? metas(rc, known) : new Map<number, FhirMeta>(),
  ]);
  return {
    agendas: ids.length,
    day(fecha) {
      const out: Keyed[] = [];
      for (const [id, dia] of dias) {
        const m = meta.get(id) ?? metaOf({});
        for (const h of dia(fecha)) {
          out.push({
            at: h.inicio,
            res: {
              resourceType: 'Slot', id: `${id}-${h.startDatetime.slice(0, 16).replace(/[-T:]/g, '')}`, meta: m, schedule: { reference: `Schedule/${id}` },
              status: 'free', start: fhirDateTimeAt(h.startDatetime, h.inicio, rc.zone), end: fhirDateTimeAt(h.endDatetime, h.fin, rc.zone),
            },
          });
        }
      }
      return out.sort(byStart);
    },
  };
}

/**
 * The free Slots a page needs: dates from the first the page can hold (the cursor's, on a later
 * page) until more than `count` slots pass `keep`. Every free slot of a date starts before any of
 * the next date's, so those are exactly the first free slots of the search.
 */
export async function freePage(
  rc: FhirDb, viewer: FhirViewer, ids: number[], range: { desde: string; hasta: string; after: number | null }, count: number, keep: (k: Keyed) => boolean,
): Promise<{ free: Keyed[]; cost: number }> {
  const desde = range.after === null ? range.desde : maxDate(range.desde, localDate(range.after, rc.zone));
  const dates = fechas(desde, range.hasta);
  if (dates.length === 0 || ids.length === 0) return { free: [], cost: 0 };
  const ft = await freeTime(rc, viewer, ids, desde, range.hasta);
  const free: Keyed[] = [];
  let days = 0;
  for (const fecha of dates) {
    days += 1;
    for (const k of ft.day(fecha)) if (keep(k)) free.push(k);
    if (free.length > count) break;
  }
  return { free, cost: days * ft.agendas };
}

const maxDate = (a: string, b: string) => (a > b ? a : b);

/**
 * The most agenda-days a search of a window `ms` long may compute, what its caller is charged
 * before it runs: the local dates such a window touches, one more than its whole days (at most 32;
 * across a 23-hour day it may touch one more, left uncharged), by arithmetic, so that a refused
 * search costs next to nothing (luxon or Intl here was most of a refusal's time).
 */
export const freeCost = (ids: number[], ms: number) => ids.length * Math.min(MAX_SLOT_DAYS + 1, Math.floor(Math.max(0, ms - 1) / 86_400_000) + 2);
