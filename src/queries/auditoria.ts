import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { EventStore, StoredEvent } from '../eventstore/port.ts';
import { pacienteStream } from '../events/paciente.ts';
import type { HistorialEvent } from '../events/historial.ts';
import { errors } from '../platform/errors.ts';
import { localDateTime } from '../platform/time.ts';
import { withLocalInstants } from './event-instants.ts';
import type { HistorialView } from './historial.ts';
import { firmaAdendaFromEvent, firmaFromEvent, nombrarFirmantes } from './firmas.ts';
import { pageById, type Key, type Page, type Paged, type PartShape } from './paging.ts';

/** Events that make up (or end) a patient's clinical record; therapy session notes are part of it. */
export const CLINICAL_TYPES = [
  'HistorialCreado', 'HistorialCorregido', 'HistorialEliminado', 'DiarioRegistrado', 'DiarioEliminado', 'ProgresoRegistrado',
  'SesionRegistrada', 'SesionEliminada', 'ClaveClinicaDestruida',
  'HistorialFirmado', 'HistorialAdendaAgregada', 'SesionFirmada', 'SesionAdendaAgregada',
];

export interface AuditDeps {
  store: EventStore;
  knex: Knex;
  timezone: string;
  /** KurrentDB: the PostgreSQL `events` table is empty, so the log is scanned instead. */
  scanLog: boolean;
}

export interface AuditEvent {
  eventId: string;
  stream: string;
  type: string;
  occurredAt: string;
  occurredAtUtc: string;
  actor: { idUsuario: number | null; rol: string | null };
  data: Record<string, unknown>;
  erased: string[];
}

type Row = Record<string, any>;

/**
 * A local datetime of the practice (seconds and fraction optional) as the last instant it names, an
 * inclusive bound: `…T10:15:16` is the whole second, up to 10:15:16.999, as the API shows instants
 * (`firmadoEn`, `occurredAt`) without their fraction, and what one reads there must be included;
 * `…T10:15` the whole minute, `.7` up to .799, `.763` that millisecond. 400 otherwise.
 */
export function parseAsOf(value: string, zone: string): Date {
  const m = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.exec(value);
  const dt = m ? DateTime.fromISO(value, { zone }) : null;
  if (!m || !dt?.isValid) throw errors.invalid('asOf debe ser una fecha y hora local (YYYY-MM-DDTHH:MM:SS)', 'asOf must be a local date-time (YYYY-MM-DDTHH:MM:SS)');
  const [, seconds, fraction] = m;
  const rest = fraction ? 10 ** (4 - fraction.length) - 1 : seconds ? 999 : 59_999;
  return new Date(dt.toMillis() + rest);
}

/**
 * What the audit replays: the clinical record plus the patient's messages and the reasons of their
 * appointments (motivo, sealed with the same clinical key), opened while that key exists, and the
 * patient's informed consent (signatures, withdrawals, the bookings' checks: docs/care.md).
 */
export const AUDIT_TYPES = [
  ...CLINICAL_TYPES, 'MensajeEnviado', 'CitaCreada', 'CitaReprogramada', 'ConsentimientoFirmado', 'ConsentimientoRetirado', 'ConsentimientosVerificados',
  // Outcome measures (docs/care.md): the scored answers, the safety alerts and who acknowledged them.
  'CuestionarioRespondido', 'AlertaSeguridadEmitida', 'AlertaSeguridadReconocida',
];

const isClinicalOf = (e: StoredEvent, idPaciente: number) =>
  AUDIT_TYPES.includes(e.type) && (e.data as { idPaciente?: unknown }).idPaciente === idPaciente;

async function scan(store: EventStore, idPaciente: number): Promise<StoredEvent[]> {
  const found: StoredEvent[] = [];
  for (let from = null as string | null; ;) {
    const batch = await store.readAll(from, 1000);
    found.push(...batch.events.filter((e) => isClinicalOf(e, idPaciente)));
    if (batch.events.length === 0) return found;
    from = batch.last;
  }
}

/**
 * The patient's clinical events in log order, opened by the sealing layer. With PostgreSQL an
 * index on `data->>'idPaciente'` names the streams, which are then read whole through the store.
 */
async function clinicalEvents(deps: AuditDeps, idPaciente: number): Promise<StoredEvent[]> {
  if (deps.scanLog) return scan(deps.store, idPaciente);
  const rows = await deps.knex('events')
    .whereRaw(`data->>'idPaciente' = ?`, [String(idPaciente)])
    .whereIn('type', AUDIT_TYPES)
    .distinct('stream_id');
  const all: StoredEvent[] = [];
  for (const r of rows as Row[]) all.push(...(await deps.store.readStream(r.stream_id)).filter((e) => isClinicalOf(e, idPaciente)));
  return all.sort((a, b) => deps.store.compare(a.position, b.position));
}

/** Whether the log knows the patient (erased patients included: the audit outlives the read models). */
export async function pacienteEnLog(store: EventStore, idPaciente: number): Promise<boolean> {
  return (await store.readStream(pacienteStream(idPaciente))).length > 0;
}

const upTo = (asOf: Date | undefined) => (e: StoredEvent) => !asOf || Date.parse(e.metadata.occurredAt) <= asOf.getTime();

/** Every audited event of the patient up to `asOf` (all when absent): actor, time, type, opened data. */
export async function eventosClinicos(deps: AuditDeps, idPaciente: number, asOf?: Date): Promise<AuditEvent[]> {
  return (await clinicalEvents(deps, idPaciente)).filter(upTo(asOf)).map((e) => ({
    eventId: e.metadata.eventId,
    stream: e.streamId,
    type: e.type,
    occurredAt: localDateTime(new Date(e.metadata.occurredAt), deps.timezone),
    // The one field off the wall clock (README): the exact instant, for ordering the autumn's repeated hour.
    occurredAtUtc: new Date(e.metadata.occurredAt).toISOString(),
    actor: { idUsuario: e.metadata.actor?.idUsuario ?? null, rol: e.metadata.actor?.rol ?? null },
    data: withLocalInstants(e.data, deps.timezone),
    erased: e.erased ?? [],
  }));
}

// Both lists below are folds of the log, computed whole for one patient, so they are paged in
// memory: events in log order after the cursor's event (the log only grows), records by id.
export const eventoKey = (e: AuditEvent): Key => [e.eventId];
export const EVENTO_KEY: PartShape[] = [/^[\w-]{1,64}$/];
export const historialKey = (h: HistorialView): Key => [h.idHistory];

/** Folds one history event into the records; content a shredded key hides comes out null. */
function fold(records: Map<number, HistorialView>, event: HistorialEvent): void {
  switch (event.type) {
    case 'HistorialCreado': {
      const d = event.data;
      records.set(d.idHistory, {
        idHistory: d.idHistory, idPaciente: d.idPaciente, titulo: d.titulo, diagnostico: d.diagnostico,
        tratamiento: d.tratamiento, observaciones: d.observaciones, creadoEn: d.creadoEn, firma: null, adendas: [],
      });
      return;
    }
    case 'HistorialCorregido': {
      const d = event.data;
      const r = records.get(d.idHistory);
      if (r) records.set(d.idHistory, { ...r, titulo: d.titulo, diagnostico: d.diagnostico, tratamiento: d.tratamiento, observaciones: d.observaciones });
      return;
    }
    case 'HistorialEliminado':
      records.delete(event.data.idHistory);
      return;
    case 'HistorialFirmado': {
      const r = records.get(event.data.idHistory);
      if (r) records.set(r.idHistory, { ...r, firma: firmaFromEvent(event.data) });
      return;
    }
    case 'HistorialAdendaAgregada': {
      const d = event.data;
      const r = records.get(d.idHistory);
      if (r) records.set(r.idHistory, { ...r, adendas: [...r.adendas, { tipo: d.tipo, texto: d.texto ?? null, firma: firmaAdendaFromEvent(d), referencia: d.referencia }] });
      return;
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

const HISTORIAL_TYPES = new Set(['HistorialCreado', 'HistorialCorregido', 'HistorialEliminado', 'HistorialFirmado', 'HistorialAdendaAgregada']);

/**
 * The patient's clinical history as it stood at `asOf`, folded from the log (not the read model), by
 * id, with the signatures and addenda given by then (signers named as the directory names them now).
 */
export async function historialAsOf(deps: AuditDeps, idPaciente: number, asOf: Date): Promise<HistorialView[]> {
  const records = new Map<number, HistorialView>();
  for (const e of (await clinicalEvents(deps, idPaciente)).filter(upTo(asOf))) {
    if (HISTORIAL_TYPES.has(e.type)) fold(records, e as unknown as HistorialEvent);
  }
  const out = [...records.values()].sort((a, b) => a.idHistory - b.idHistory);
  await nombrarFirmantes(deps.knex, out);
  return out;
}

export interface AccesoView {
  idAcceso: number;
  idUsuario: number | null;
  idClienteFhir: number | null;
  rol: string;
  idPaciente: number;
  recurso: string;
  metodo: string;
  ruta: string;
  accedidoEn: string;
}

/** A page of the read-access log, for one patient or all, by id; keyset and limit in SQL. */
export function pageAccesos(knex: Knex, timezone: string, page: Page, idPaciente?: number): Promise<Paged<AccesoView>> {
  const q = knex('accesos_clinicos').select('*');
  if (idPaciente !== undefined) q.where({ id_paciente: idPaciente });
  return pageById(q, 'id_acceso', page, (r: Row) => ({
    idAcceso: Number(r.id_acceso), idUsuario: r.id_usuario, idClienteFhir: r.id_cliente_fhir ?? null, rol: r.rol, idPaciente: r.id_paciente, recurso: r.recurso,
    metodo: r.metodo, ruta: r.ruta, accedidoEn: localDateTime(r.accedido_en, timezone),
  }));
}
