import type { Knex } from 'knex';
import type { FhirDb, FhirResource, FhirViewer, SearchClause } from '../types.ts';

// What the Observation module's sources share (observation.ts: the diary, progress records and
// questionnaire scores, each a `Source` of its own).

export const CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';
export const SURVEY = [{ coding: [{ system: CATEGORY_SYSTEM, code: 'survey', display: 'Survey' }] }];

export interface Source {
  /** The id prefix: `<prefix>-<n>`; also the fhir_versiones `recurso` of its streams. */
  prefix: 'diario' | 'progreso' | 'puntuacion';
  /** fhir_versiones `recurso` when it is not the prefix. */
  recurso?: string;
  idColumn: string;
  idField: string;
  patientColumn: string;
  /** The effective time as SQL, on the practice's wall clock. */
  dateSql: string;
  /** Rows in the viewer's scope, not deleted nor erased. */
  inScope(knex: Knex, viewer: FhirViewer): Knex.QueryBuilder;
  /** Whether every `code` clause can match this source (each clause's values ORed). */
  codeMatches(clauses: SearchClause[]): boolean;
  /** Narrows the rows by `code` clauses beyond codeMatches (a source of several codes). */
  whereCode?(q: Knex.QueryBuilder, clauses: SearchClause[]): void;
  map(row: any, rc: FhirDb): FhirResource;
}
