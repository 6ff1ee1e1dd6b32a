import { createHash } from 'node:crypto';
import type { Instrumento, Item, Opcion } from '../../../events/instrumentos.ts';
import { CODE_SYSTEM_BASE } from '../format.ts';

// The codes of the outcome instruments (src/events/instrumentos/*.json) as FHIR sees them: LOINC
// where the data file gives a LOINC code, else a code system of our own per instrument (a third
// instrument without LOINC codes needs no code here). Shared by Questionnaire,
// QuestionnaireResponse and the score Observations (docs/fhir.md "Questionnaire").

export const LOINC = 'http://loinc.org';

/** Our canonicals' base when PUBLIC_BASE_URL is not set: beside our code systems, never the request's host. */
export const DEFAULT_CANONICAL_BASE = 'https://practice.example/fhir';

/** The Questionnaire's id: the instrument's code in lower case (`PHQ-9` → `phq-9`). */
export const questionnaireId = (i: Instrumento): string => i.codigo.toLowerCase();

/** Its canonical URL: its read URL under PUBLIC_BASE_URL's FHIR base, or under our default base. */
export function questionnaireUrl(i: Instrumento, canonicalBase: string | undefined): string {
  return `${canonicalBase ?? DEFAULT_CANONICAL_BASE}/Questionnaire/${questionnaireId(i)}`;
}

/** The code system of an instrument's own codes (items, answers or panel without LOINC). */
const ownSystem = (i: Instrumento, what: 'item' | 'respuesta' | 'instrumento' | 'puntuacion') =>
  `${CODE_SYSTEM_BASE}/cuestionario/${questionnaireId(i)}/${what}`;

export function itemCoding(i: Instrumento, item: Item, lang: 'es' | 'en' = 'en') {
  return item.loinc ? { system: LOINC, code: item.loinc, display: item.texto[lang] } : { system: ownSystem(i, 'item'), code: String(item.numero), display: item.texto[lang] };
}

/** An answer as a Coding: the LOINC answer (LA…) or our own code (the value). */
export function answerCoding(i: Instrumento, o: Opcion, lang: 'es' | 'en' = 'es') {
  return o.loinc ? { system: LOINC, code: o.loinc, display: o.texto[lang] } : { system: ownSystem(i, 'respuesta'), code: String(o.valor), display: o.texto[lang] };
}

/** The instrument (panel) code. */
export function panelCoding(i: Instrumento) {
  return i.loinc.panel ? { system: LOINC, code: i.loinc.panel, display: i.nombre.en } : { system: ownSystem(i, 'instrumento'), code: questionnaireId(i), display: i.nombre.en };
}

/** The total score's code (the score Observation's `code`). */
export function totalCoding(i: Instrumento) {
  const display = `${i.nombre.en}: total score`;
  return i.loinc.total ? { system: LOINC, code: i.loinc.total, display } : { system: ownSystem(i, 'puntuacion'), code: 'total', display };
}

/** Whether a token `[system|]code` names this coding. */
export const tokenNames = (t: { system: string | null; code: string }, c: { system: string; code: string }) =>
  t.code === c.code && (t.system === null || t.system === c.system);

/** A version id of the instrument's content: it changes when its data file does (a FHIR id, 16 hex digits). */
export function contentVersion(i: Instrumento): string {
  return createHash('sha256').update(JSON.stringify(i)).digest('hex').slice(0, 16);
}
