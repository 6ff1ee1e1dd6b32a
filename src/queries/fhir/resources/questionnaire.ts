import { instrumentos, type Instrumento, type Texto } from '../../../events/instrumentos.ts';
import { errors } from '../../../platform/errors.ts';
import { clausesOf, decodeCursor, encodeCursor, parseDate, parseToken } from '../params.ts';
import type { FhirDb, FhirMeta, FhirResource, FhirResourceType, SearchClause } from '../types.ts';
import { startMatches } from './slot-window.ts';
import { answerCoding, contentVersion, itemCoding, panelCoding, questionnaireId, questionnaireUrl, tokenNames } from './instrument-codes.ts';

// Questionnaire ← the outcome instruments' data files (src/events/instrumentos/*.json): docs/fhir.md
// "Questionnaire". Definitions, not anyone's records: every signed-in person may read them (a
// machine client with the type in its scopes). They are not in the event log: meta.versionId is a
// hash of the file's content and lastUpdated the date the file says it last changed (`actualizado`;
// none without it); a `_since` export leaves them out (its window is of log positions), a full
// export carries them.

const TRANSLATION = 'http://hl7.org/fhir/StructureDefinition/translation';
const ORDINAL = 'http://hl7.org/fhir/StructureDefinition/ordinalValue';

/** The English text of a Spanish element (`_text`, `_title`): the translation extension. */
const english = (t: Texto) => ({ extension: [{ url: TRANSLATION, extension: [{ url: 'lang', valueCode: 'en' }, { url: 'content', valueString: t.en }] }] });

/** A computable name (cnl-0: starts with a capital, letters, digits and `_`). */
const computableName = (i: Instrumento) => i.codigo.replace(/[^A-Za-z0-9]/g, '_').replace(/^(?=[^A-Z])/, 'Q');

/** The file's `actualizado` as an instant (its UTC midnight), when it is a date. */
function updatedAt(i: Instrumento): number | null {
  const at = i.actualizado && /^\d{4}-\d{2}-\d{2}$/.test(i.actualizado) ? Date.parse(`${i.actualizado}T00:00:00Z`) : NaN;
  return Number.isNaN(at) ? null : at;
}

function meta(i: Instrumento): FhirMeta {
  const at = updatedAt(i);
  return { versionId: contentVersion(i), ...(at === null ? {} : { lastUpdated: new Date(at).toISOString() }) };
}

export function toQuestionnaire(i: Instrumento, canonicalBase: string | undefined): FhirResource {
  return {
    resourceType: 'Questionnaire', id: questionnaireId(i), meta: meta(i),
    language: 'es',
    url: questionnaireUrl(i, canonicalBase),
    name: computableName(i),
    title: i.nombre.es, _title: english(i.nombre),
    status: 'active',
    ...(updatedAt(i) === null ? {} : { date: i.actualizado }),
    subjectType: ['Patient'],
    description: i.instrucciones.es, _description: english(i.instrucciones),
    // Who wrote it and the licence that lets us reproduce it, as the data file cites them.
    copyright: [i.fuente.autores, i.fuente.licencia, i.fuente.url].filter(Boolean).join(' '),
    code: [panelCoding(i)],
    item: i.items.map((it) => ({
      linkId: String(it.numero),
      code: [itemCoding(i, it)],
      prefix: `${it.numero}.`,
      text: it.texto.es, _text: english(it.texto),
      type: 'choice',
      required: true,
      answerOption: i.opciones.map((o) => ({
        extension: [{ url: ORDINAL, valueDecimal: o.valor }],
        valueCoding: { ...answerCoding(i, o), _display: english(o.texto) },
      })),
    })),
  };
}

/** The instruments a search's `_id`, `url`, `code` and `_lastUpdated` clauses keep, in code order. */
function matching(clauses: SearchClause[], rc: FhirDb): Instrumento[] {
  const updated = lastUpdatedRanges(clauses, rc.zone);
  return [...instrumentos().values()].sort((a, b) => a.codigo.localeCompare(b.codigo)).filter((i) =>
    clausesOf(clauses, '_id').every((c) => c.values.includes(questionnaireId(i)))
    && clausesOf(clauses, 'url').every((c) => c.values.includes(questionnaireUrl(i, rc.canonicalBase)))
    && clausesOf(clauses, 'code').every((c) => c.values.map(parseToken).some((t) => tokenNames(t, panelCoding(i))))
    // Without a date of its own an instrument matches no `_lastUpdated` clause.
    && updated.every((ranges) => { const at = updatedAt(i); return at !== null && ranges.some((r) => startMatches(at, r)); }));
}

/** `_lastUpdated` clauses (ANDed; each one's values ORed), checked as on every type. */
function lastUpdatedRanges(clauses: SearchClause[], zone: string) {
  return clausesOf(clauses, '_lastUpdated').map((c) => {
    if (c.modifier) throw errors.invalid(`_lastUpdated: modificador no admitido :${c.modifier}`, `_lastUpdated: unsupported modifier :${c.modifier}`);
    return c.values.map((v) => parseDate('_lastUpdated', v, zone));
  });
}

const canonical = (rc: FhirDb) => rc.canonicalBase;

export const questionnaireType: FhirResourceType = {
  type: 'Questionnaire',
  params: {
    url: { type: 'uri', documentation: 'The canonical URL (<base>/Questionnaire/<id>)' },
    code: { type: 'token', documentation: 'The instrument\'s code: http://loinc.org|44249-1 (PHQ-9), |69737-5 (GAD-7)' },
  },
  async read(rc, _viewer, id) {
    const i = [...instrumentos().values()].find((x) => questionnaireId(x) === id);
    return i ? toQuestionnaire(i, canonical(rc)) : null;
  },
  async search(rc, _viewer, req) {
    const all = matching(req.clauses, rc);
    const from = req.cursor === null ? 0 : (decodeCursor(req.cursor, ['int'])[0] as number);
    const page = all.slice(from, from + req.count);
    return { resources: page.map((i) => toQuestionnaire(i, canonical(rc))), next: from + req.count < all.length ? encodeCursor([from + req.count]) : null };
  },
  // Only a full export (no `_since`) carries them: they change with a deployment, not in the log.
  async *exportPages(rc, _viewer, window) {
    if (window.since !== null) return;
    yield matching([], rc).map((i) => toQuestionnaire(i, canonical(rc)));
  },
  patientsOf: () => [],
};
