import type { Knex } from 'knex';
import type { EventStore, StoredEvent } from '../eventstore/port.ts';
import {
  consentimientosPacienteStream, documentoConsentimientoStream, REQUERIDOS_STREAM, TIPOS_CONSENTIMIENTO,
  type ConsentimientoPacienteEvent, type DocumentoConsentimientoPublicado, type TipoConsentimiento,
} from '../events/consentimiento.ts';

// Reads of informed consent (docs/care.md "3. Informed consent"): the read model for the lists,
// the log itself for the auditor's as-of answer.

const LOCAL = `'YYYY-MM-DD"T"HH24:MI:SS'`;
type Row = Record<string, any>;

export interface VersionDocumento {
  tipo: TipoConsentimiento;
  version: number;
  titulo: string;
  sha256: string;
  publicadoEn: string;
}

export interface DocumentoView {
  tipo: TipoConsentimiento;
  requerido: boolean;
  versionActual: VersionDocumento | null;
}

export interface ConsentimientoView {
  numero: number;
  tipo: TipoConsentimiento;
  version: number;
  titulo: string;
  sha256: string;
  significado: string | null;
  firmadoEn: string;
  estado: 'VIGENTE' | 'RETIRADO' | 'SUSTITUIDO';
  retiradoEn: string | null;
}

const versionOf = (r: Row): VersionDocumento => ({ tipo: r.tipo, version: r.version, titulo: r.titulo, sha256: r.sha256, publicadoEn: r.publicado_local });

/** Every type, whether it is required, and its current version (null before the first publication). */
export async function listDocumentos(knex: Knex): Promise<DocumentoView[]> {
  const [rows, req] = await Promise.all([
    knex('consentimiento_documentos').distinctOn('tipo').orderBy([{ column: 'tipo' }, { column: 'version', order: 'desc' }])
      .select('tipo', 'version', 'titulo', 'sha256', knex.raw(`to_char(publicado_en, ${LOCAL}) as publicado_local`)),
    knex('consentimiento_requeridos').pluck('tipo'),
  ]);
  return TIPOS_CONSENTIMIENTO.map((tipo) => {
    const r = (rows as Row[]).find((x) => x.tipo === tipo);
    return { tipo, requerido: (req as string[]).includes(tipo), versionActual: r ? versionOf(r) : null };
  });
}

/** One version with its text (the current one when `version` is absent), or null. */
export async function findVersion(knex: Knex, tipo: TipoConsentimiento, version?: number): Promise<(VersionDocumento & { cuerpo: string }) | null> {
  const q = knex('consentimiento_documentos').where({ tipo });
  const r = await (version === undefined ? q.orderBy('version', 'desc') : q.andWhere({ version }))
    .first('tipo', 'version', 'titulo', 'sha256', 'cuerpo', knex.raw(`to_char(publicado_en, ${LOCAL}) as publicado_local`));
  return r ? { ...versionOf(r), cuerpo: r.cuerpo } : null;
}

/**
 * A patient's signatures, oldest first: VIGENTE (the newest of its type, not withdrawn), RETIRADO
 * (with when), or SUSTITUIDO (a newer signature of the same type followed it).
 */
export async function listConsentimientos(knex: Knex, idPaciente: number): Promise<ConsentimientoView[]> {
  const rows: Row[] = await knex('consentimientos as c')
    .join('consentimiento_documentos as d', function on() { this.on('d.tipo', 'c.tipo').andOn('d.version', 'c.version'); })
    .where('c.id_paciente', idPaciente).orderBy('c.numero')
    .select('c.numero', 'c.tipo', 'c.version', 'd.titulo', 'c.sha256', 'c.significado',
      knex.raw(`to_char(c.firmado_en, ${LOCAL}) as firmado_local`), knex.raw(`to_char(c.retirado_en, ${LOCAL}) as retirado_local`));
  const newest = new Map<string, number>();
  for (const r of rows) newest.set(r.tipo, r.numero);
  return rows.map((r) => ({
    numero: r.numero, tipo: r.tipo, version: r.version, titulo: r.titulo, sha256: r.sha256, significado: r.significado, firmadoEn: r.firmado_local,
    estado: r.retirado_local ? 'RETIRADO' : newest.get(r.tipo) === r.numero ? 'VIGENTE' : 'SUSTITUIDO',
    retiradoEn: r.retirado_local ?? null,
  }));
}

/** What the auditor's as-of answer says of one type at that instant. */
export interface ConsentimientoEn {
  tipo: TipoConsentimiento;
  requerido: boolean;
  /** The version in force (the newest published by then), or null. */
  versionVigente: { version: number; sha256: string; publicadoEn: string } | null;
  /** The patient's newest signature of the type by then, withdrawn or not, or null. */
  firma: { numero: number; version: number; sha256: string; firmadoEn: string; retiradoEn: string | null } | null;
  /** Whether the patient had signed the version in force then and not withdrawn it. */
  firmadoVigente: boolean;
}

/** The patient's newest signature of a type in `events`, with its withdrawal if one follows. */
function ultimaFirma(events: readonly ConsentimientoPacienteEvent[], tipo: TipoConsentimiento): ConsentimientoEn['firma'] {
  let firma: NonNullable<ConsentimientoEn['firma']> | null = null;
  for (const e of events) {
    if (e.type === 'ConsentimientoFirmado' && e.data.tipo === tipo) {
      firma = { numero: e.data.numero, version: e.data.version, sha256: e.data.sha256, firmadoEn: e.data.firmadoEn, retiradoEn: null };
    } else if (e.type === 'ConsentimientoRetirado' && firma !== null && firma.numero === e.data.numero) {
      firma.retiradoEn = e.data.retiradoEn;
    }
  }
  return firma;
}

const upTo = (at: Date) => (e: StoredEvent) => Date.parse(e.metadata.occurredAt) <= at.getTime();

/**
 * What a patient had signed at instant `at`, replayed from the log (not the read model): the
 * versions in force then, the required set then, and the patient's signatures and withdrawals
 * recorded by then (by each event's own UTC time).
 */
export async function consentimientosEn(store: EventStore, idPaciente: number, at: Date): Promise<ConsentimientoEn[]> {
  const streams = [...TIPOS_CONSENTIMIENTO.map(documentoConsentimientoStream), REQUERIDOS_STREAM, consentimientosPacienteStream(idPaciente)];
  const read = (await store.readStreams(streams)).map((events) => events.filter(upTo(at)));
  const requeridosEvt = read[TIPOS_CONSENTIMIENTO.length].at(-1);
  const requeridos = (requeridosEvt?.data as { tipos?: string[] } | undefined)?.tipos ?? [];
  const propios = read[TIPOS_CONSENTIMIENTO.length + 1] as unknown as ConsentimientoPacienteEvent[];
  return TIPOS_CONSENTIMIENTO.map((tipo, i) => {
    const doc = (read[i].at(-1) as unknown as DocumentoConsentimientoPublicado | undefined)?.data;
    const versionVigente = doc ? { version: doc.version, sha256: doc.sha256, publicadoEn: doc.publicadoEn } : null;
    const firma = ultimaFirma(propios, tipo);
    const firmadoVigente = !!firma && !!versionVigente && firma.retiradoEn === null && firma.version === versionVigente.version;
    return { tipo, requerido: requeridos.includes(tipo), versionVigente, firma, firmadoVigente };
  });
}

export interface CitaOnline {
  idCita: number;
  idPsicologo: number;
  /** Local start of the practice's zone. */
  startDatetime: string;
}

/**
 * The patient's ONLINE appointments still to come after `desde` (a practice-local datetime), still
 * PENDIENTE or CONFIRMADA, by start: whom the withdrawal of the online sessions consent concerns.
 */
export async function citasOnlineFuturas(knex: Knex, idPaciente: number, desde: string): Promise<CitaOnline[]> {
  const rows: Row[] = await knex('citas')
    .where({ id_paciente: idPaciente, modalidad: 'ONLINE' }).whereIn('estado', ['PENDIENTE', 'CONFIRMADA']).andWhere('start_datetime', '>', desde)
    .orderBy(['start_datetime', 'id_cita']).select('id_cita', 'id_psicologo', 'start_datetime');
  return rows.map((r) => ({ idCita: r.id_cita, idPsicologo: r.id_psicologo, startDatetime: r.start_datetime }));
}
