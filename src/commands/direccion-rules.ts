import { errors } from '../platform/errors.ts';
import { form, s, type JsonSchema } from '../platform/validation.ts';

const SPAIN = new Set(['españa', 'espana', 'spain', 'es']);

/** The rule for any country, in the schema (and so in the OpenAPI document); Spain's is stricter, below. */
const CODIGO_POSTAL_PATTERN = form(
  '^[A-Za-z0-9 -]{3,10}$',
  'un código postal de 3 a 10 letras, dígitos, espacios o guiones (en España, cinco dígitos que empiezan por 01 a 52)',
  'a postal code of 3 to 10 letters, digits, spaces or hyphens (in Spain, five digits starting with 01 to 52)',
);
export const codigoPostalSchema = (): JsonSchema => s.string({ maxLength: 10, pattern: CODIGO_POSTAL_PATTERN, example: '28001' });

/** Spain: five digits, province 01–52. Elsewhere: 3 to 10 letters, digits, spaces or hyphens. */
export function validateCodigoPostal(codigoPostal: string, pais: string | null | undefined): void {
  const spanish = SPAIN.has((pais ?? '').trim().toLowerCase());
  const ok = spanish
    ? /^\d{5}$/.test(codigoPostal) && Number(codigoPostal.slice(0, 2)) >= 1 && Number(codigoPostal.slice(0, 2)) <= 52
    : new RegExp(CODIGO_POSTAL_PATTERN).test(codigoPostal);
  if (ok) return;
  if (spanish) {
    throw errors.invalid(
      'codigoPostal: se esperaba un código postal español, cinco dígitos que empiezan por 01 a 52',
      'codigoPostal: expected a Spanish postal code, five digits starting with 01 to 52',
    );
  }
  throw errors.invalid(
    'codigoPostal: se esperaba un código postal de 3 a 10 letras, dígitos, espacios o guiones',
    'codigoPostal: expected a postal code of 3 to 10 letters, digits, spaces or hyphens',
  );
}
