import type { Knex } from 'knex';
import { fhirInstant } from '../format.ts';
import { joinVersion, META_COLUMNS, metaOf, whereInWindow, whereLastUpdated } from '../meta.ts';
import { intId } from '../params.ts';
import type { ExportWindow, FhirDb, FhirResource, FhirResourceType, FhirViewer, SearchRequest } from '../types.ts';
import { deletedIdsOf, exportByKey, keysetPage, ref, subjectPatients, whereDate, whereIds, wherePatient } from './clinical-search.ts';

// Communication ← mensajes (docs/fhir.md "Communication"). Users become the Patient or
// Practitioner they are; the administrator, who has no FHIR resource, a display only.

const ADMIN = { display: 'Administración de la consulta' };

/**
 * Messages the viewer may read, as the REST chat: the two parties, and an administrator (or a
 * system client) all of them; an erased patient's conversations are gone.
 */
function mensajes(knex: Knex, viewer: FhirViewer): Knex.QueryBuilder {
  const q = joinVersion(knex('mensajes as m'), 'mensaje', 'm.id_mensaje').whereNull('v.eliminado_posicion')
    .leftJoin('pacientes as pa_s', 'pa_s.id_usuario', 'm.sender_id').leftJoin('psicologos as ps_s', 'ps_s.id_usuario', 'm.sender_id')
    .leftJoin('pacientes as pa_r', 'pa_r.id_usuario', 'm.receiver_id').leftJoin('psicologos as ps_r', 'ps_r.id_usuario', 'm.receiver_id')
    .select('m.id_mensaje', 'm.id_paciente', 'm.mensaje', 'm.enviado_en', 'm.leido', 'm.leido_en',
      'pa_s.id_paciente as de_paciente', 'ps_s.id_psicologo as de_psicologo', 'pa_r.id_paciente as a_paciente', 'ps_r.id_psicologo as a_psicologo', ...META_COLUMNS);
  if (viewer.scope.kind === 'all') return q;
  const me = viewer.who.idUsuario ?? -1;
  return q.where((w) => w.where('m.sender_id', me).orWhere('m.receiver_id', me));
}

const party = (idPaciente: number | null, idPsicologo: number | null) =>
  idPaciente !== null ? ref('Patient', idPaciente) : idPsicologo !== null ? ref('Practitioner', idPsicologo) : ADMIN;

function toCommunication(row: any): FhirResource {
  return {
    resourceType: 'Communication',
    id: String(row.id_mensaje),
    meta: metaOf(row),
    status: 'completed',
    ...(row.id_paciente !== null ? { subject: ref('Patient', row.id_paciente) } : {}),
    sent: fhirInstant(row.enviado_en),
    ...(row.leido && row.leido_en ? { received: fhirInstant(row.leido_en) } : {}),
    recipient: [party(row.a_paciente, row.a_psicologo)],
    sender: party(row.de_paciente, row.de_psicologo),
    // An erased text (crypto-shredding) leaves who wrote to whom and when, without a payload.
    ...(row.mensaje !== null ? { payload: [{ contentString: row.mensaje }] } : {}),
  };
}

export const communicationType: FhirResourceType = {
  type: 'Communication',
  params: {
    patient: { type: 'reference', documentation: 'The patient the conversation is about (Patient/<id>)' },
    sent: { type: 'date', documentation: 'When the message was sent' },
  },

  async read({ knex }: FhirDb, viewer: FhirViewer, id: string) {
    const idMensaje = intId(id);
    if (idMensaje === null) return null;
    const row = await mensajes(knex, viewer).where('m.id_mensaje', idMensaje).first();
    return row ? toCommunication(row) : null;
  },

  async search({ knex, zone }: FhirDb, viewer: FhirViewer, req: SearchRequest) {
    const q = mensajes(knex, viewer);
    whereIds(q, req.clauses, 'm.id_mensaje');
    wherePatient(q, req.clauses, 'm.id_paciente');
    whereDate(q, req.clauses, 'sent', 'm.enviado_en', zone, false);
    whereLastUpdated(q, req.clauses, zone);
    return keysetPage(q, 'm.id_mensaje', 'id_mensaje', req, toCommunication);
  },

  exportPages({ knex }: FhirDb, viewer: FhirViewer, window: ExportWindow, pageSize: number) {
    return exportByKey(() => whereInWindow(mensajes(knex, viewer), window), 'm.id_mensaje', 'id_mensaje', pageSize, toCommunication);
  },

  /** Messages are never deleted one by one; an erased patient's leave with them. */
  deletedIds: ({ knex }: FhirDb, viewer: FhirViewer, window: ExportWindow) => deletedIdsOf(knex, viewer.scope, 'mensaje', window),

  patientsOf: subjectPatients,
};
