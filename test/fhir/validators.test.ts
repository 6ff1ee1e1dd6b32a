import { AssertionError, expect } from 'chai';
import { assertValidFhir, validateFhir, validateNdjson } from '../support/fhir-validate.ts';
import * as samples from './samples.ts';

type Json = Record<string, unknown>;

/** Which checks spoke: 'fhir', 'medplum', 'medplum-nested', 'spec-json'. */
function caughtBy(resource: unknown): string[] {
  return [...new Set(validateFhir(resource).map((m) => m.slice(1, m.indexOf(']'))))].sort();
}

function withChanges(resource: Json, changes: Json): Json {
  return { ...structuredClone(resource), ...changes };
}

function without(resource: Json, key: string): Json {
  const copy = structuredClone(resource);
  delete copy[key];
  return copy;
}

const { appointment, observation, patient, encounter, documentReference, searchset, questionnaireResponse, scoreObservation } = samples;
const PAT = { reference: 'Patient/p1' };

describe('FHIR validators: the harness', () => {
  it('accepts a valid Patient, booked Appointment, survey Observation and searchset Bundle', () => {
    for (const resource of [patient, appointment, observation, searchset]) {
      expect(validateFhir(resource), String(resource.resourceType)).to.deep.equal([]);
    }
    // No narrative: dom-6 is a best-practice warning, not an error.
    expect(patient).not.to.have.property('text');
  });

  // Each row: a mistake a mapper could make, and exactly which checks reject it.
  const rejected: [string, Json, string[]][] = [
    ['Appointment without status', without(appointment, 'status'), ['fhir', 'medplum']],
    ["Appointment.status 'confirmed' (required value set)", withChanges(appointment, { status: 'confirmed' }), ['fhir']],
    ["Patient.gender 'F'", withChanges(patient, { gender: 'F' }), ['fhir']],
    ["effectiveDateTime '2026-13-01'", withChanges(observation, { effectiveDateTime: '2026-13-01' }), ['medplum']],
    ["birthDate '1991-13-01'", withChanges(patient, { birthDate: '1991-13-01' }), ['medplum']],
    ['DocumentReference.date without time (instant)', withChanges(documentReference, { date: '2026-03-04' }), ['medplum']],
    ['a Reference written as a string', withChanges(observation, { subject: 'Patient/p1' }), ['fhir', 'medplum']],
    ['a Reference with an unknown key', withChanges(observation, { subject: { ref: 'Patient/p1' } }), ['fhir', 'medplum']],
    ['a Reference to a type the element forbids', withChanges(observation, { subject: { reference: 'Appointment/a1' } }), ['fhir', 'medplum']],
    ['an unknown property', withChanges(patient, { nombre: 'Lucía' }), ['fhir', 'medplum']],
    ["Medplum's own Meta.project", withChanges(patient, { meta: { project: 'x' } }), ['fhir']],
    ['a number where a string goes', withChanges(patient, { name: [{ family: 5 }] }), ['medplum']],
    ['valueInteger as a string', withChanges(observation, { valueInteger: '12' }), ['fhir', 'medplum']],
    ['valueInteger and valueString at once', withChanges(observation, { valueString: 'doce' }), ['medplum']],
    ['Encounter without class', without(encounter, 'class'), ['fhir', 'medplum']],
    ['a booked Appointment without start/end (app-3)', without(without(appointment, 'start'), 'end'), ['medplum']],
    ['a Period ending before it starts (per-1)', withChanges(encounter, { period: { start: '2026-03-04T11:00:00Z', end: '2026-03-04T10:00:00Z' } }), ['medplum-nested']],
    ['a ContactPoint without system (cpt-2)', withChanges(patient, { telecom: [{ value: '600123456' }] }), ['medplum-nested']],
    ['a local reference to nothing contained (ref-1)', withChanges(observation, { subject: { reference: '#p1' } }), ['medplum-nested']],
    ['an empty Reference', withChanges(observation, { subject: {} }), ['spec-json']],
    ['an empty array', withChanges(patient, { name: [] }), ['spec-json']],
    ['an empty string', withChanges(patient, { name: [{ family: '' }] }), ['spec-json']],
    ['an id longer than 64 characters', withChanges(patient, { id: `${patient.id}-${patient.id}` }), ['spec-json']],
    ['an unknown resourceType', { resourceType: 'Paciente', id: 'p1' }, ['fhir', 'medplum']],
    ["QuestionnaireResponse.status 'submitted'", withChanges(questionnaireResponse, { status: 'submitted' }), ['fhir']],
    ['QuestionnaireResponse.questionnaire not a canonical URL', withChanges(questionnaireResponse, { questionnaire: 'PHQ 9' }), ['medplum']],
    ['Observation.derivedFrom naming a Patient', withChanges(scoreObservation, { derivedFrom: [{ reference: 'Patient/p1' }] }), ['fhir', 'medplum']],
  ];
  for (const [what, resource, expected] of rejected) {
    it(`rejects ${what}: ${expected.join(' + ')}`, () => {
      expect(caughtBy(resource)).to.deep.equal(expected);
    });
  }

  it('checks the resources inside a Bundle as well', () => {
    const bad = withChanges(without(without(appointment, 'start'), 'end'), { status: 'confirmed' });
    const bundle = withChanges(searchset, { entry: [{ fullUrl: 'https://x/fhir/R4/Appointment/a', resource: bad }] });
    expect(caughtBy(bundle)).to.deep.equal(['fhir', 'medplum-nested']);
    expect(validateFhir(bundle).join('\n')).to.include('app-3').and.include('"confirmed"');
  });

  it('assertValidFhir throws one readable AssertionError naming every resource and issue', () => {
    const bad = [patient, without(appointment, 'status'), withChanges(patient, { id: 'p2', birthDate: '1991-13-01' })];
    let error: unknown;
    try {
      assertValidFhir(bad, 'GET /fhir/R4/Patient');
    } catch (err) {
      error = err;
    }
    expect(error).to.be.instanceOf(AssertionError);
    const message = (error as Error).message;
    expect(message).to.match(/^GET \/fhir\/R4\/Patient: invalid FHIR R4 \(2 of 3\)/);
    expect(message).to.include('#1 Appointment/9a3e5c1b').and.include('[fhir] Appointment.status: Missing property');
    expect(message).to.include('#2 Patient/p2').and.include('[medplum] Patient.birthDate: Invalid date format');
    expect(() => assertValidFhir(Object.values(samples))).not.to.throw();
  });
});

describe('FHIR validators: one sample of every type we serve', () => {
  for (const [name, resource] of Object.entries(samples)) {
    it(`${name} (${resource.resourceType}) passes both`, () => assertValidFhir(resource, name));
  }
});

describe('FHIR validators: what each type demands at least', () => {
  // The smallest resource both accept; removing any one of its fields makes it invalid.
  const PR = { reference: 'Practitioner/d1' };
  const AT = '2026-03-04T09:00:00Z';
  const END = '2026-03-04T09:50:00Z';
  const minimal: Json[] = [
    { resourceType: 'Patient' },
    { resourceType: 'Practitioner' },
    { resourceType: 'PractitionerRole' },
    { resourceType: 'Schedule', actor: [PR] },
    { resourceType: 'Slot', schedule: { reference: 'Schedule/d1' }, status: 'busy-unavailable', start: AT, end: END },
    { resourceType: 'Appointment', status: 'booked', start: AT, end: END, participant: [{ actor: PAT, status: 'accepted' }] },
    { resourceType: 'Encounter', status: 'finished', class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB' } },
    { resourceType: 'DocumentReference', status: 'current', content: [{ attachment: { contentType: 'text/plain' } }] },
    { resourceType: 'Condition', subject: PAT },
    { resourceType: 'CarePlan', status: 'active', intent: 'plan', subject: PAT },
    { resourceType: 'Observation', status: 'final', code: { text: 'Estado de ánimo' } },
    { resourceType: 'Questionnaire', status: 'active' },
    { resourceType: 'QuestionnaireResponse', status: 'completed' },
    { resourceType: 'Communication', status: 'completed' },
    { resourceType: 'Provenance', target: [PAT], recorded: AT, agent: [{ who: PR }] },
    { resourceType: 'Bundle', type: 'searchset' },
    { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'invalid' }] },
    {
      resourceType: 'CapabilityStatement', status: 'active', date: '2026-03-01', kind: 'instance',
      fhirVersion: '4.0.1', format: ['json'], implementation: { description: 'x' }, rest: [{ mode: 'server' }],
    },
  ];
  for (const resource of minimal) {
    const fields = Object.keys(resource).filter((k) => k !== 'resourceType');
    it(`${String(resource.resourceType)}: ${fields.join(', ') || 'nothing'}`, () => {
      assertValidFhir(resource);
      for (const field of fields) {
        expect(validateFhir(without(resource, field)), `without ${field}`).not.to.deep.equal([]);
      }
    });
  }

  it('also inside: Provenance.agent.who, DocumentReference.content.attachment, a participant actor or type', () => {
    const [prov, doc, appt] = ['Provenance', 'DocumentReference', 'Appointment'].map(
      (type) => minimal.find((r) => r.resourceType === type) as Json,
    );
    expect(validateFhir({ ...prov, agent: [{ type: { text: 'autor' } }] })).to.include('[fhir] Provenance.agent[0].who: Missing property');
    expect(validateFhir({ ...doc, content: [{ format: { code: 'x' } }] })).to.include('[fhir] DocumentReference.content[0].attachment: Missing property');
    expect(validateFhir({ ...appt, participant: [{ status: 'accepted' }] }).join()).to.include('app-1');
  });
});

describe('FHIR validators: validateNdjson', () => {
  const line = (r: unknown) => JSON.stringify(r);

  it('accepts one valid resource per line, with or without a final newline', () => {
    const text = [patient, appointment, observation].map(line).join('\n');
    expect(validateNdjson(text)).to.deep.equal([]);
    expect(validateNdjson(text + '\n')).to.deep.equal([]);
  });

  it('names the line of every problem: bad JSON, an invalid resource, a blank line', () => {
    const text = [line(patient), '{"resourceType": "Patient",', line(without(appointment, 'status')), '', line(patient)].join('\n');
    const issues = validateNdjson(text);
    expect(issues.filter((i) => i.startsWith('line 2: not JSON'))).to.have.length(1);
    expect(issues.some((i) => i.startsWith('line 3 Appointment/9a3e5c1b') && i.includes('Appointment.status'))).to.equal(true);
    expect(issues.some((i) => i.startsWith('line 4: not JSON'))).to.equal(true);
    expect(issues.some((i) => i.startsWith('line 1') || i.startsWith('line 5'))).to.equal(false);
  });

  it('rejects an empty file', () => {
    expect(validateNdjson('')).to.deep.equal(['file is empty']);
  });
});
