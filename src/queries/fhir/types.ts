import type { Knex } from 'knex';

// The FHIR R4 view of the read models (docs/fhir.md). One module per resource type implements
// `FhirResourceType`; src/queries/fhir/registry.ts lists them; src/http/fhir/ serves them and
// src/queries/fhir/bulk/ exports them. Everything here reads; nothing writes the practice's state.

/** What a resource module reads with: the database and the practice's zone (local times → FHIR instants with offset). */
export interface FhirDb {
  knex: Knex;
  zone: string;
  /** The system of our patient-id identifiers (FHIR_PATIENT_ID_SYSTEM): each practice its own. */
  patientIdSystem?: string;
  /** The base of our canonical URLs (Questionnaire.url): PUBLIC_BASE_URL's FHIR base; absent: DEFAULT_CANONICAL_BASE. */
  canonicalBase?: string;
  /** The service's clock (Schedule's horizon, free Slots); absent: the system clock. */
  now?: () => Date;
  /** BOOKING_HORIZON_DAYS: how far ahead free Slots and a Schedule's planningHorizon reach; absent: its default. */
  bookingHorizonDays?: number;
}

/** A FHIR resource as JSON (R4). */
export interface FhirResource {
  resourceType: string;
  id: string;
  meta?: FhirMeta;
  [field: string]: unknown;
}

export interface FhirMeta {
  /** The aggregate's stream revision (0-based, as the event store counts). */
  versionId: string;
  /** The instant of the stream's last event (UTC, FHIR instant); absent for what is not in the log (Questionnaire). */
  lastUpdated?: string;
  security?: { system: string; code: string; display?: string }[];
}

/** Whose records the caller may see, exactly as in the REST API. */
export type FhirScope =
  | { kind: 'all' } // an administrator, or a machine client with system scopes
  | { kind: 'psicologo'; idPsicologo: number } // their own patients (assigned to them), and themselves
  | { kind: 'paciente'; idPaciente: number }; // their own compartment

export interface FhirViewer {
  scope: FhirScope;
  /** Session notes (DocumentReference with PSYTHPN): the psychologist and the administrator only. */
  notasClinicas: boolean;
  /** Resource types a machine client's scopes allow; 'all' for people (their role decides). */
  types: 'all' | ReadonlySet<string>;
  /** Who reads (the access log). */
  who: { idUsuario: number | null; rol: string; idCliente: number | null };
}

export type SearchParamType = 'token' | 'date' | 'reference' | 'string' | 'number' | 'uri';

export interface SearchParamDef {
  type: SearchParamType;
  /** One line for the CapabilityStatement. */
  documentation: string;
  /** Modifiers accepted besides none (e.g. 'exact', 'contains' for strings); others are a 400. */
  modifiers?: readonly string[];
}

/** One `name[:modifier]=v1,v2` of the query: values are ORed; repeated names are separate clauses, ANDed. */
export interface SearchClause {
  name: string;
  modifier: string | null;
  values: string[];
}

export interface SearchRequest {
  /** Every clause of the query but `_count` and the paging cursor; `_id` and `_lastUpdated` included. */
  clauses: SearchClause[];
  /** Page size (1..FHIR_MAX_COUNT; default FHIR_DEFAULT_COUNT). */
  count: number;
  /** The opaque cursor of a `next` link (null: the first page); its shape is the type's own business. */
  cursor: string | null;
}

export interface SearchPage {
  resources: FhirResource[];
  /** The cursor of the next page, or null on the last one. */
  next: string | null;
  /** Work units the search took, of those `searchCost` charged (absent: what was charged). */
  cost?: number;
}

/** A bulk export's slice of the log, as sortable positions (src/eventstore/position.ts). */
export interface ExportWindow {
  /** Exclusive lower bound (`_since`); null: from the start. */
  since: string | null;
  /** Inclusive upper bound: the export's transactionTime position. */
  until: string;
}

export interface FhirResourceType {
  type: string;
  /** Type-specific search parameters; `_id`, `_lastUpdated`, `_count` are the core's. */
  params: Record<string, SearchParamDef>;
  /** One resource the viewer may see, or null (not found and not visible look the same: 404). */
  read(rc: FhirDb, viewer: FhirViewer, id: string): Promise<FhirResource | null>;
  /** A page in the viewer's scope; a malformed value is an `errors.invalid` (400 OperationOutcome). */
  search(rc: FhirDb, viewer: FhirViewer, req: SearchRequest): Promise<SearchPage>;
  /**
   * Searches whose work grows with what they ask (Slot: agenda-days of free time computed): the
   * most units this one may take, charged to the caller's budget before it runs (src/http/fhir/search-budget.ts).
   */
  searchCost?(rc: FhirDb, req: SearchRequest): number;
  /**
   * Bulk export: every resource in the viewer's scope whose current version lies in the window
   * (its stream's last event after `since` and at or before `until`), in pages of about pageSize.
   * A resource whose stream moved past `until` is left to the next `_since` export.
   */
  exportPages(rc: FhirDb, viewer: FhirViewer, window: ExportWindow, pageSize: number): AsyncIterable<FhirResource[]>;
  /** Bulk export's `deleted`: ids of resources of this type in scope removed within the window. */
  deletedIds?(rc: FhirDb, viewer: FhirViewer, window: ExportWindow): Promise<string[]>;
  /** The patients a resource is about, for the access log (empty: none, e.g. a Practitioner). */
  patientsOf(resource: FhirResource): number[];
}
