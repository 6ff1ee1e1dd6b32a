import type { FhirResourceType } from './types.ts';
import { communicationType } from './resources/communication.ts';
import { observationType } from './resources/observation.ts';
import { carePlanType } from './resources/care-plan.ts';
import { conditionType } from './resources/condition.ts';
import { documentReferenceType } from './resources/document-reference.ts';
import { encounterType } from './resources/encounter.ts';
import { groupType } from './resources/group.ts';
import { patientType } from './resources/patient.ts';
import { practitionerType } from './resources/practitioner.ts';
import { practitionerRoleType } from './resources/practitioner-role.ts';
import { scheduleType } from './resources/schedule.ts';
import { appointmentType } from './resources/appointment.ts';
import { slotType } from './resources/slot.ts';
import { provenanceType } from './resources/provenance.ts';
import { invoiceType } from './resources/invoice.ts';
import { chargeItemType } from './resources/charge-item.ts';
import { questionnaireType } from './resources/questionnaire.ts';
import { questionnaireResponseType } from './resources/questionnaire-response.ts';

/** Every resource type the FHIR API serves, in the CapabilityStatement's order. */
export const fhirResourceTypes: FhirResourceType[] = [
  patientType,
  practitionerType,
  practitionerRoleType,
  scheduleType,
  slotType,
  appointmentType,
  encounterType,
  documentReferenceType,
  conditionType,
  carePlanType,
  observationType,
  questionnaireType,
  questionnaireResponseType,
  communicationType,
  chargeItemType,
  invoiceType,
  provenanceType,
  groupType,
];

const byName = new Map(fhirResourceTypes.map((t) => [t.type, t]));

export const fhirType = (name: string): FhirResourceType | undefined => byName.get(name);
