import type { Knex } from 'knex';
import { hhmm, monthBounds } from '../platform/agenda-time.ts';

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

// An appointment is one entry on the local date it starts; past midnight its horaFin is the next day's hour.
const citaEntry = (r: Row): AgendaEntry => ({
  fecha: r.fecha, horaInicio: hhmm(r.start_datetime), horaFin: hhmm(r.end_datetime), tipo: 'cita', detalle: r.estado, referenciaId: r.id_cita,
});

const bloqueoEntry = (r: Row, detalle: string): AgendaEntry => ({
  fecha: r.fecha, horaInicio: r.hora_inicio, horaFin: r.hora_fin, tipo: 'bloqueo', detalle, referenciaId: r.id_bloqueo,
});

const byTime = (a: AgendaEntry, b: AgendaEntry) =>
  a.fecha.localeCompare(b.fecha) || a.horaInicio.localeCompare(b.horaInicio) || a.tipo.localeCompare(b.tipo) || a.referenciaId - b.referenciaId;

const bloqueosDe = (knex: Knex, idPsicologo: number, month: string): Promise<Row[]> =>
  inMonth(knex('bloqueos').where({ id_psicologo: idPsicologo }), month).select('*');

/**
 * A patient's month: their appointments (any state; cancelled ones stay visible) and the blocked
 * time of their assigned psychologist, shown as "No disponible": the psychologist's motivo is theirs.
 */
export async function agendaPaciente(knex: Knex, idPaciente: number, month: string): Promise<AgendaEntry[]> {
  const citas = await inMonth(knex('citas').where({ id_paciente: idPaciente }), month).select('*');
  const paciente = await knex('pacientes').where({ id_paciente: idPaciente }).first('id_psicologo');
  const bloqueos = paciente?.id_psicologo ? await bloqueosDe(knex, paciente.id_psicologo, month) : [];
  return [...citas.map(citaEntry), ...bloqueos.map((b) => bloqueoEntry(b, 'No disponible'))].sort(byTime);
}

/** A psychologist's month: every appointment of their practice and their blocks with their motivo. */
export async function agendaPsicologo(knex: Knex, idPsicologo: number, month: string): Promise<AgendaEntry[]> {
  const citas = await inMonth(knex('citas').where({ id_psicologo: idPsicologo }), month).select('*');
  const bloqueos = await bloqueosDe(knex, idPsicologo, month);
  return [...citas.map(citaEntry), ...bloqueos.map((b) => bloqueoEntry(b, b.motivo))].sort(byTime);
}

const bloqueoView = (r: Row): BloqueoView => ({ idBloqueo: r.id_bloqueo, fecha: r.fecha, horaInicio: r.hora_inicio, horaFin: r.hora_fin, motivo: r.motivo });

/** A psychologist's blocks of a month, in date order. */
export async function listBloqueos(knex: Knex, idPsicologo: number, month: string): Promise<BloqueoView[]> {
  const rows = await bloqueosDe(knex, idPsicologo, month);
  return rows.map(bloqueoView).sort((a, b) => a.fecha.localeCompare(b.fecha) || a.horaInicio.localeCompare(b.horaInicio) || a.idBloqueo - b.idBloqueo);
}

export async function findBloqueo(knex: Knex, idBloqueo: number, idPsicologo: number): Promise<BloqueoView | null> {
  const row = await knex('bloqueos').where({ id_bloqueo: idBloqueo, id_psicologo: idPsicologo }).first();
  return row ? bloqueoView(row) : null;
}
