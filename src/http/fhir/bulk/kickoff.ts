import type { Context } from 'koa';
import { DateTime } from 'luxon';
import { errors } from '../../../platform/errors.ts';
import { fhirResourceTypes } from '../../../queries/fhir/registry.ts';
import type { FhirViewer } from '../../../queries/fhir/types.ts';

// What a Bulk Data kick-off asks for (HL7 Bulk Data Access IG 2.0.0, "Bulk Data Kick-off
// Request"), checked before anything is queued. Whatever this server does not support is refused
// with a 400 OperationOutcome, or, under `Prefer: handling=lenient`, ignored and named in the
// manifest's `error` file.

export type Level = 'system' | 'patient' | 'group';

export interface KickoffRequest {
  tipos: string[];
  since: Date | null;
  sinceText: string | null;
  /** Parameters (and `_type` values) ignored under handling=lenient. */
  ignored: string[];
}

const OUTPUT_FORMATS = new Set(['application/fhir+ndjson', 'application/ndjson', 'ndjson']);
/** Parameters of the IG this server does not implement (POST-only `patient` included: no POST kick-off). */
const UNSUPPORTED = new Set(['_typeFilter', '_elements', 'includeAssociatedData', 'patient', 'organizeOutputBy', 'allowPartialManifests']);
/** Types outside the Patient compartment: a Patient or Group export leaves them out unless `_type` names them. */
const NOT_IN_COMPARTMENT = new Set(['Practitioner', 'PractitionerRole', 'Schedule', 'Slot', 'Group', 'Questionnaire', 'Organization', 'Location']);
/** FHIR R4's instant (datatypes.html#instant): no year 0000, offsets up to ±14:00; luxon then refuses impossible dates. */
const INSTANT = /^([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]{1,9})?(Z|[+-]((0[0-9]|1[0-3]):[0-5][0-9]|14:00))$/;
const ACCEPTED = new Set(['application/fhir+json', 'application/json', '*/*', 'application/*']);

/** The `Prefer` tokens, lowercased (several headers arrive joined by commas). */
export function preferences(ctx: Context): Set<string> {
  return new Set(ctx.get('Prefer').split(/[,;]/).map((p) => p.trim().toLowerCase().replace(/\s*=\s*/, '=')).filter(Boolean));
}

/** The IG requires `Prefer: respond-async`; `Accept`, when given, must allow an OperationOutcome in JSON. */
export function checkHeaders(ctx: Context): void {
  if (!preferences(ctx).has('respond-async')) {
    throw errors.invalid('Una exportación necesita la cabecera Prefer: respond-async', 'A bulk export requires the header Prefer: respond-async');
  }
  const accept = ctx.get('Accept');
  if (accept && !accept.split(',').some((a) => ACCEPTED.has(a.split(';')[0].trim().toLowerCase()))) {
    throw errors.invalid(`Accept no admitido: ${accept}; use application/fhir+json`, `Unsupported Accept: ${accept}; use application/fhir+json`);
  }
}

/** `_since` as a FHIR instant (a `+` sent unencoded arrives as a space: taken back). */
function parseSince(raw: string): Date {
  const text = raw.replace(/ (\d{2}:\d{2})$/, '+$1');
  const dt = INSTANT.test(text) ? DateTime.fromISO(text, { setZone: true }) : null;
  if (!dt?.isValid) {
    throw errors.invalid(`_since debe ser un instante FHIR (p. ej. 2026-01-31T10:00:00Z): ${raw}`, `_since must be a FHIR instant (e.g. 2026-01-31T10:00:00Z): ${raw}`);
  }
  return dt.toJSDate();
}

function single(params: URLSearchParams, name: string): string | null {
  const values = params.getAll(name);
  if (values.length > 1) throw errors.invalid(`${name} aparece más de una vez`, `${name} given more than once`);
  return values[0] ?? null;
}

/** The types to export: `_type`'s (each one served), else every served type of the level the viewer may read. */
function typesOf(params: URLSearchParams, level: Level, viewer: FhirViewer, lenient: boolean, ignored: string[]): string[] {
  const served = fhirResourceTypes.map((t) => t.type);
  const allowed = (t: string) => viewer.types === 'all' || viewer.types.has(t);
  const asked = params.getAll('_type').flatMap((v) => v.split(',')).map((t) => t.trim()).filter(Boolean);
  if (asked.length === 0) return served.filter((t) => allowed(t) && (level === 'system' || !NOT_IN_COMPARTMENT.has(t)));
  const tipos: string[] = [];
  for (const t of asked) {
    if (!served.includes(t)) {
      if (!lenient) throw errors.invalid(`_type: tipo de recurso no servido: ${t}`, `_type: resource type not served: ${t}`);
      ignored.push(`_type=${t}`);
    } else if (!allowed(t)) {
      throw errors.forbidden();
    } else if (!tipos.includes(t)) {
      tipos.push(t);
    }
  }
  return tipos; // in the order asked
}

export function parseKickoff(ctx: Context, level: Level, viewer: FhirViewer): KickoffRequest {
  const lenient = preferences(ctx).has('handling=lenient');
  const params = new URLSearchParams(ctx.querystring);
  // Ignored names are kept in the job (jsonb): a NUL, which no FHIR value holds, is a 400 even under lenient.
  if ([...params].some(([k, v]) => k.includes('\0') || v.includes('\0'))) {
    throw errors.invalid('La consulta contiene un carácter NUL (%00)', 'The query contains a NUL character (%00)');
  }
  const ignored: string[] = [];
  for (const name of new Set(params.keys())) {
    if (['_outputFormat', '_type', '_since'].includes(name)) continue;
    if (!lenient) {
      const why = UNSUPPORTED.has(name) ? 'no admitido por este servidor' : 'desconocido';
      const whyEn = UNSUPPORTED.has(name) ? 'not supported by this server' : 'unknown';
      throw errors.invalid(`Parámetro de exportación ${why}: ${name}`, `Export parameter ${whyEn}: ${name}`);
    }
    ignored.push(name);
  }
  const format = single(params, '_outputFormat');
  if (format !== null && !OUTPUT_FORMATS.has(format)) {
    throw errors.invalid(`_outputFormat no admitido: ${format}; use application/fhir+ndjson`, `Unsupported _outputFormat: ${format}; use application/fhir+ndjson`);
  }
  const sinceText = single(params, '_since') || null;
  const since = sinceText === null ? null : parseSince(sinceText);
  return { tipos: typesOf(params, level, viewer, lenient, ignored), since, sinceText, ignored };
}
