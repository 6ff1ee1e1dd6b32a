import type { Knex } from 'knex';
import type { Pauta } from '../events/cuestionario.ts';
import { instrumento as instrumentoDe, type Banda, type Instrumento } from '../events/instrumentos.ts';

// Reads of the outcome measures (docs/care.md "Outcome measures"), from projection `cuestionarios`.
// Callers check who may see the patient first (a psychologist's own patients, a patient their own).

type Row = Record<string, any>;

export interface AsignacionView {
  idAsignacion: number; idPaciente: number; idPsicologo: number; instrumento: string; pauta: Pauta; activa: boolean; fecha: string;
}

const asignacion = (r: Row): AsignacionView => ({
  idAsignacion: r.id_asignacion, idPaciente: r.id_paciente, idPsicologo: r.id_psicologo, instrumento: r.instrumento,
  pauta: r.pauta, activa: r.activa, fecha: r.fecha,
});

export async function findAsignacion(knex: Knex, idAsignacion: number): Promise<AsignacionView | null> {
  const r = await knex('cuestionario_asignaciones').where({ id_asignacion: idAsignacion }).first();
  return r ? asignacion(r) : null;
}

export async function asignacionesDe(knex: Knex, idPaciente: number): Promise<AsignacionView[]> {
  return (await knex('cuestionario_asignaciones').where({ id_paciente: idPaciente }).orderBy('id_asignacion')).map(asignacion);
}

export interface SolicitudView { idSolicitud: number; idAsignacion: number; instrumento: string; fecha: string; idCita: number | null }

const solicitud = (r: Row): SolicitudView => ({ idSolicitud: r.id_solicitud, idAsignacion: r.id_asignacion, instrumento: r.instrumento, fecha: r.fecha, idCita: r.id_cita });

/**
 * The patient's requests made by their present psychologist: once the patient has another one, a
 * former psychologist's requests are neither pending nor answerable (their safety alert would
 * reach someone who no longer sees the patient, and never the one who does).
 */
const vigentes = (knex: Knex, idPaciente: number) => knex('cuestionario_solicitudes as s')
  .join('pacientes as p', function () {
    this.on('p.id_paciente', '=', 's.id_paciente').andOn('p.id_psicologo', '=', 's.id_psicologo');
  })
  .where('s.id_paciente', idPaciente).select('s.*');

const pendientes = (knex: Knex, idPaciente: number) =>
  vigentes(knex, idPaciente).where({ 's.respondida': false, 's.retirada': false }).orderBy('s.id_solicitud');

/** The patient's requests still to answer, oldest first. */
export async function solicitudesPendientes(knex: Knex, idPaciente: number): Promise<SolicitudView[]> {
  return (await pendientes(knex, idPaciente)).map(solicitud);
}

/**
 * The request a patient's answer is for: the one named, or else the oldest pending one of that
 * instrument. Any request of the patient's present psychologist (even answered: the decider says so with a 409).
 */
export async function solicitudParaResponder(knex: Knex, idPaciente: number, instrumento: string, idSolicitud?: number): Promise<SolicitudView | null> {
  const r = idSolicitud === undefined
    ? await pendientes(knex, idPaciente).where({ 's.instrumento': instrumento }).first()
    : await vigentes(knex, idPaciente).where({ 's.id_solicitud': idSolicitud }).first();
  return r ? solicitud(r) : null;
}

export interface PuntoSerie { fecha: string; puntuacion: number; banda: string; alerta: boolean }

export interface Serie {
  instrumento: { codigo: string; minimo: number; maximo: number; bandas: Banda[] };
  puntos: PuntoSerie[];
}

const escala = (i: Instrumento) => ({ codigo: i.codigo, minimo: i.puntuacion.minimo, maximo: i.puntuacion.maximo, bandas: i.puntuacion.bandas });

/** A patient's scores on an instrument, oldest first, with the instrument's bands (the charts' input); null: unknown instrument. */
export async function seriePuntuaciones(knex: Knex, idPaciente: number, instrumento: string): Promise<Serie | null> {
  const i = instrumentoDe(instrumento);
  if (!i) return null;
  const rows = await knex('cuestionario_respuestas').where({ id_paciente: idPaciente, instrumento })
    .orderBy([{ column: 'fecha' }, { column: 'id_respuesta' }]).select('fecha', 'puntuacion', 'banda', 'alerta');
  return { instrumento: escala(i), puntos: rows.map((r: Row) => ({ fecha: r.fecha, puntuacion: r.puntuacion, banda: r.banda, alerta: r.alerta })) };
}

export interface RespuestaView {
  idRespuesta: number; idSolicitud: number; idAsignacion: number; idPaciente: number; instrumento: string;
  fecha: string; respuestas: number[]; puntuacion: number; banda: string; alertaSeguridad: boolean;
}

/** A patient's answers, by id (an instrument's only when given). */
export async function respuestasDe(knex: Knex, idPaciente: number, instrumento?: string): Promise<RespuestaView[]> {
  const q = knex('cuestionario_respuestas').where({ id_paciente: idPaciente }).orderBy('id_respuesta');
  if (instrumento) q.where({ instrumento });
  return (await q).map((r: Row) => ({
    idRespuesta: r.id_respuesta, idSolicitud: r.id_solicitud, idAsignacion: r.id_asignacion, idPaciente: r.id_paciente, instrumento: r.instrumento,
    fecha: r.fecha, respuestas: r.respuestas, puntuacion: r.puntuacion, banda: r.banda, alertaSeguridad: r.alerta,
  }));
}

export interface AlertaView {
  idRespuesta: number; idAsignacion: number; idPaciente: number; idPsicologo: number; instrumento: string; fecha: string;
  reconocidaPor: number | null; reconocidaFecha: string | null;
}

const alerta = (r: Row): AlertaView => ({
  idRespuesta: r.id_respuesta, idAsignacion: r.id_asignacion, idPaciente: r.id_paciente, idPsicologo: r.id_psicologo,
  instrumento: r.instrumento, fecha: r.fecha, reconocidaPor: r.reconocida_por, reconocidaFecha: r.reconocida_fecha,
});

export async function findAlerta(knex: Knex, idRespuesta: number): Promise<AlertaView | null> {
  const r = await knex('alertas_seguridad').where({ id_respuesta: idRespuesta }).first();
  return r ? alerta(r) : null;
}

/**
 * The unacknowledged alerts of the psychologist's patients, oldest first: an alert follows the
 * patient, so one raised before a change of psychologist is the new one's to see and acknowledge.
 */
export async function alertasAbiertas(knex: Knex, idPsicologo: number): Promise<AlertaView[]> {
  return (await knex('alertas_seguridad as a').join('pacientes as p', 'p.id_paciente', 'a.id_paciente')
    .where('p.id_psicologo', idPsicologo).whereNull('a.reconocida_fecha').orderBy('a.id_respuesta').select('a.*')).map(alerta);
}

/** SQL of "this patient has an open safety alert" (the psychologist's patient list: `alertaSeguridad`). */
export const ALERTA_ABIERTA_SQL = `exists (select 1 from alertas_seguridad a
  where a.id_paciente = p.id_paciente and a.reconocida_fecha is null)`;
