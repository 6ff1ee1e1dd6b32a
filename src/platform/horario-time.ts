import { DateTime } from 'luxon';
import type { Plantilla } from '../events/horario.ts';
import { tramoCita } from './agenda-time.ts';
import { fromWall, knownZone, offsetAt, parseLocal, plusDays, startOfDay, type Zoned } from './zone-clock.ts';

// Working hours as instants. The booking decision and the free-slot list both judge a time with
// `dentroDeHorario`, so what the list offers is what a booking accepts.

/** `HH:MM`, 00:00 to 24:00 (only an end may be 24:00: the next midnight). */
export const HORA_LABORAL_PATTERN = '^(([01]\\d|2[0-3]):[0-5]\\d|24:00)$';

export interface Span {
  inicio: number;
  fin: number;
}

/** Minutes of the wall clock since midnight of `HH:MM`. */
export const minutos = (hora: string) => Number(hora.slice(0, 2)) * 60 + Number(hora.slice(3, 5));

/**
 * The instant a local date shows `HH:MM` (24:00: the next midnight). A time inside the hour skipped
 * when summer time starts is the instant the clock resumes (luxon moves it forward); a repeated
 * hour takes luxon's offset, the same one every booking uses.
 */
function instante(fecha: string, hora: string, zone: string): number {
  const f = knownZone(zone) ? parseLocal(fecha) : null;
  const t = f && hora !== '24:00' ? parseLocal(`${fecha}T${hora}`) : null;
  if (f && hora === '24:00') return siguienteDia(medianoche(f, zone), zone).ts;
  if (t) return fromWall(t, zone).ts;
  const day = DateTime.fromISO(fecha, { zone }).startOf('day');
  if (hora === '24:00') return day.plus({ days: 1 }).startOf('day').toMillis();
  return DateTime.fromISO(`${fecha}T${hora}`, { zone }).toMillis();
}

/** luxon's DateTime.fromISO(fecha, { zone }).startOf('day'). */
const medianoche = (f: NonNullable<ReturnType<typeof parseLocal>>, zone: string): Zoned => startOfDay(fromWall(f, zone), zone);
/** luxon's day.plus({ days: 1 }).startOf('day'). */
const siguienteDia = (day: Zoned, zone: string): Zoned => startOfDay(plusDays(day, 1, zone), zone);

/** The weekday (1 = Monday .. 7 = Sunday) of a local date. */
export function diaSemana(fecha: string): number {
  const f = parseLocal(fecha);
  return f && fecha.length === 10 ? new Date(Date.UTC(f.year, f.month - 1, f.day)).getUTCDay() || 7 : DateTime.fromISO(fecha, { zone: 'UTC' }).weekday;
}

export const vigente = (p: Plantilla, fecha: string) => fecha >= p.desde && (p.hasta === null || fecha <= p.hasta);

/** The working intervals of a local date as instants; none outside the template's dates. */
export function tramosLaborables(p: Plantilla, fecha: string, zone: string): Span[] {
  if (!vigente(p, fecha)) return [];
  const dia = p.dias.find((d) => d.dia === diaSemana(fecha));
  return (dia?.intervalos ?? []).map((i) => ({ inicio: instante(fecha, i.horaInicio, zone), fin: instante(fecha, i.horaFin, zone) }));
}

/**
 * True when the appointment lies inside one working interval of the local date it starts on.
 * A time that cannot be placed is left to the appointment's own checks (true).
 */
export function dentroDeHorario(p: Plantilla, startDatetime: string, durationMinutes: number, zone: string): boolean {
  const t = tramoCita(startDatetime, durationMinutes, zone);
  if (!t) return true;
  return cabe(tramosLaborables(p, startDatetime.slice(0, 10), zone), Date.parse(t.inicio), Date.parse(t.fin));
}

/** True when `[inicio, fin)` lies inside one of the working spans. */
export const cabe = (spans: Span[], inicio: number, fin: number) => spans.some((s) => s.inicio <= inicio && fin <= s.fin);

export interface Situado extends Span {
  endDatetime: string;
}

/**
 * `tramoCita` for many times at once: luxon costs about a millisecond per call, so on a local date
 * whose UTC offset stays the same from its midnight to noon of the next day (a span longer than any
 * appointment reaches) the instant is plain arithmetic; on the days of a DST change, luxon itself.
 */
export function localizador(zone: string): (local: string, durationMinutes: number) => Situado | null {
  const offsets = new Map<string, number | null>();
  const offsetFijo = (fecha: string): number | null => {
    let o = offsets.get(fecha);
    if (o === undefined) {
      const f = knownZone(zone) && fecha.length === 10 ? parseLocal(fecha) : null;
      let checks: number[];
      if (f) {
        const d = medianoche(f, zone);
        const next = siguienteDia(d, zone);
        checks = [d.o, next.o, offsetAt(zone, next.ts + 12 * 3_600_000)];
      } else {
        const d = DateTime.fromISO(fecha, { zone }).startOf('day');
        checks = [d, d.plus({ days: 1 }).startOf('day'), d.plus({ days: 1 }).startOf('day').plus({ hours: 12 })].map((x) => x.offset);
      }
      o = checks.every((x) => x === checks[0]) ? checks[0] : null;
      offsets.set(fecha, o);
    }
    return o;
  };
  return (local, durationMinutes) => {
    const o = offsetFijo(local.slice(0, 10));
    if (o === null) {
      const t = tramoCita(local, durationMinutes, zone);
      return t && { inicio: Date.parse(t.inicio), fin: Date.parse(t.fin), endDatetime: t.endDatetime };
    }
    const wall = Date.parse(`${local.slice(0, 19)}Z`);
    const inicio = wall - o * 60_000;
    return { inicio, fin: inicio + durationMinutes * 60_000, endDatetime: new Date(wall + durationMinutes * 60_000).toISOString().slice(0, 19) };
  };
}
