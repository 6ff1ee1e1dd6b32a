import type { Knex } from 'knex';
import { fhirDateTime } from '../format.ts';
import { joinVersion, META_COLUMNS, whereInWindow, whereLastUpdated } from '../meta.ts';
import { intId } from '../params.ts';
import { wherePacienteInScope } from '../scope.ts';
import type { ExportWindow, FhirDb, FhirResource, FhirResourceType, FhirViewer, SearchRequest } from '../types.ts';
import { deletedIdsOf, exportByKey, keysetPage, ref, subjectPatients, whereIds, wherePatient } from './clinical-search.ts';

// Condition and CarePlan both come from clinical-history entries (historial_clinico), one
// resource of each kind per entry that has a diagnosis or a treatment (docs/fhir.md "Condition").

const LOCAL = `'YYYY-MM-DD"T"HH24:MI:SS'`;

/**
 * Live entries of the patients in scope (as the REST API: a psychologist's assigned patients),
 * with who recorded them: the user of the stream's first event, as a psychologist when they are one.
 */
function entries(knex: Knex, viewer: FhirViewer, column: 'diagnostico' | 'tratamiento'): Knex.QueryBuilder {
  const q = joinVersion(knex('historial_clinico as h'), 'historial', 'h.id_history').whereNull('v.eliminado_posicion')
    .whereNotNull(`h.${column}`).where(`h.${column}`, '<>', '')
    .leftJoin('fhir_procedencia as p0', (j) => j.on('p0.stream_id', 'v.stream_id').andOnVal('p0.revision', 0))
    .leftJoin('psicologos as ps', 'ps.id_usuario', 'p0.id_usuario')
    .select('h.id_history', 'h.id_paciente', 'h.autoria', 'h.titulo', 'h.diagnostico', 'h.tratamiento', 'h.observaciones', 'ps.id_psicologo as autor_psicologo',
      knex.raw(`to_char(h.creado_en, ${LOCAL}) as creado_local`), ...META_COLUMNS,
      knex.raw("exists (select 1 from adendas_clinicas a where a.registro = 'HISTORIAL' and a.id_registro = h.id_history and a.tipo = 'ANULACION') as anulada"));
  return wherePacienteInScope(q, 'h.id_paciente', viewer.scope);
}

export interface HistorialRow {
  id_history: number; id_paciente: number; autoria: 'PACIENTE' | 'PSICOLOGO'; titulo: string;
  diagnostico: string | null; tratamiento: string | null; observaciones: string | null;
  autor_psicologo: number | null; creado_local: string; anulada: boolean;
  meta_revision: string | null; meta_actualizado: Date | null;
}

/** Who wrote the entry: the patient, or the psychologist who recorded it (none once they left the directory). */
export function autorOf(row: HistorialRow): { reference: string } | undefined {
  if (row.autoria === 'PACIENTE') return ref('Patient', row.id_paciente);
  return row.autor_psicologo !== null ? ref('Practitioner', row.autor_psicologo) : undefined;
}

export const creado = (row: HistorialRow, zone: string) => fhirDateTime(row.creado_local, zone);

/** A resource type over the entries that have `column`, mapped by `map`. */
export function historialType(type: string, column: 'diagnostico' | 'tratamiento', map: (row: any, zone: string) => FhirResource): FhirResourceType {
  return {
    type,
    params: { patient: { type: 'reference', documentation: 'The patient whose clinical history it is (Patient/<id>)' } },

    async read({ knex, zone }: FhirDb, viewer: FhirViewer, id: string) {
      const idHistory = intId(id);
      if (idHistory === null) return null;
      const row = await entries(knex, viewer, column).where('h.id_history', idHistory).first();
      return row ? map(row, zone) : null;
    },

    async search({ knex, zone }: FhirDb, viewer: FhirViewer, req: SearchRequest) {
      const q = entries(knex, viewer, column);
      whereIds(q, req.clauses, 'h.id_history');
      wherePatient(q, req.clauses, 'h.id_paciente');
      whereLastUpdated(q, req.clauses, zone);
      return keysetPage(q, 'h.id_history', 'id_history', req, (r) => map(r, zone));
    },

    exportPages({ knex, zone }: FhirDb, viewer: FhirViewer, window: ExportWindow, pageSize: number) {
      return exportByKey(() => whereInWindow(entries(knex, viewer, column), window), 'h.id_history', 'id_history', pageSize, (r) => map(r, zone));
    },

    deletedIds: ({ knex }: FhirDb, viewer: FhirViewer, window: ExportWindow) => deletedIdsOf(knex, viewer.scope, 'historial', window),

    patientsOf: subjectPatients,
  };
}
