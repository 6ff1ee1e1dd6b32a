import type { Knex } from 'knex';
import type { Projection } from './runner.ts';
import type { StoredEvent } from '../eventstore/port.ts';
import { sortablePosition } from '../eventstore/position.ts';
import { insertBuffer, perTransaction } from './deferred.ts';

/** The streams behind FHIR resources (docs/fhir.md "Mapping"): `<recurso>-<id>`. */
export const FHIR_STREAM = /^(paciente|psicologo|horario|bloqueo|cita|sesion|historial|diario|progreso|mensaje)-(\d+)$/;

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
 * reads right after a write, so a write waits for it like for the other lists.
 */
export const fhirProjection: Projection = {
  name: 'fhir',
  tables: ['fhir_versiones', 'fhir_procedencia'],
  readYourWrites: true,
  async apply(trx, stored) {
    const m = FHIR_STREAM.exec(stored.streamId);
    if (!m) return bumpPatient(trx, stored);
    const row = versionRow(stored, m[1], Number(m[2]));
    const rows = versions.of(trx);
    const before = rows.get(stored.streamId);
    rows.set(stored.streamId, { ...row, id_paciente: before?.id_paciente ?? row.id_paciente });
    procedencia.add(trx, {
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
  await trx('fhir_versiones').where({ id_paciente: idPaciente }).whereNull('eliminado_posicion')
    .update({ eliminado_posicion: at.posicion, eliminado_en: at.actualizado_en });
  // Provenance of an erased patient's records goes with them (it names who wrote what about whom).
  await trx.raw('delete from fhir_procedencia p using fhir_versiones v where v.stream_id = p.stream_id and v.id_paciente = ?', [idPaciente]);
}

/**
 * A patient's addresses are aggregates of their own (`direccion-<id>`) but part of the Patient
 * resource: their events move the Patient's lastUpdated and position (so a `_since` export takes
 * it again), not its versionId, which stays the `paciente-` stream's revision.
 */
function bumpPatient(trx: Knex.Transaction, stored: StoredEvent): void {
  const idPaciente = (stored.data as { idPaciente?: unknown }).idPaciente;
  if (!stored.streamId.startsWith('direccion-') || typeof idPaciente !== 'number') return;
  const stream = `paciente-${idPaciente}`;
  const at = { posicion: sortablePosition(stored.position), actualizado_en: stored.metadata.occurredAt };
  const pending = versions.of(trx).get(stream);
  if (pending) Object.assign(pending, at);
  else bumps.of(trx).set(stream, { stream_id: stream, ...at });
}

const versions = perTransaction(() => new Map<string, VersionRow>());
const bumps = perTransaction(() => new Map<string, { stream_id: string; posicion: string; actualizado_en: string }>());
const procedencia = insertBuffer('fhir_procedencia', 'id_evento');

/**
 * One upsert per batch. A deletion mark, once set, stays (a later event on a deleted stream, such
 * as a reminder's bookkeeping, does not bring it back); the patient of a stream is its first one.
 */
async function flushAll(trx: Knex.Transaction): Promise<void> {
  await procedencia.flush(trx);
  const rows = versions.take(trx);
  if (rows && rows.size > 0) await upsertVersions(trx, rows);
  const moved = bumps.take(trx);
  if (!moved || moved.size === 0) return;
  await trx.raw(
    `update fhir_versiones v set posicion = b.posicion, actualizado_en = b.actualizado_en
     from json_to_recordset(?::json) as b(stream_id text, posicion text, actualizado_en timestamptz)
     where v.stream_id = b.stream_id and v.posicion < b.posicion`,
    [JSON.stringify([...moved.values()])],
  );
}

async function upsertVersions(trx: Knex.Transaction, rows: Map<string, VersionRow>): Promise<void> {
  await trx.raw(
    `insert into fhir_versiones as v select * from json_populate_recordset(null::fhir_versiones, ?::json)
     on conflict (stream_id) do update set revision = excluded.revision, posicion = excluded.posicion, actualizado_en = excluded.actualizado_en,
       id_paciente = coalesce(v.id_paciente, excluded.id_paciente),
       eliminado_posicion = coalesce(v.eliminado_posicion, excluded.eliminado_posicion), eliminado_en = coalesce(v.eliminado_en, excluded.eliminado_en)`,
    [JSON.stringify([...rows.values()])],
  );
}
