import { instrumentos, type Instrumento, type Texto } from '../../../events/instrumentos.ts';
import { errors } from '../../../platform/errors.ts';
import { clausesOf, decodeCursor, encodeCursor, parseDate, parseToken } from '../params.ts';
import type { FhirDb, FhirResource, FhirResourceType, SearchClause } from '../types.ts';
import { answerCoding, contentVersion, itemCoding, panelCoding, questionnaireId, questionnaireUrl, tokenNames } from './instrument-codes.ts';

// Questionnaire ← the outcome instruments' data files (src/events/instrumentos/*.json): docs/fhir.md
// "Questionnaire". Definitions, not anyone's records: every signed-in person may read them (a
// machine client with the type in its scopes). They are not in the event log: meta.versionId is a
// hash of the file's content and there is no lastUpdated, so `_lastUpdated` matches none and a
// `_since` export leaves them out (a full export carries them).

const TRANSLATION = 'http://hl7.org/fhir/StructureDefinition/translation';
const ORDINAL = 'http://hl7.org/fhir/StructureDefinition/ordinalValue';

/** The English text of a Spanish element (`_text`, `_title`): the translation extension. */
const english = (t: Texto) => ({ extension: [{ url: TRANSLATION, extension: [{ url: 'lang', valueCode: 'en' }, { url: 'content', valueString: t.en }] }] });

/** A computable name (cnl-0: starts with a capital, letters, digits and `_`). */
const computableName = (i: Instrumento) => i.codigo.replace(/[^A-Za-z0-9]/g, '_').replace(/^(?=[^A-Z])/, 'Q');

export function toQuestionnaire(i: Instrumento, canonicalBase: string | undefined): FhirResource {
  return {
    resourceType: 'Questionnaire', id: questionnaireId(i), meta: { versionId: contentVersion(i) },
    language: 'es',
    url: questionnaireUrl(i, canonicalBase),
    name: computableName(i),
    title: i.nombre.es, _title: english(i.nombre),
    status: 'active',
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
function matching(clauses: SearchClause[], canonicalBase: string | undefined): Instrumento[] {
  return [...instrumentos().values()].sort((a, b) => a.codigo.localeCompare(b.codigo)).filter((i) =>
    clausesOf(clauses, '_id').every((c) => c.values.includes(questionnaireId(i)))
    && clausesOf(clauses, 'url').every((c) => c.values.includes(questionnaireUrl(i, canonicalBase)))
    && clausesOf(clauses, 'code').every((c) => c.values.map(parseToken).some((t) => tokenNames(t, panelCoding(i))))
    // No lastUpdated (not in the log): a `_lastUpdated` clause matches none.
    && clausesOf(clauses, '_lastUpdated').length === 0);
}

/** `_lastUpdated` values are still checked: a malformed one is a 400 as on every type. */
function checkLastUpdated(clauses: SearchClause[], zone: string): void {
  for (const c of clausesOf(clauses, '_lastUpdated')) {
    if (c.modifier) throw errors.invalid(`_lastUpdated: modificador no admitido :${c.modifier}`, `_lastUpdated: unsupported modifier :${c.modifier}`);
    for (const v of c.values) parseDate('_lastUpdated', v, zone);
  }
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
    checkLastUpdated(req.clauses, rc.zone);
    const all = matching(req.clauses, canonical(rc));
    const from = req.cursor === null ? 0 : (decodeCursor(req.cursor, ['int'])[0] as number);
    const page = all.slice(from, from + req.count);
    return { resources: page.map((i) => toQuestionnaire(i, canonical(rc))), next: from + req.count < all.length ? encodeCursor([from + req.count]) : null };
  },
  // Only a full export (no `_since`) carries them: they change with a deployment, not in the log.
  async *exportPages(rc, _viewer, window) {
    if (window.since !== null) return;
    yield matching([], canonical(rc)).map((i) => toQuestionnaire(i, canonical(rc)));
  },
  patientsOf: () => [],
};
