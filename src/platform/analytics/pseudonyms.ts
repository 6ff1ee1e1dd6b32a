import { createHmac } from 'node:crypto';

// Analysts see people and records only as pseudonyms: a keyed hash (HMAC-SHA-256) of the kind and
// the id with the deployment's ANALYTICS_PEPPER. The same pepper gives the same pseudonyms in every
// rebuild; without it, nobody can go from an id to its pseudonym, nor try every id to go back.

export type PseudonymKind = 'paciente' | 'psicologo' | 'cita' | 'sesion' | 'diario' | 'progreso' | 'factura' | 'respuesta';

export type Pseudonymizer = (kind: PseudonymKind, id: number) => string;

/** 20 hex digits (80 bits): no collision in any practice's lifetime, short enough for a BI tool's tables. */
export function pseudonymizer(pepper: string): Pseudonymizer {
  const key = Buffer.from(pepper, 'utf8');
  return (kind, id) => createHmac('sha256', key).update(`${kind}:${id}`).digest('hex').slice(0, 20);
}
