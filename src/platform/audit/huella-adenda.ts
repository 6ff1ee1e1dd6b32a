import { createHmac, hash as oneShot, randomBytes, timingSafeEqual } from 'node:crypto';
import { canonicalJson } from './leaf.ts';

// An addendum's own fingerprint, its `huella` (docs/audit.md "Addenda"). Its text is health data,
// sealed in the log; the huella is stored in the clear beside it, so it must not let anyone who
// holds the events (an audit bundle) confirm a guessed text.
//
// Version 1 (addenda recorded before issue 31): base64 SHA-256 of JCS({tipo, texto, referencia}).
// Unkeyed: a dictionary of candidate texts confirms the text from the bundle alone, even after the
// clinical key is shredded. Those events stay in the append-only log as they were.
//
// Version 2: base64 HMAC-SHA-256 of the same JCS, keyed by `claveHuella`, 32 random bytes of the
// addendum's own, sealed with the text under the patient's clinical key. Whoever reads the text
// (the psychologist, the patient, the administrator's audit replay) reads the key and checks the
// huella; nobody else can test a guess, and once the clinical key is shredded nobody can.

export const HUELLA_ADENDA_VERSION = 2 as const;

export interface ContenidoAdenda {
  tipo: string;
  texto: string;
  referencia: string;
}

/** A fresh key for one addendum's huella (base64 of 32 random bytes). */
export const nuevaClaveHuella = (): string => randomBytes(32).toString('base64');

const jcs = (a: ContenidoAdenda) => canonicalJson({ tipo: a.tipo, texto: a.texto, referencia: a.referencia });

/** Version 1, unkeyed: kept only to verify addenda recorded before version 2. */
export const huellaAdendaV1 = (a: ContenidoAdenda): string => oneShot('sha256', jcs(a), 'base64');

/** Version 2: HMAC-SHA-256 keyed by the addendum's sealed `claveHuella`. */
export function huellaAdenda(claveHuella: string, a: ContenidoAdenda): string {
  return createHmac('sha256', Buffer.from(claveHuella, 'base64')).update(jcs(a), 'utf8').digest('base64');
}

export interface AdendaFirmada {
  tipo: string;
  texto: string | null;
  referencia: string;
  huella: string;
  /** Absent (or 1) in addenda recorded before version 2. */
  huellaVersion?: number | null;
  claveHuella?: string | null;
}

/**
 * Whether the addendum's huella matches its content: true or false, or null when it cannot be
 * told (the text or, for version 2, the key was erased with the patient's clinical key).
 */
export function verificaHuellaAdenda(a: AdendaFirmada): boolean | null {
  if (a.texto === null) return null;
  const content = { tipo: a.tipo, texto: a.texto, referencia: a.referencia };
  let expected: string;
  if ((a.huellaVersion ?? 1) === 1) expected = huellaAdendaV1(content);
  else if (a.huellaVersion === HUELLA_ADENDA_VERSION) {
    if (!a.claveHuella) return null;
    expected = huellaAdenda(a.claveHuella, content);
  } else return false;
  const [x, y] = [Buffer.from(expected, 'base64'), Buffer.from(a.huella, 'base64')];
  return x.length === y.length && timingSafeEqual(x, y);
}
