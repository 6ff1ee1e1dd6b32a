import type { Context } from 'koa';
import { errors } from '../../platform/errors.ts';
import type { FhirResourceType, SearchClause, SearchRequest } from '../../queries/fhir/types.ts';

/** Parameters every type takes besides its own (docs/fhir.md "Searching"). */
export const COMMON_PARAMS = ['_id', '_lastUpdated'] as const;
/** Result parameters: how the page is made, not what matches. */
const RESULT_PARAMS = new Set(['_count', '_cursor', '_format', '_pretty']);
/** Values ORed in one parameter: enough for any client, not a way to make one search do the work of thousands. */
const MAX_VALUES = 100;
const JSON_FORMATS = new Set(['json', 'application/json', 'application/fhir+json']);

export interface CountLimits {
  defaultCount: number;
  maxCount: number;
}

/** `a,b\,c` → ['a', 'b,c'] (R4 §3.1.1.4.1: a backslash escapes a comma, `$` and `|` in values). */
function splitValues(value: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === '\\' && i + 1 < value.length) cur += value[++i];
    else if (ch === ',') { out.push(cur); cur = ''; }
    else cur += ch;
  }
  out.push(cur);
  return out;
}

function checkFormat(value: string): void {
  if (!JSON_FORMATS.has(value.split(';')[0].trim())) {
    throw errors.invalid(`_format no admitido: ${value}; este servidor solo habla JSON`, `Unsupported _format: ${value}; this server speaks JSON only`);
  }
}

/** `_count`: a page size; above the maximum it is the maximum (R4: a server may return fewer than asked, never more). */
function parseCount(value: string, limits: CountLimits): number {
  if (value === '0') {
    throw errors.invalid('_count=0 (solo el total, como _summary=count) no está admitido', '_count=0 (the total only, as _summary=count) is not supported');
  }
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) {
    throw errors.invalid(`_count: se esperaba un entero positivo (páginas de hasta ${limits.maxCount})`, `_count: expected a positive whole number (pages of up to ${limits.maxCount})`);
  }
  return Math.min(Number(value), limits.maxCount);
}

/** `_pretty` changes only the layout; true or false. */
function checkPretty(value: string): void {
  if (value !== 'true' && value !== 'false') throw errors.invalid('_pretty: se esperaba true o false', '_pretty: expected true or false');
}

/** A clause of a known parameter, its modifier checked; unknown names are a 400, never ignored. */
function clauseOf(type: FhirResourceType, key: string, value: string): SearchClause | null {
  const [name, modifier = null] = key.split(':', 2) as [string, string?];
  const def = type.params[name];
  if (!def && !(COMMON_PARAMS as readonly string[]).includes(name)) {
    throw errors.invalid(`Parámetro de búsqueda desconocido para ${type.type}: ${name}`, `Unknown search parameter for ${type.type}: ${name}`);
  }
  if (modifier !== null && !(def?.modifiers ?? []).includes(modifier)) {
    throw errors.invalid(`${name}: modificador no admitido :${modifier}`, `${name}: unsupported modifier :${modifier}`);
  }
  if (value === '') return null; // R4: an empty value is ignored
  const values = splitValues(value);
  if (values.length > MAX_VALUES) {
    throw errors.invalid(`${name}: como mucho ${MAX_VALUES} valores separados por comas`, `${name}: at most ${MAX_VALUES} comma-separated values`);
  }
  return { name, modifier, values };
}

/** The query's pairs; a NUL (`%00`) anywhere is a 400: no FHIR value holds one, and PostgreSQL text cannot. */
function queryPairs(ctx: Context): [string, string][] {
  const pairs = [...new URLSearchParams(ctx.querystring)];
  if (pairs.some(([k, v]) => k.includes('\0') || v.includes('\0'))) {
    throw errors.invalid('La consulta contiene un carácter NUL (%00)', 'The query contains a NUL character (%00)');
  }
  return pairs;
}

/** The search a query string asks for. */
export function parseSearch(ctx: Context, type: FhirResourceType, limits: CountLimits): SearchRequest {
  const req: SearchRequest = { clauses: [], count: limits.defaultCount, cursor: null };
  for (const [key, value] of queryPairs(ctx)) {
    if (RESULT_PARAMS.has(key)) {
      if (key === '_count') req.count = parseCount(value, limits);
      else if (key === '_cursor') req.cursor = value;
      else if (key === '_pretty') checkPretty(value);
      else checkFormat(value);
      continue;
    }
    const clause = clauseOf(type, key, value);
    if (clause) req.clauses.push(clause);
  }
  return req;
}

/** A read takes no parameters but `_format` and `_pretty`. */
export function checkReadQuery(ctx: Context): void {
  for (const [key, value] of queryPairs(ctx)) {
    if (key === '_format') checkFormat(value);
    else if (key === '_pretty') checkPretty(value);
    else throw errors.invalid(`Parámetro no admitido en una lectura: ${key}`, `Parameter not supported on a read: ${key}`);
  }
}
