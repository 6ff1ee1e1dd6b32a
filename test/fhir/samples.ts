/**
 * One hand-written, valid sample of every FHIR R4 type this service serves, as a psychology
 * practice would emit it. validators.test.ts proves each passes both validators; copy from here
 * to learn which fields they demand. Ids and codes are made up; `OWN` stands for our own code
 * systems (Observation codes without a standard instrument, identifiers).
 */
const BASE = 'https://consulta.example.org/fhir/R4';
const OWN = 'https://consulta.example.org/fhir';
const PAT = 'Patient/6f1c1f0e-2a43-4b8e-9d55-0d5b7c1f2a10';
const PRAC = 'Practitioner/0b6e2d7a-51c4-4f0e-8c8f-3a9d4e6b7c21';
const APPT = 'Appointment/9a3e5c1b-7d2f-4e60-b8a4-1c2d3e4f5a60';
const ENC = 'Encounter/9a3e5c1b-7d2f-4e60-b8a4-1c2d3e4f5a60';
const meta = (versionId: string) => ({ versionId, lastUpdated: '2026-03-02T09:15:00.000Z' });
const PSY_LABELS = [
  { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'PSY', display: 'psychiatry disorder information sensitivity' },
  { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'PSYTHPN', display: 'psychotherapy note information sensitivity' },
];

export const patient = {
  resourceType: 'Patient',
  id: '6f1c1f0e-2a43-4b8e-9d55-0d5b7c1f2a10',
  meta: meta('7'),
  identifier: [{ system: `${OWN}/sid/paciente`, value: '6f1c1f0e-2a43-4b8e-9d55-0d5b7c1f2a10' }],
  active: true,
  name: [{ use: 'official', family: 'García Pérez', given: ['Lucía'] }],
  telecom: [
    { system: 'email', value: 'lucia.garcia@example.org' },
    { system: 'phone', value: '+34 600 123 456', use: 'mobile' },
  ],
  gender: 'female',
  birthDate: '1991-06-14',
};

export const practitioner = {
  resourceType: 'Practitioner',
  id: '0b6e2d7a-51c4-4f0e-8c8f-3a9d4e6b7c21',
  meta: meta('3'),
  identifier: [{ system: `${OWN}/sid/colegiado`, value: 'M-28451' }],
  active: true,
  name: [{ family: 'Romero', given: ['Javier'], prefix: ['Dr.'] }],
  telecom: [{ system: 'email', value: 'j.romero@consulta.example.org', use: 'work' }],
  qualification: [{ code: { text: 'Psicólogo General Sanitario' } }],
};

export const practitionerRole = {
  resourceType: 'PractitionerRole',
  id: '0b6e2d7a-51c4-4f0e-8c8f-3a9d4e6b7c21',
  active: true,
  practitioner: { reference: PRAC, display: 'Dr. Javier Romero' },
  code: [{ text: 'Psicólogo' }],
  availableTime: [
    { daysOfWeek: ['mon', 'wed'], availableStartTime: '09:00:00', availableEndTime: '14:00:00' },
    { daysOfWeek: ['thu'], availableStartTime: '16:00:00', availableEndTime: '20:00:00' },
  ],
};

export const schedule = {
  resourceType: 'Schedule',
  id: '0b6e2d7a-51c4-4f0e-8c8f-3a9d4e6b7c21',
  active: true,
  actor: [{ reference: PRAC }],
  planningHorizon: { start: '2026-03-02T00:00:00+01:00', end: '2026-06-01T00:00:00+02:00' },
};

export const slot = {
  resourceType: 'Slot',
  id: '0b6e2d7a-2026-03-04T0900',
  schedule: { reference: 'Schedule/0b6e2d7a-51c4-4f0e-8c8f-3a9d4e6b7c21' },
  status: 'free',
  start: '2026-03-04T09:00:00+01:00',
  end: '2026-03-04T09:50:00+01:00',
};

export const appointment = {
  resourceType: 'Appointment',
  id: '9a3e5c1b-7d2f-4e60-b8a4-1c2d3e4f5a60',
  meta: meta('2'),
  status: 'booked',
  start: '2026-03-04T10:00:00+01:00',
  end: '2026-03-04T10:50:00+01:00',
  minutesDuration: 50,
  participant: [
    { actor: { reference: PAT }, status: 'accepted' },
    { actor: { reference: PRAC }, status: 'accepted' },
  ],
};

export const encounter = {
  resourceType: 'Encounter',
  id: '9a3e5c1b-7d2f-4e60-b8a4-1c2d3e4f5a60',
  status: 'finished',
  class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
  subject: { reference: PAT },
  participant: [{ individual: { reference: PRAC } }],
  appointment: [{ reference: APPT }],
  period: { start: '2026-03-04T10:00:00+01:00', end: '2026-03-04T10:50:00+01:00' },
};

export const documentReference = {
  resourceType: 'DocumentReference',
  id: 'c4d5e6f7-0a1b-4c2d-8e3f-5a6b7c8d9e01',
  meta: { ...meta('1'), security: PSY_LABELS },
  status: 'current',
  type: { coding: [{ system: 'http://loinc.org', code: '11506-3', display: 'Progress note' }] },
  subject: { reference: PAT },
  date: '2026-03-04T11:05:00.000Z',
  author: [{ reference: PRAC }],
  securityLabel: [{ coding: PSY_LABELS }],
  content: [{ attachment: { contentType: 'text/plain; charset=utf-8', data: 'U2VzacOzbiBkZSBzZWd1aW1pZW50by4=' } }],
  context: { encounter: [{ reference: ENC }], period: { start: '2026-03-04T10:00:00+01:00' } },
};

export const condition = {
  resourceType: 'Condition',
  id: 'd1e2f3a4-5b6c-4d7e-8f90-a1b2c3d4e5f6',
  clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }] },
  verificationStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status', code: 'confirmed' }] },
  category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-category', code: 'problem-list-item' }] }],
  code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10', code: 'F41.1' }], text: 'Trastorno de ansiedad generalizada' },
  subject: { reference: PAT },
  recordedDate: '2026-02-10T10:40:00+01:00',
  recorder: { reference: PRAC },
};

export const carePlan = {
  resourceType: 'CarePlan',
  id: 'e2f3a4b5-6c7d-4e8f-9a01-b2c3d4e5f6a7',
  status: 'active',
  intent: 'plan',
  title: 'Terapia cognitivo-conductual',
  subject: { reference: PAT },
  period: { start: '2026-02-10' },
  author: { reference: PRAC },
  addresses: [{ reference: 'Condition/d1e2f3a4-5b6c-4d7e-8f90-a1b2c3d4e5f6' }],
  activity: [{ detail: { status: 'in-progress', description: 'Registro diario de pensamientos automáticos' } }],
};

const SURVEY = [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'survey' }] }];

export const observation = {
  resourceType: 'Observation',
  id: 'f3a4b5c6-7d8e-4f90-a1b2-c3d4e5f6a7b8',
  status: 'final',
  category: SURVEY,
  code: { coding: [{ system: 'http://loinc.org', code: '44261-6', display: 'PHQ-9 total score' }] },
  subject: { reference: PAT },
  effectiveDateTime: '2026-03-04T10:20:00+01:00',
  performer: [{ reference: PRAC }],
  valueInteger: 12,
};

/** A diary entry: no standard instrument, so our own code system (a preferred-strength binding). */
export const diaryObservation = {
  ...observation,
  id: 'a4b5c6d7-8e9f-4a01-b2c3-d4e5f6a7b8c9',
  code: { coding: [{ system: `${OWN}/CodeSystem/diario`, code: 'estado-animo', display: 'Estado de ánimo (0-10)' }] },
  performer: [{ reference: PAT }],
  valueInteger: 6,
};

const LA = (code: string, display: string) => ({ system: 'http://loinc.org', code, display });
const EN = (text: string) => ({ extension: [{ url: 'http://hl7.org/fhir/StructureDefinition/translation', extension: [{ url: 'lang', valueCode: 'en' }, { url: 'content', valueString: text }] }] });

/** An outcome instrument (issue 34): a canonical URL of our own, LOINC panel, items and answers, English as translations. */
export const questionnaire = {
  resourceType: 'Questionnaire',
  id: 'phq-9',
  meta: { versionId: '3f9a0c1d2e4b5a6c' },
  language: 'es',
  url: `${BASE}/Questionnaire/phq-9`,
  name: 'PHQ_9',
  title: 'Cuestionario sobre la salud del paciente (PHQ-9)',
  _title: EN('Patient Health Questionnaire (PHQ-9)'),
  status: 'active',
  subjectType: ['Patient'],
  code: [LA('44249-1', 'PHQ-9 quick depression assessment panel')],
  item: [{
    linkId: '1', code: [LA('44250-9', 'Little interest or pleasure in doing things')], prefix: '1.',
    text: 'Poco interés o placer en hacer cosas', _text: EN('Little interest or pleasure in doing things'), type: 'choice', required: true,
    answerOption: [
      { extension: [{ url: 'http://hl7.org/fhir/StructureDefinition/ordinalValue', valueDecimal: 0 }], valueCoding: { ...LA('LA6568-5', 'Ningún día'), _display: EN('Not at all') } },
      { extension: [{ url: 'http://hl7.org/fhir/StructureDefinition/ordinalValue', valueDecimal: 1 }], valueCoding: { ...LA('LA6569-3', 'Varios días'), _display: EN('Several days') } },
    ],
  }],
};

export const questionnaireResponse = {
  resourceType: 'QuestionnaireResponse',
  id: '5120',
  meta: meta('0'),
  questionnaire: `${BASE}/Questionnaire/phq-9`,
  status: 'completed',
  subject: { reference: PAT },
  authored: '2026-03-04T10:20:00+01:00',
  author: { reference: PAT },
  item: [{ linkId: '1', text: 'Poco interés o placer en hacer cosas', answer: [{ valueCoding: LA('LA6569-3', 'Varios días') }] }],
};

/** A questionnaire's total score: its band as interpretation, derived from the response. */
export const scoreObservation = {
  ...observation,
  id: 'puntuacion-5120',
  performer: [{ reference: PAT }],
  interpretation: [{ coding: [{ system: `${OWN}/CodeSystem/cuestionario/phq-9/banda`, code: 'MODERADA', display: 'Moderate' }], text: 'Moderada' }],
  referenceRange: [{ low: { value: 10 }, high: { value: 14 }, text: 'Moderada' }],
  derivedFrom: [{ reference: 'QuestionnaireResponse/5120' }],
};

export const communication = {
  resourceType: 'Communication',
  id: 'b5c6d7e8-9f0a-4b12-c3d4-e5f6a7b8c9d0',
  status: 'completed',
  subject: { reference: PAT },
  sent: '2026-03-03T18:02:11+01:00',
  sender: { reference: PAT },
  recipient: [{ reference: PRAC }],
  payload: [{ contentString: '¿Podemos mover la cita del miércoles?' }],
};

export const chargeItem = {
  resourceType: 'ChargeItem',
  id: '9a3e5c1b-7d2f-4e60-b8a4-1c2d3e4f5a60',
  meta: meta('1'),
  status: 'billed',
  code: { coding: [{ system: `${OWN}/CodeSystem/concepto-cargo`, code: 'sesion', display: 'Sesión' }] },
  subject: { reference: PAT },
  occurrenceDateTime: '2026-03-02',
  performer: [{ actor: { reference: PRAC } }],
  quantity: { value: 1 },
  priceOverride: { value: 52.5, currency: 'EUR' },
  supportingInformation: [{ reference: APPT }],
};

export const invoice = {
  resourceType: 'Invoice',
  id: '3c9d2e1f-0a4b-4c5d-8e6f-7a8b9c0d1e2f',
  meta: meta('0'),
  identifier: [{ use: 'official', system: `${OWN}/CodeSystem/factura/B12345674`, value: '2026-A/000001' }],
  status: 'issued',
  type: { coding: [{ system: `${OWN}/CodeSystem/tipo-factura`, code: 'F1', display: 'Factura completa' }] },
  subject: { reference: PAT },
  recipient: { reference: PAT, display: 'Lucía García Pérez' },
  date: '2026-03-02',
  issuer: { identifier: { system: `${OWN}/CodeSystem/nif`, value: 'B12345674' }, display: 'Consulta Ejemplo S.L.' },
  lineItem: [{
    sequence: 1,
    chargeItemCodeableConcept: { text: 'Sesión de psicología' },
    priceComponent: [
      { type: 'base', factor: 1, amount: { value: 60, currency: 'EUR' } },
      { type: 'tax', code: { coding: [{ system: `${OWN}/CodeSystem/iva`, code: 'exento', display: 'Exenta (art. 20.Uno.3º Ley 37/1992)' }] }, amount: { value: 0, currency: 'EUR' } },
    ],
  }],
  totalNet: { value: 60, currency: 'EUR' },
  totalGross: { value: 60, currency: 'EUR' },
};

export const provenance = {
  resourceType: 'Provenance',
  id: 'c6d7e8f9-0a1b-4c23-d4e5-f6a7b8c9d0e1',
  target: [{ reference: `${APPT}/_history/2` }],
  recorded: '2026-03-02T09:15:00.000Z',
  activity: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-DataOperation', code: 'UPDATE' }] },
  agent: [{ type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/provenance-participant-type', code: 'author' }] }, who: { reference: PRAC } }],
};

export const operationOutcome = {
  resourceType: 'OperationOutcome',
  issue: [{ severity: 'error', code: 'not-supported', diagnostics: 'Unknown search parameter: nombre' }],
};

export const searchset = {
  resourceType: 'Bundle',
  type: 'searchset',
  total: 2,
  link: [
    { relation: 'self', url: `${BASE}/Appointment?patient=${PAT}&_count=1` },
    { relation: 'next', url: `${BASE}/Appointment?patient=${PAT}&_count=1&_cursor=abc` },
  ],
  entry: [{ fullUrl: `${BASE}/${APPT}`, resource: appointment, search: { mode: 'match' } }],
};

const READ_SEARCH = [{ code: 'read' }, { code: 'search-type' }];

export const capabilityStatement = {
  resourceType: 'CapabilityStatement',
  status: 'active',
  date: '2026-03-01',
  kind: 'instance',
  instantiates: ['http://hl7.org/fhir/uv/bulkdata/CapabilityStatement/bulk-data'],
  software: { name: 'practice-backend', version: '1.0.0' },
  implementation: { description: 'Consulta de psicología: FHIR R4 de solo lectura', url: BASE },
  fhirVersion: '4.0.1',
  format: ['application/fhir+json'],
  rest: [
    {
      mode: 'server',
      security: {
        service: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' }] }],
      },
      resource: [
        {
          type: 'Patient',
          interaction: READ_SEARCH,
          searchParam: [
            { name: 'identifier', type: 'token' },
            { name: 'birthdate', type: 'date' },
          ],
        },
        { type: 'Appointment', interaction: READ_SEARCH, searchParam: [{ name: 'date', type: 'date' }] },
      ],
      operation: [{ name: 'export', definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export' }],
    },
  ],
};
