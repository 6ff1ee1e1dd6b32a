import type { Knex } from 'knex';
import { errors } from '../../../platform/errors.ts';
import { clausesOf, dateCondition, intId, parseDate, parseToken } from '../params.ts';
import { CODE_SYSTEM_BASE } from '../format.ts';
import type { SearchClause } from '../types.ts';

// Patient's own search parameters (identifier, name, birthdate) as SQL on pacientes p + usuarios u.

/** The default system of our patient ids; a deployment names its own (FHIR_PATIENT_ID_SYSTEM). */
export const PACIENTE_SYSTEM = `${CODE_SYSTEM_BASE}/paciente`;
/** The Spanish DNI/NIE, as the Ministry of Health's FHIR guide (ÚNICAS) names it. */
export const DNI_SYSTEM = 'urn:oid:1.3.6.1.4.1.19126.3';

/** Accents and case folded, so "jose" finds "José" (no unaccent extension needed). */
const FOLD_FROM = 'ÁÀÂÄÉÈÊËÍÌÎÏÓÒÔÖÚÙÛÜÑÇáàâäéèêëíìîïóòôöúùûüñç';
const FOLD_TO = 'AAAAEEEEIIIIOOOOUUUUNCaaaaeeeeiiiioooouuuunc';
const fold = (sql: string) => `lower(translate(${sql}, '${FOLD_FROM}', '${FOLD_TO}'))`;
const foldText = (text: string) => [...text].map((ch) => { const i = FOLD_FROM.indexOf(ch); return i < 0 ? ch : FOLD_TO[i]; }).join('').toLowerCase();
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One identifier token as SQL: our patient id, the DNI (only when the viewer may see it), or nothing. */
function identifierCondition(value: string, dniVisible: boolean, pacienteSystem: string): [string, unknown[]] {
  const { system, code } = parseToken(value);
  const id = intId(code);
  const byId: [string, unknown[]] = id === null ? ['false', []] : ['p.id_paciente = ?', [id]];
  const byDni: [string, unknown[]] = dniVisible && code !== '' ? ['upper(u.dni) = upper(?)', [code]] : ['false', []];
  if (system === null) return [`(${byId[0]} or ${byDni[0]})`, [...byId[1], ...byDni[1]]];
  if (system === pacienteSystem) return byId;
  if (system === DNI_SYSTEM) return byDni;
  return ['false', []]; // `|code` (no system) or a system we do not issue: no identifier of ours
}

/** `name` (any word of nombre or apellido starts with), `:exact` (the whole nombre, apellido or a given name), `:contains`. */
function nameCondition(modifier: string | null, value: string): [string, unknown[]] {
  if (modifier === 'exact') return ["(u.apellido = ? or u.nombre = ? or ? = any(regexp_split_to_array(u.nombre, '\\s+')))", [value, value, value]];
  const v = likeLiteral(foldText(value.trim()));
  if (v === '') throw errors.invalid('name: el valor está vacío', 'name: empty value');
  const cols = [fold('u.nombre'), fold('u.apellido')];
  if (modifier === 'contains') return [cols.map((c) => `${c} like ?`).join(' or '), [`%${v}%`, `%${v}%`]];
  return [cols.map((c) => `(${c} like ? or ${c} like ?)`).join(' or '), [`${v}%`, `% ${v}%`, `${v}%`, `% ${v}%`]];
}

function orClauses(q: Knex.QueryBuilder, conds: [string, unknown[]][]): void {
  q.where((w) => { for (const [sql, b] of conds) w.orWhereRaw(sql, b as never[]); });
}

/** identifier, name and birthdate clauses (each ANDed, values ORed). */
export function wherePatientParams(q: Knex.QueryBuilder, clauses: SearchClause[], zone: string, dniVisible: boolean, pacienteSystem = PACIENTE_SYSTEM): Knex.QueryBuilder {
  for (const c of clausesOf(clauses, 'identifier')) orClauses(q, c.values.map((v) => identifierCondition(v, dniVisible, pacienteSystem)));
  for (const c of clausesOf(clauses, 'name')) orClauses(q, c.values.map((v) => nameCondition(c.modifier, v)));
  for (const c of clausesOf(clauses, 'birthdate')) {
    // A birth date is the day's start on the wall clock; the value's precision gives the range.
    orClauses(q, c.values.map((v) => dateCondition("(p.fecha_nacimiento || 'T00:00:00')", parseDate('birthdate', v, zone), true)));
  }
  return q;
}
