// Spanish tax ids and their check characters: DNI (8 digits + letter), NIE (X/Y/Z + 7 digits +
// letter), the NIFs of natural persons without DNI or NIE (K/L/M + 7 digits + letter) and the NIFs
// of legal entities (the former CIF: letter + 7 digits + control digit or letter). Format and check
// character only; whether the id exists is AEAT's to say (its census service).

const LETRAS_DNI = 'TRWAGMYFPDXBNJZSQVHLCKE';
const LETRAS_CIF = 'JABCDEFGHI';

export type TipoNif = 'DNI' | 'NIE' | 'KLM' | 'CIF';

export interface NifValido {
  /** The id as AEAT wants it: 9 characters, uppercase, no separators. */
  nif: string;
  tipo: TipoNif;
}

const letraDni = (numero: string) => LETRAS_DNI[Number(numero) % 23];

/** The control of a legal entity's NIF: the digit 0–9 and its letter form J, A–I. */
function controlCif(digitos: string): { digito: string; letra: string } {
  let suma = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digitos[i]);
    // Positions 1, 3, 5, 7 (i even) count double, digit by digit; 2, 4, 6 count as they are.
    suma += i % 2 === 0 ? Math.trunc((2 * d) / 10) + ((2 * d) % 10) : d;
  }
  const control = (10 - (suma % 10)) % 10;
  return { digito: String(control), letra: LETRAS_CIF[control] };
}

function cifValido(nif: string): boolean {
  const [tipo, digitos, control] = [nif[0], nif.slice(1, 8), nif[8]];
  const esperado = controlCif(digitos);
  // Entities without share capital and non-residents (P Q R S W N, and ids starting 00) take a
  // letter; companies (A B E H) a digit; the rest either.
  if ('PQRSWN'.includes(tipo) || digitos.startsWith('00')) return control === esperado.letra;
  if ('ABEH'.includes(tipo)) return control === esperado.digito;
  return control === esperado.digito || control === esperado.letra;
}

/** Uppercase, without spaces, dots or hyphens (`12.345.678-z` -> `12345678Z`). */
export const normalizarNif = (valor: string) => valor.replace(/[\s.-]/g, '').toUpperCase();

/** The id normalized with its kind, or null when its format or check character is wrong. */
export function validarNif(valor: string): NifValido | null {
  const nif = normalizarNif(valor);
  if (/^\d{8}[A-Z]$/.test(nif)) return nif[8] === letraDni(nif.slice(0, 8)) ? { nif, tipo: 'DNI' } : null;
  if (/^[XYZ]\d{7}[A-Z]$/.test(nif)) {
    const numero = String('XYZ'.indexOf(nif[0])) + nif.slice(1, 8);
    return nif[8] === letraDni(numero) ? { nif, tipo: 'NIE' } : null;
  }
  if (/^[KLM]\d{7}[A-Z]$/.test(nif)) return nif[8] === letraDni(nif.slice(1, 8)) ? { nif, tipo: 'KLM' } : null;
  if (/^[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]$/.test(nif)) return cifValido(nif) ? { nif, tipo: 'CIF' } : null;
  return null;
}
