import { huellaAlta, huellaAnulacion } from './huella.ts';
import type { RegistroAlta, RegistroAnterior, RegistroAnulacion } from './tipos.ts';

// The chain of an issuer's records: each record carries the identity and huella of the one before
// it, and its own huella covers that previous huella, so changing, removing or reordering any
// record breaks every huella after it.

export type RegistroEncadenado =
  | { tipo: 'alta'; registro: RegistroAlta; huella: string }
  | { tipo: 'anulacion'; registro: RegistroAnulacion; huella: string };

/** What the next record's Encadenamiento/RegistroAnterior says about this one. */
export function anteriorDe(r: RegistroEncadenado): RegistroAnterior {
  const id = r.tipo === 'alta' ? r.registro.factura : r.registro.anulada;
  return { ...id, huella: r.huella };
}

export const huellaDe = (r: RegistroEncadenado) => (r.tipo === 'alta' ? huellaAlta(r.registro) : huellaAnulacion(r.registro));

export interface Rotura {
  /** Position in the list given (0 = first record). */
  indice: number;
  motivo: 'huella' | 'encadenamiento';
}

const mismoAnterior = (a: RegistroAnterior | null, b: RegistroAnterior | null) =>
  a === null || b === null ? a === b
    : a.idEmisor === b.idEmisor && a.numSerie === b.numSerie && a.fechaExpedicion === b.fechaExpedicion && a.huella === b.huella;

/**
 * What is wrong with one record, given what the record before it says (`esperado`, null for the
 * first): a link that does not name it ('encadenamiento'), or a stored huella that is not the one
 * its fields give ('huella'); null when it holds. One record at a time, so a long chain can be
 * checked as it is read, keeping only the last record's identity.
 */
export function roturaDe(r: RegistroEncadenado, esperado: RegistroAnterior | null): Rotura['motivo'] | null {
  if (!mismoAnterior(r.registro.anterior, esperado)) return 'encadenamiento';
  if (huellaDe(r) !== r.huella) return 'huella';
  return null;
}

/** The first record, in chain order, that does not hold (roturaDe); null if the chain holds. */
export function primeraRotura(registros: readonly RegistroEncadenado[]): Rotura | null {
  for (let i = 0; i < registros.length; i++) {
    const motivo = roturaDe(registros[i], i === 0 ? null : anteriorDe(registros[i - 1]));
    if (motivo) return { indice: i, motivo };
  }
  return null;
}
