import type { Knex } from 'knex';
import { errors } from '../../../platform/errors.ts';
import { CODE_SYSTEM_BASE } from '../format.ts';
import { clausesOf, parseToken } from '../params.ts';
import type { SearchClause } from '../types.ts';

// Invoice's own token parameters (status, identifier) on facturas f; patient, subject and date
// are the clinical modules' building blocks (src/queries/fhir/resources/invoice.ts).

const STATUS_SYSTEM = 'http://hl7.org/fhir/invoice-status';
export const INVOICE_STATUS: Record<string, string> = { EMITIDA: 'issued', ANULADA: 'cancelled' };
const ESTADO: Record<string, string> = { issued: 'EMITIDA', cancelled: 'ANULADA' };
/** Invoice statuses we never emit: valid codes that match nothing. */
const OTHER_STATUSES = new Set(['draft', 'balanced', 'entered-in-error']);

/** An invoice number's identifier system: one per issuer (its NIF), since each issuer numbers from 1. */
export const NUMERO_FACTURA_SYSTEM = `${CODE_SYSTEM_BASE}/factura`;
export const numeroSystem = (nif: string) => `${NUMERO_FACTURA_SYSTEM}/${nif}`;

function estadoOf(value: string): string | null {
  const { system, code } = parseToken(value);
  if (system !== null && system !== STATUS_SYSTEM) return null;
  if (ESTADO[code]) return ESTADO[code];
  if (OTHER_STATUSES.has(code)) return null;
  throw errors.invalid(`status: valor no válido '${value}', se esperaba un InvoiceStatus`, `status: invalid value '${value}', expected an InvoiceStatus code`);
}

/** `[system|]numSerie`: a bare number matches any issuer's; a system must be an issuer's; `|value` matches nothing. */
function whereIdentifier(w: Knex.QueryBuilder, value: string): void {
  const { system, code } = parseToken(value);
  if (system === null) {
    w.orWhere('f.num_serie', code);
    return;
  }
  const prefix = `${NUMERO_FACTURA_SYSTEM}/`;
  if (!system.startsWith(prefix) || system.length === prefix.length) return;
  w.orWhere((b) => b.where('f.emisor_nif', system.slice(prefix.length)).where('f.num_serie', code));
}

export function whereInvoiceParams(q: Knex.QueryBuilder, clauses: SearchClause[]): Knex.QueryBuilder {
  for (const c of clausesOf(clauses, 'status')) {
    q.whereIn('f.estado', c.values.map(estadoOf).filter((e): e is string => e !== null));
  }
  for (const c of clausesOf(clauses, 'identifier')) {
    q.where((w) => {
      w.whereRaw('false');
      for (const v of c.values) whereIdentifier(w, v);
    });
  }
  return q;
}
