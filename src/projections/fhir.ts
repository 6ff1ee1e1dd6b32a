import type { Knex } from 'knex';
import type { Projection } from './runner.ts';
import type { StoredEvent } from '../eventstore/port.ts';
import { sortablePosition } from '../eventstore/position.ts';
import { perTransaction } from './deferred.ts';

/** The streams behind FHIR resources (docs/fhir.md "Mapping"): `<recurso>-<id>`. */
export const FHIR_STREAM = /^(paciente|psicologo|horario|bloqueo|cita|sesion|historial|diario|progreso|mensaje|factura|cargo-cita)-(\d+)$/;

/**
 * Every event type written to those streams (and to a patient's `direccion-` streams): a write of
 * anything else never waits for this read model. test/fhir/core.test.ts checks the list against
 * the log of a whole practice.
 */
export const FHIR_EVENT_TYPES: ReadonlySet<string> = new Set([
  'PacienteRegistrado', 'PacienteDadoDeBaja', 'PacienteActualizado', 'PsicologoAsignado', 'PacienteEliminado',
  'PsicologoRegistrado', 'PsicologoActualizado', 'FotoPerfilActualizada', 'PsicologoEliminado', 'HorarioLaboralDefinido',
  'BloqueoUbicado', 'BloqueoEliminado', 'CitaCreada', 'CitaReprogramada', 'CitaConfirmada', 'CitaCancelada', 'CitaCompletada',
  'CitaRecordatorioEnviado', 'SalaCitaAbierta', 'ModalidadesPsicologoCambiadas', 'SesionRegistrada', 'SesionEliminada', 'SesionFirmada', 'SesionAdendaAgregada', 'HistorialCreado',
  'HistorialCorregido', 'HistorialEliminado', 'HistorialFirmado', 'HistorialAdendaAgregada', 'DiarioRegistrado', 'DiarioEliminado',
  'ProgresoRegistrado', 'MensajeEnviado', 'MensajeLeido', 'DireccionAnadida', 'DireccionEliminada',
  // Billing (Invoice, ChargeItem): an invoice's stream and an appointment's charge.
  'FacturaEmitida', 'FacturaAnulada', 'FacturaRectificada', 'CargoRegistrado', 'CargoFacturado',
  // Outcome measures: each answer on its assignment's stream (QuestionnaireResponse, score Observation).
  'CuestionarioRespondido',
]);

/** Events after which the stream's resource leaves the lists (a bulk export's `deleted`). */
const DELETIONS = new Set(['PsicologoEliminado', 'BloqueoEliminado', 'SesionEliminada', 'HistorialEliminado', 'DiarioEliminado']);

interface VersionRow {
  stream_id: string;
  recurso: string;
  id_entidad: number;
  id_paciente: number | null;
  revision: string;
  posicion: string;
  actualizado_en: string;
  eliminado_posicion: string | null;
  eliminado_en: string | null;
}

/**
 * Where each FHIR resource's stream stands (meta.versionId, meta.lastUpdated, the log position an
 * export's `_since` compares) and who wrote each of its events (Provenance). Read back by FHIR
 * reads, which wait for it (src/http/fhir/fresh.ts): a write does not.
 */
export const fhirProjection: Projection = {
  name: 'fhir',
  tables: ['fhir_versiones', 'fhir_procedencia'],
  // Asynchronous: it records each event's log position, known only after the append commits.
  // FHIR reads wait for it instead (src/http/fhir/fresh.ts), so writes never do.
  readYourWrites: false,
  handles: (type) => FHIR_EVENT_TYPES.has(type),
  async apply(trx, stored) {
    if (stored.type === 'CuestionarioRespondido') return respuesta(trx, stored);
    const m = FHIR_STREAM.exec(stored.streamId);
    if (!m) return moveOther(trx, stored);
    const row = versionRow(stored, m[1], Number(m[2]));
    const batch = pending.of(trx);
    const before = batch.versions.get(stored.streamId) ?? batch.moves.get(stored.streamId);
    // A pending move of this stream is older than this event: its deletion mark, if any, is kept below.
    batch.moves.delete(stored.streamId);
    batch.versions.set(stored.streamId, {
      ...row, id_paciente: batch.versions.get(stored.streamId)?.id_paciente ?? row.id_paciente,
      eliminado_posicion: before?.eliminado_posicion ?? row.eliminado_posicion, eliminado_en: before?.eliminado_en ?? row.eliminado_en,
    });
    batch.procedencia.push({
      id_evento: stored.metadata.eventId, stream_id: stored.streamId, revision: row.revision, tipo: stored.type,
      id_usuario: stored.metadata.actor.idUsuario, rol: stored.metadata.actor.rol, ocurrido_en: row.actualizado_en, posicion: row.posicion,
    });
    // An erased patient's records leave every list: all their streams are deleted at this position.
    if (stored.type === 'PacienteEliminado') await erase(trx, Number(m[2]), row);
  },
  flush: (trx) => flushAll(trx),
};

function versionRow(stored: StoredEvent, recurso: string, id: number): VersionRow {
  const posicion = sortablePosition(stored.position);
  const idPaciente = (stored.data as { idPaciente?: unknown }).idPaciente;
  const deleted = DELETIONS.has(stored.type) || stored.type === 'PacienteEliminado';
  return {
    stream_id: stored.streamId, recurso, id_entidad: id,
    id_paciente: recurso === 'paciente' ? id : typeof idPaciente === 'number' ? idPaciente : null,
    revision: stored.revision.toString(), posicion, actualizado_en: stored.metadata.occurredAt,
    eliminado_posicion: deleted ? posicion : null, eliminado_en: deleted ? stored.metadata.occurredAt : null,
  };
}

async function erase(trx: Knex.Transaction, idPaciente: number, at: VersionRow): Promise<void> {
  await flushAll(trx);
  await trx('fhir_versiones').where({ id_paciente: idPaciente }).whereNot('recurso', 'factura').whereNull('eliminado_posicion')
    .update({ eliminado_posicion: at.posicion, eliminado_en: at.actualizado_en });
  // An invoice stays (tax law), without the recipient's name: it moves, so a `_since` export sends it again so.
  await trx('fhir_versiones').where({ id_paciente: idPaciente, recurso: 'factura' }).update({ posicion: at.posicion, actualizado_en: at.actualizado_en });
  // Provenance of an erased patient's records goes with them (it names who wrote what about whom).
  await trx.raw('delete from fhir_procedencia p using fhir_versiones v where v.stream_id = p.stream_id and v.id_paciente = ?', [idPaciente]);
}

/**
 * An answer to a questionnaire is a resource of its own (QuestionnaireResponse and its score's
 * Observation) though its event is one of many on its assignment's stream (`cuestionario-<id>`):
 * it is kept as `respuesta-<idRespuesta>`, at version 0 (an answer is never edited), with the
 * instant and position of its event. Not a Provenance target: no fhir_procedencia row.
 */
function respuesta(trx: Knex.Transaction, stored: StoredEvent): void {
  const id = (stored.data as { idRespuesta: number }).idRespuesta;
  const stream = `respuesta-${id}`;
  pending.of(trx).versions.set(stream, { ...versionRow(stored, 'respuesta', id), stream_id: stream, revision: '0' });
}

/** A change of a resource written to another aggregate's stream: it moves that resource, not its revision. */
interface Move {
  stream_id: string;
  posicion: string;
  actualizado_en: string;
  eliminado_posicion: string | null;
  eliminado_en: string | null;
}

/**
 * Two resources change through streams of their own: a patient's addresses (`direccion-<id>`,
 * part of the Patient) move the Patient's lastUpdated and position, so a `_since` export takes it
 * again, not its versionId; a block is deleted on its days' agenda streams (`BloqueoEliminado`),
 * which marks `bloqueo-<id>` deleted.
 */
function moveOther(trx: Knex.Transaction, stored: StoredEvent): void {
  const data = stored.data as { idPaciente?: unknown; idBloqueo?: unknown };
  const stream = stored.streamId.startsWith('direccion-') && typeof data.idPaciente === 'number' ? `paciente-${data.idPaciente}`
    : stored.type === 'BloqueoEliminado' && typeof data.idBloqueo === 'number' ? `bloqueo-${data.idBloqueo}` : null;
  if (stream === null) return;
  const posicion = sortablePosition(stored.position);
  const deleted = stored.type === 'BloqueoEliminado';
  const at = { posicion, actualizado_en: stored.metadata.occurredAt };
  const batch = pending.of(trx);
  const known = batch.versions.get(stream) ?? batch.moves.get(stream);
  const gone = { eliminado_posicion: known?.eliminado_posicion ?? (deleted ? posicion : null), eliminado_en: known?.eliminado_en ?? (deleted ? at.actualizado_en : null) };
  if (batch.versions.has(stream)) Object.assign(batch.versions.get(stream)!, at, gone);
  else batch.moves.set(stream, { stream_id: stream, ...at, ...gone });
}

const pending = perTransaction(() => ({ versions: new Map<string, VersionRow>(), moves: new Map<string, Move>(), procedencia: [] as Record<string, unknown>[] }));

/**
 * One statement per batch: the events' Provenance rows and the streams' versions together (a
 * deletion mark, once set, stays; the patient of a stream is its first one); a move of another
 * stream's resource, rarer, is a second one.
 */
async function flushAll(trx: Knex.Transaction): Promise<void> {
  const batch = pending.take(trx);
  if (!batch) return;
  if (batch.versions.size > 0 || batch.procedencia.length > 0) {
    await trx.raw(
      `with procedencia as (
         insert into fhir_procedencia select * from json_populate_recordset(null::fhir_procedencia, ?::json) on conflict (id_evento) do nothing
       )
       insert into fhir_versiones as v select * from json_populate_recordset(null::fhir_versiones, ?::json)
       on conflict (stream_id) do update set revision = excluded.revision, posicion = excluded.posicion, actualizado_en = excluded.actualizado_en,
         id_paciente = coalesce(v.id_paciente, excluded.id_paciente),
         eliminado_posicion = coalesce(v.eliminado_posicion, excluded.eliminado_posicion), eliminado_en = coalesce(v.eliminado_en, excluded.eliminado_en)`,
      [JSON.stringify(batch.procedencia), JSON.stringify([...batch.versions.values()])],
    );
  }
  if (batch.moves.size === 0) return;
  await trx.raw(
    `update fhir_versiones v set posicion = m.posicion, actualizado_en = m.actualizado_en,
       eliminado_posicion = coalesce(v.eliminado_posicion, m.eliminado_posicion), eliminado_en = coalesce(v.eliminado_en, m.eliminado_en)
     from json_to_recordset(?::json) as m(stream_id text, posicion text, actualizado_en timestamptz, eliminado_posicion text, eliminado_en timestamptz)
     where v.stream_id = m.stream_id and v.posicion < m.posicion`,
    [JSON.stringify([...batch.moves.values()])],
  );
}
