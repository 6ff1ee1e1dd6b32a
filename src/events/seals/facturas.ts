import type { SealSpec } from '../personal-data.ts';

// An invoice's recipient (the patient's name, NIF and address) is the patient's identity data,
// sealed under their keys like the rest of it. What the huella covers (issuer, number, date, type,
// totals, chain) stays readable, so the chain is verifiable whatever happens to the patient's keys
// (docs/billing.md "The chain and billing:verify"). The issuer's data are the issuer's fiscal
// identity, which every record and QR carries by law: not sealed.
const subject = (d: Record<string, any>) => `paciente-${d.idPaciente}`;

/** Seal specs of the billing area's events (see src/events/personal-data.ts). */
export const facturasSeals: Record<string, SealSpec> = {
  FacturaEmitida: { subject, fields: { destinatario: 'identity' } },
  RegistroFacturacionAltaGenerado: { subject, fields: { destinatario: 'identity' } },
};
