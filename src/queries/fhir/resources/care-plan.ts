import { metaOf } from '../meta.ts';
import type { FhirResource } from '../types.ts';
import { ref } from './clinical-search.ts';
import { autorOf, creado, historialType, type HistorialRow } from './historial-common.ts';

// CarePlan ← a clinical-history entry's treatment (docs/fhir.md "CarePlan").

function toCarePlan(row: HistorialRow, zone: string): FhirResource {
  const autor = autorOf(row);
  return {
    resourceType: 'CarePlan',
    id: String(row.id_history),
    meta: metaOf(row),
    // Annulled by a signed addendum: entered-in-error; otherwise the plan stands.
    status: row.anulada ? 'entered-in-error' : 'active',
    intent: 'plan',
    title: row.titulo,
    description: row.tratamiento,
    subject: ref('Patient', row.id_paciente),
    created: creado(row, zone),
    ...(autor ? { author: autor } : {}),
    // The same entry's diagnosis, when it has one, is the Condition this plan addresses.
    ...(row.diagnostico ? { addresses: [ref('Condition', row.id_history)] } : {}),
  };
}

export const carePlanType = historialType('CarePlan', 'tratamiento', toCarePlan);
