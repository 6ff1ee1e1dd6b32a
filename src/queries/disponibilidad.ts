import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { Plantilla } from '../events/horario.ts';
import { cabe, diaSemana, localizador, minutos, tramosLaborables, vigente, type Situado, type Span } from '../platform/horario-time.ts';

// Free slots: working hours minus live appointments minus blocked time, judged exactly as a booking
// is (src/commands/horario.ts, src/commands/agenda.ts), from read models bounded by the date range.

/** Candidate starts every 15 minutes of the wall clock, from the start of each working interval. */
export const PASO_MINUTOS = 15;

export interface Consulta {
  idPsicologo: number;
  /** The caller's patient id: their own appointments (with any psychologist) are busy too. */
  idPaciente: number | null;
  desde: string;
  hasta: string;
  duracion: number;
  zone: string;
  now: number;
  horizonDays: number;
}

type Row = Record<string, any>;

/** A bookable start and its local end (`durationMinutes` of real time later). */
export interface HuecoLibre {
  startDatetime: string;
  endDatetime: string;
}

/** A free slot with its instants (ms): what FHIR writes with the zone's offset, without luxon. */
export interface HuecoSituado extends HuecoLibre {
  inicio: number;
  fin: number;
}

export async function findPlantilla(knex: Knex, idPsicologo: number): Promise<Plantilla | null> {
  const row: Row | undefined = await knex('horarios_laborales').where({ id_psicologo: idPsicologo }).first();
  return row ? { desde: row.desde, hasta: row.hasta ?? null, dias: row.dias } : null;
}

const dayBefore = (fecha: string) => DateTime.fromISO(fecha, { zone: 'UTC' }).minus({ days: 1 }).toFormat('yyyy-LL-dd');

/** A range's search for several psychologists at once (the FHIR Slot search asks for up to ten). */
export interface ConsultaAgendas extends Omit<Consulta, 'idPsicologo'> {
  ids: number[];
}

/**
 * Occupied spans of the range per psychologist, in two queries for all of them: appointments may
 * start the day before (one crossing midnight); the caller's own appointments (a patient's, with
 * any psychologist) are busy in every agenda.
 */
async function ocupados(knex: Knex, q: ConsultaAgendas, situar: ReturnType<typeof localizador>): Promise<Map<number, Span[]>> {
  const desde = dayBefore(q.desde);
  const citas = knex('citas').whereNot('estado', 'CANCELADA').where('fecha', '>=', desde).where('fecha', '<=', q.hasta)
    .where((w) => {
      w.whereIn('id_psicologo', q.ids);
      if (q.idPaciente !== null) w.orWhere('id_paciente', q.idPaciente);
    })
    .select('id_psicologo', 'id_paciente', 'start_datetime', 'duration_minutes');
  const bloqueos = knex('bloqueos').whereIn('id_psicologo', q.ids).where('fecha', '>=', desde).where('fecha', '<=', q.hasta).select('id_psicologo', 'inicio', 'fin');
  const [cs, bs]: Row[][] = await Promise.all([citas, bloqueos]);
  const spans = new Map<number, Span[]>(q.ids.map((id) => [id, []]));
  for (const b of bs) spans.get(b.id_psicologo)?.push({ inicio: new Date(b.inicio).getTime(), fin: new Date(b.fin).getTime() });
  for (const c of cs) {
    const t = situar(c.start_datetime, c.duration_minutes);
    if (!t) continue;
    if (q.idPaciente !== null && c.id_paciente === q.idPaciente) for (const list of spans.values()) list.push(t);
    else spans.get(c.id_psicologo)?.push(t);
  }
  return spans;
}

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The wall-clock candidates of one local date, in order (intervals are stored sorted). */
function candidatos(p: Plantilla, fecha: string, duracion: number): string[] {
  if (!vigente(p, fecha)) return [];
  const dia = p.dias.find((d) => d.dia === diaSemana(fecha));
  const out: string[] = [];
  for (const i of dia?.intervalos ?? []) {
    for (let m = minutos(i.horaInicio); m + Math.min(duracion, PASO_MINUTOS) <= minutos(i.horaFin) && m < 24 * 60; m += PASO_MINUTOS) {
      out.push(`${fecha}T${hhmm(m)}:00`);
    }
  }
  return out;
}

/** The local dates desde..hasta inclusive (plain UTC date arithmetic: no zone is involved). */
export function fechas(desde: string, hasta: string): string[] {
  const out: string[] = [];
  const start = Date.parse(`${desde}T00:00:00Z`);
  if (!Number.isFinite(start)) return out;
  for (let t = start, d = desde; d <= hasta; t += 86_400_000, d = new Date(t).toISOString().slice(0, 10)) out.push(d);
  return out;
}

/**
 * Whether a span overlaps any of `busy` (the rule of `overlaps`: `a.inicio < b.fin && b.inicio <
 * a.fin`), in O(log n) per question after one O(n log n) sort: the spans that start before `t`
 * ends are a prefix of the sorted list, and one of them overlaps `t` exactly when the latest end in
 * that prefix is after `t` starts. A scan of every span per candidate was quadratic: thousands of
 * short appointments in the range held the event loop for most of a second.
 */
export function ocupacion(busy: Span[]): (t: Span) => boolean {
  const sorted = [...busy].sort((a, b) => a.inicio - b.inicio);
  const inicios = Float64Array.from(sorted, (s) => s.inicio);
  const finMaximo = new Float64Array(sorted.length);
  let max = -Infinity;
  for (const [i, s] of sorted.entries()) finMaximo[i] = max = Math.max(max, s.fin);
  return (t) => {
    let lo = 0;
    let hi = inicios.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (inicios[mid] < t.fin) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && finMaximo[lo - 1] > t.inicio;
  };
}

/** The candidates of one date that a booking would accept, given the occupied spans. */
function libresDelDia(p: Plantilla, fecha: string, q: Omit<Consulta, 'idPsicologo'>, ocupado: (t: Span) => boolean, situar: ReturnType<typeof localizador>): HuecoSituado[] {
  const laborables = tramosLaborables(p, fecha, q.zone);
  const limite = q.now + q.horizonDays * 86_400_000;
  const out: HuecoSituado[] = [];
  for (const local of candidatos(p, fecha, q.duracion)) {
    const t: Situado | null = situar(local, q.duracion);
    // Null: a wall-clock time the zone skips, which a booking refuses (400).
    if (!t || t.inicio <= q.now || t.inicio > limite || !cabe(laborables, t.inicio, t.fin)) continue;
    if (!ocupado(t)) out.push({ startDatetime: local, endDatetime: t.endDatetime, inicio: t.inicio, fin: t.fin });
  }
  return out;
}

/** The free slots of one psychologist's local date. */
export type DiaLibre = (fecha: string) => HuecoSituado[];

/**
 * Free time of several psychologists over desde..hasta, computed one local date at a time when
 * asked (a search that needs one page computes the days of that page only); psychologists without
 * working hours are left out. Five queries in all, however many psychologists and days.
 */
export async function agendasLibres(knex: Knex, q: ConsultaAgendas): Promise<Map<number, DiaLibre>> {
  if (q.ids.length === 0) return new Map();
  const rows: Row[] = await knex('horarios_laborales').whereIn('id_psicologo', q.ids);
  const situar = localizador(q.zone);
  const busy = await ocupados(knex, q, situar);
  const out = new Map<number, DiaLibre>();
  for (const row of rows) {
    const plantilla: Plantilla = { desde: row.desde, hasta: row.hasta ?? null, dias: row.dias };
    const ocupado = ocupacion(busy.get(row.id_psicologo) ?? []);
    out.set(row.id_psicologo, (fecha) => (fecha >= q.desde && fecha <= q.hasta ? libresDelDia(plantilla, fecha, q, ocupado, situar) : []));
  }
  return out;
}

/**
 * Start times (`YYYY-MM-DDTHH:mm:ss`) a booking of `duracion` minutes would accept: the same
 * working spans and containment test as the booking's check (src/commands/horario.ts), the same
 * overlap rule as the agenda's. A wall-clock time the zone skips is never offered; one it repeats
 * is offered once, at the instant a booking of that text takes.
 */
export async function huecosLibres(knex: Knex, q: Consulta): Promise<HuecoLibre[]> {
  const dia = (await agendasLibres(knex, { ...q, ids: [q.idPsicologo] })).get(q.idPsicologo);
  return dia ? fechas(q.desde, q.hasta).flatMap((fecha) => dia(fecha).map((h) => ({ startDatetime: h.startDatetime, endDatetime: h.endDatetime }))) : [];
}
