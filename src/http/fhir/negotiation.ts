import type { Context, Next } from 'koa';
import { sendOutcome } from './outcome.ts';

// Content negotiation of reads, searches and metadata (R4 http.html §3.1.0.1.10): this server
// writes JSON only. `_format` overrides Accept; a client that asks only for what we cannot write
// (XML, Turtle, HTML) gets 406, not JSON it did not ask for.

/** `_format` values naming JSON (R4: json, application/json, application/fhir+json; parameters allowed). */
const JSON_FORMATS = new Set(['json', 'application/json', 'application/fhir+json']);
/** Accept media ranges JSON satisfies. */
const JSON_RANGES = new Set(['application/fhir+json', 'application/json', 'application/*', '*/*']);

const mediaType = (value: string) => value.split(';')[0].trim().toLowerCase();

/** Whether an Accept header admits JSON: a range of JSON's with a q above 0 (parameters such as fhirVersion aside). */
function acceptsJson(accept: string): boolean {
  if (accept.trim() === '') return true;
  return accept.split(',').some((range) => {
    const q = /;\s*q=([\d.]+)/i.exec(range);
    return JSON_RANGES.has(mediaType(range)) && (q === null || Number(q[1]) > 0);
  });
}

/** 406 OperationOutcome (in JSON, the one format we write) unless the request admits JSON. */
export async function jsonOnly(ctx: Context, next: Next): Promise<void> {
  const formats = new URLSearchParams(ctx.querystring).getAll('_format');
  const ok = formats.length > 0 ? formats.every((f) => JSON_FORMATS.has(mediaType(f))) : acceptsJson(ctx.get('Accept'));
  if (!ok) {
    const asked = formats.length > 0 ? `_format=${formats.join(',')}` : `Accept: ${ctx.get('Accept')}`;
    return sendOutcome(ctx, 406, {
      es: `Este servidor solo escribe FHIR JSON (application/fhir+json); no puede servir ${asked}`,
      en: `This server writes FHIR JSON only (application/fhir+json); ${asked} cannot be served`,
    });
  }
  await next();
}
