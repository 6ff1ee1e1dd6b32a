import { errors } from '../platform/errors.ts';

const SPAIN = new Set(['españa', 'espana', 'spain', 'es']);

/** Spain: five digits, province 01–52. Elsewhere: 3 to 10 letters, digits, spaces or hyphens. */
export function validateCodigoPostal(codigoPostal: string, pais: string | null | undefined): void {
  const spanish = SPAIN.has((pais ?? '').trim().toLowerCase());
  const ok = spanish
    ? /^\d{5}$/.test(codigoPostal) && Number(codigoPostal.slice(0, 2)) >= 1 && Number(codigoPostal.slice(0, 2)) <= 52
    : /^[A-Za-z0-9 -]{3,10}$/.test(codigoPostal);
  if (!ok) throw errors.invalid('Código postal no válido', 'Invalid postal code');
}
