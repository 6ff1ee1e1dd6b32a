import { metaOf } from '../meta.ts';
import type { FhirResource } from '../types.ts';
import { ref } from './clinical-search.ts';
import { autorOf, creado, historialType, type HistorialRow } from './historial-common.ts';

// Condition ← a clinical-history entry's diagnosis (docs/fhir.md "Condition"). The diagnosis is
// free text: code.text only, no coding is invented for it.

const coded = (system: string, code: string) => ({ coding: [{ system, code }] });
const CLINICAL = 'http://terminology.hl7.org/CodeSystem/condition-clinical';
const VERIFICATION = 'http://terminology.hl7.org/CodeSystem/condition-ver-status';

/**
 * Written by the psychologist: confirmed. Written by the patient: unconfirmed (a self-report,
 * not a clinician's diagnosis). Annulled by a signed addendum: entered-in-error, without a
 * clinical status (con-5).
 */
function statusOf(row: HistorialRow) {
  if (row.anulada) return { verificationStatus: coded(VERIFICATION, 'entered-in-error') };
  return {
    clinicalStatus: coded(CLINICAL, 'active'),
    verificationStatus: coded(VERIFICATION, row.autoria === 'PSICOLOGO' ? 'confirmed' : 'unconfirmed'),
  };
}

function toCondition(row: HistorialRow, zone: string): FhirResource {
  const autor = autorOf(row);
  return {
    resourceType: 'Condition',
    id: String(row.id_history),
    meta: metaOf(row),
    ...statusOf(row),
    category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-category', code: 'problem-list-item', display: 'Problem List Item' }] }],
    code: { text: row.diagnostico },
    subject: ref('Patient', row.id_paciente),
    recordedDate: creado(row, zone),
    ...(autor ? { recorder: autor, asserter: autor } : {}),
    ...(row.observaciones ? { note: [{ text: row.observaciones }] } : {}),
  };
}

export const conditionType = historialType('Condition', 'diagnostico', toCondition);
