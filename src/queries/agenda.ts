import type { Knex } from 'knex';
import { hhmm, monthBounds } from '../platform/agenda-time.ts';
import { preparedRows } from './prepared.ts';
import { compareKeys, type Key, type PartShape } from './paging.ts';

/** One entry of the monthly agenda. */
export interface AgendaEntry {
  fecha: string;
  horaInicio: string;
  horaFin: string;
  tipo: 'cita' | 'bloqueo';
  detalle: string;
  referenciaId: number;
}

export interface BloqueoView {
  idBloqueo: number;
  fecha: string;
  horaInicio: string;
  horaFin: string;
  motivo: string;
}

type Row = Record<string, any>;

const inMonth = (q: Knex.QueryBuilder, month: string) => {
  const { desde, hasta } = monthBounds(month);
  return q.where('fecha', '>=', desde).where('fecha', '<', hasta);
};

// Agendas and blocks are a month each, read whole and paged in memory (src/queries/paging.ts):
// they sort by the very key their cursors carry.
export const agendaKey = (e: AgendaEntry): Key => [e.fecha, e.horaInicio, e.tipo, e.referenciaId];
export const bloqueoKey = (b: BloqueoView): Key => [b.fecha, b.horaInicio, b.idBloqueo];
const FECHA = /^\d{4}-\d{2}-\d{2}$/;
const HORA = /^\d{2}:\d{2}(:\d{2})?$/;
export const AGENDA_KEY: PartShape[] = [FECHA, HORA, /^(cita|bloqueo)$/, 'id'];
export const BLOQUEO_KEY: PartShape[] = [FECHA, HORA, 'id'];

const byTime = (a: AgendaEntry, b: AgendaEntry) => compareKeys(agendaKey(a), agendaKey(b));

const bloqueosDe = (knex: Knex, idPsicologo: number, month: string): Promise<Row[]> =>
  inMonth(knex('bloqueos').where({ id_psicologo: idPsicologo }), month).select('*');

// One statement per agenda, prepared: the month's appointments and blocks together (`k` tells them
// apart); the columns are those the entries need. Text columns throughout, as in the tables.
// Exported, with `agendaEntries`, for the bench's read floor (bench/lib/floor-main.ts).
export const AGENDA_PACIENTE = `
  select 0 as k, c.fecha, c.start_datetime, c.end_datetime, c.estado, c.id_cita as id, null::text as hora_inicio, null::text as hora_fin, null::text as motivo
  from citas c where c.id_paciente = $1 and c.fecha >= $2 and c.fecha < $3
  union all
  select 1, b.fecha, null, null, null, b.id_bloqueo, b.hora_inicio, b.hora_fin, null
  from pacientes p join bloqueos b on b.id_psicologo = p.id_psicologo
  where p.id_paciente = $1 and b.fecha >= $2 and b.fecha < $3`;
const AGENDA_PSICOLOGO = `
  select 0 as k, c.fecha, c.start_datetime, c.end_datetime, c.estado, c.id_cita as id, null::text as hora_inicio, null::text as hora_fin, null::text as motivo
  from citas c where c.id_psicologo = $1 and c.fecha >= $2 and c.fecha < $3
  union all
  select 1, b.fecha, null, null, null, b.id_bloqueo, b.hora_inicio, b.hora_fin, b.motivo
  from bloqueos b where b.id_psicologo = $1 and b.fecha >= $2 and b.fecha < $3`;

// An appointment is one entry on the local date it starts; past midnight its horaFin is the next day's hour.
export function agendaEntries(rows: Row[], detalleBloqueo: ((r: Row) => string) | null): AgendaEntry[] {
  const out: AgendaEntry[] = [];
  for (const r of rows) {
    out.push(r.k === 0
      ? { fecha: r.fecha, horaInicio: hhmm(r.start_datetime), horaFin: hhmm(r.end_datetime), tipo: 'cita', detalle: r.estado, referenciaId: r.id }
      : { fecha: r.fecha, horaInicio: r.hora_inicio, horaFin: r.hora_fin, tipo: 'bloqueo', detalle: detalleBloqueo ? detalleBloqueo(r) : 'No disponible', referenciaId: r.id });
  }
  return out.sort(byTime);
}

/**
 * A patient's month: their appointments (any state; cancelled ones stay visible) and the blocked
 * time of their assigned psychologist, shown as "No disponible": the psychologist's motivo is theirs.
 */
export async function agendaPaciente(knex: Knex, idPaciente: number, month: string): Promise<AgendaEntry[]> {
  const { desde, hasta } = monthBounds(month);
  return agendaEntries(await preparedRows(knex, 'agenda_paciente', AGENDA_PACIENTE, [idPaciente, desde, hasta]), null);
}

/** A psychologist's month: every appointment of their practice and their blocks with their motivo. */
export async function agendaPsicologo(knex: Knex, idPsicologo: number, month: string): Promise<AgendaEntry[]> {
  const { desde, hasta } = monthBounds(month);
  return agendaEntries(await preparedRows(knex, 'agenda_psicologo', AGENDA_PSICOLOGO, [idPsicologo, desde, hasta]), (r) => r.motivo);
}

const bloqueoView = (r: Row): BloqueoView => ({ idBloqueo: r.id_bloqueo, fecha: r.fecha, horaInicio: r.hora_inicio, horaFin: r.hora_fin, motivo: r.motivo });

/** A psychologist's blocks of a month, in date order. */
export async function listBloqueos(knex: Knex, idPsicologo: number, month: string): Promise<BloqueoView[]> {
  const rows = await bloqueosDe(knex, idPsicologo, month);
  return rows.map(bloqueoView).sort((a, b) => compareKeys(bloqueoKey(a), bloqueoKey(b)));
}

export async function findBloqueo(knex: Knex, idBloqueo: number, idPsicologo: number): Promise<BloqueoView | null> {
  const row = await knex('bloqueos').where({ id_bloqueo: idBloqueo, id_psicologo: idPsicologo }).first();
  return row ? bloqueoView(row) : null;
}
