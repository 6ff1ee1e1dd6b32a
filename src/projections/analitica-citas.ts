import type { Knex } from 'knex';
import { insertBuffer } from './deferred.ts';
import { diaSemanaDe, semanaDe } from './analitica-registros.ts';
import { localInstant } from '../platform/agenda-time.ts';
import type { Pseudonymizer } from '../platform/analytics/pseudonyms.ts';
import type { EventMetadata } from '../eventstore/port.ts';
import type { CitaCancelada, CitaCreada, CitaReprogramada } from '../events/cita.ts';
import type { SesionRegistrada } from '../events/sesion.ts';

// Appointment and session facts of the analysts' schema (docs/read-models.md "Analytics"): one row
// per appointment and per therapy session, pseudonymous, with the local week, weekday and hour.

type Trx = Knex.Transaction;

const citas = insertBuffer('hechos_citas', 'cita');
const sesiones = insertBuffer('hechos_sesiones', 'sesion');

const horas = (ms: number) => Math.round(ms / 36_000) / 100;

// A rebuild meets the same local starts again and again (a practice's hours): each one's instant
// is computed once (about a fifth of this read model's time in a rebuild), in a bounded memo.
const instantes = new Map<string, number | null>();
const INSTANTES_MAX = 20_000;

function instante(local: string, zone: string): number | null {
  const key = `${zone} ${local}`;
  let at = instantes.get(key);
  if (at === undefined) {
    if (instantes.size >= INSTANTES_MAX) instantes.clear();
    instantes.set(key, (at = localInstant(local, zone)));
  }
  return at;
}

/** Hours from `desde` (an instant) to a local start; null when the start is not a time of the zone. */
function horasHasta(desde: string, startDatetime: string, zone: string): number | null {
  const start = instante(startDatetime, zone);
  return start !== null ? horas(start - Date.parse(desde)) : null;
}

/** Where the appointment lies, and its lead time from the event that set that start (one zone lookup: hot in rebuilds). */
function cuando(d: CitaCreada['data'] | CitaReprogramada['data'], occurredAt: string, zone: string) {
  const start = instante(d.startDatetime, zone);
  return {
    semana: semanaDe(d.startDatetime), dia_semana: diaSemanaDe(d.startDatetime), hora: Number(d.startDatetime.slice(11, 13)),
    duracion_min: d.durationMinutes, antelacion_horas: start === null ? null : horas(start - Date.parse(occurredAt)),
    fin: start === null ? null : new Date(start + d.durationMinutes * 60_000).toISOString(),
  };
}

export function citaCreada(trx: Trx, pseud: Pseudonymizer, zone: string, d: CitaCreada['data'], meta: EventMetadata): void {
  citas.add(trx, {
    cita: pseud('cita', d.idCita), psicologo: pseud('psicologo', d.idPsicologo), paciente: pseud('paciente', d.idPaciente),
    serie: d.idSerie !== undefined, reservada_por: meta.actor?.rol ?? null, ...cuando(d, meta.occurredAt, zone),
    reprogramaciones: 0, estado: 'PENDIENTE', cancelada_por: null, causa_cancelacion: null, cancelada_antelacion_horas: null,
  });
}

async function cambiar(trx: Trx, cita: string, cambios: Record<string, unknown>, reprogramada = false): Promise<void> {
  const row = citas.pending(trx, cita);
  if (row) {
    Object.assign(row, cambios);
    if (reprogramada) row.reprogramaciones = Number(row.reprogramaciones) + 1;
    return;
  }
  await trx('hechos_citas').where({ cita }).update(reprogramada ? { ...cambios, reprogramaciones: trx.raw('reprogramaciones + 1') } : cambios);
}

export const citaReprogramada = (trx: Trx, pseud: Pseudonymizer, zone: string, d: CitaReprogramada['data'], meta: EventMetadata) =>
  cambiar(trx, pseud('cita', d.idCita), cuando(d, meta.occurredAt, zone), true);

export const citaEstado = (trx: Trx, pseud: Pseudonymizer, idCita: number, estado: 'CONFIRMADA' | 'COMPLETADA') =>
  cambiar(trx, pseud('cita', idCita), { estado });

export const citaCancelada = (trx: Trx, pseud: Pseudonymizer, zone: string, d: CitaCancelada['data'], meta: EventMetadata) =>
  cambiar(trx, pseud('cita', d.idCita), {
    estado: 'CANCELADA', cancelada_por: d.canceladaPor, causa_cancelacion: d.causa ?? null,
    cancelada_antelacion_horas: horasHasta(meta.occurredAt, d.startDatetime, zone),
  });

export function sesionRegistrada(trx: Trx, pseud: Pseudonymizer, d: SesionRegistrada['data']): void {
  sesiones.add(trx, {
    sesion: pseud('sesion', d.idSesion), cita: pseud('cita', d.idCita), psicologo: pseud('psicologo', d.idPsicologo),
    paciente: pseud('paciente', d.idPaciente), semana: semanaDe(d.sessionDate), dia_semana: diaSemanaDe(d.sessionDate),
    hora: Number(d.sessionDate.slice(11, 13)), duracion_min: d.durationMinutes, registrada_por: d.registradaPor,
  });
}

export async function sesionEliminada(trx: Trx, pseud: Pseudonymizer, idSesion: number): Promise<void> {
  await sesiones.flush(trx);
  await trx('hechos_sesiones').where({ sesion: pseud('sesion', idSesion) }).delete();
}

/** A destroyed clinical key: the patient's appointments and sessions leave the facts. */
export async function removeCitasPaciente(trx: Trx, paciente: string): Promise<void> {
  await flushCitas(trx);
  await trx('hechos_citas').where({ paciente }).delete();
  await trx('hechos_sesiones').where({ paciente }).delete();
}

export async function flushCitas(trx: Trx): Promise<void> {
  await citas.flush(trx);
  await sesiones.flush(trx);
}
