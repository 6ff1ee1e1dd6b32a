import type { SealSpec } from '../personal-data.ts';
import { claveFacturacion } from '../retencion-facturacion.ts';

// An invoice's recipient (the patient's name, NIF and address) is personal data that tax law
// obliges the issuer to keep for years, even after the patient's erasure (GDPR art. 17.3.b): it is
// sealed under the patient's BILLING key (`facturacion-paciente-{id}`), which erasure does not
// destroy and the retention job destroys BILLING_RETENTION_YEARS after the year of their latest
// invoice (docs/billing.md "Retention"). Invoices sealed before that key existed name the patient's
// own subject in their metadata and stay readable until the patient's identity key is destroyed.
// What the huella covers (issuer, number, date, type, totals, chain) stays readable, so the chain is
// verifiable whatever happens to either key. The issuer's data are the issuer's fiscal identity,
// which every record and QR carries by law: not sealed.
const subject = (d: Record<string, any>) => claveFacturacion(d.idPaciente);

/** Seal specs of the billing area's events (see src/events/personal-data.ts). */
export const facturasSeals: Record<string, SealSpec> = {
  FacturaEmitida: { subject, fields: { destinatario: 'identity' } },
  RegistroFacturacionAltaGenerado: { subject, fields: { destinatario: 'identity' } },
};
