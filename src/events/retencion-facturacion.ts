import type { DomainEvent } from './domain-event.ts';

// Retention of the personal data on an erased patient's invoices (docs/billing.md "Retention").
// The recipient of an invoice (name, NIF, address) is sealed under a key of its own per patient,
// not under the patient's identity key: erasure leaves it, because tax law obliges the issuer to
// keep the invoices (GDPR art. 17.3.b); the retention job destroys it once that obligation ends.

/** The key the recipient on a patient's invoices and VERI*FACTU records is sealed under. */
const PREFIJO = 'facturacion-paciente-';
export const claveFacturacion = (idPaciente: number) => `${PREFIJO}${idPaciente}`;

/**
 * The retention period of an erased patient's invoices ended (BILLING_RETENTION_YEARS after the end
 * of the year of their latest invoice): their billing key is destroyed. Names no person.
 */
export type ClaveFacturacionDestruida = DomainEvent<'ClaveFacturacionDestruida', {
  idPaciente: number;
  /** The year of the patient's latest invoice. */
  ultimoAnio: number;
  retencionAnios: number;
}>;

/** One stream per patient, written once: its expected revision (noStream) makes the job record it once. */
export const retencionFacturacionStream = (idPaciente: number) => `retencion-facturacion-${idPaciente}`;

/**
 * Whether an invoice's (or its registro's) recipient was sealed under the billing key, which
 * erasure leaves; false for one sealed before that key existed (under the patient's own identity
 * key, which erasure destroys) and for one without a recipient.
 */
export const destinatarioRetenido = (stored: { metadata: { sealing?: { subject: string } } }) =>
  stored.metadata.sealing?.subject.startsWith(PREFIJO) ?? false;
