import type { FhirResourceType } from '../../queries/fhir/types.ts';
import { COMMON_PARAMS } from './search-request.ts';

const COMMON_DOCS: Record<(typeof COMMON_PARAMS)[number], { type: string; documentation: string }> = {
  _id: { type: 'token', documentation: 'The resource id' },
  _lastUpdated: { type: 'date', documentation: 'When the resource last changed (meta.lastUpdated)' },
};

export interface CapabilityOptions {
  base: string;
  /** When this server started: the statement's date. */
  startedAt: Date;
  /** The token endpoint of SMART Backend Services. */
  tokenUrl: string;
  /** Types with a `$export` of their own (Patient, Group). */
  exportTypes: readonly string[];
}

const BULK_EXPORT = 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export';

function resourceEntry(t: FhirResourceType, exportTypes: readonly string[]) {
  const own = Object.entries(t.params).map(([name, p]) => ({ name, type: p.type, documentation: p.documentation }));
  const common = COMMON_PARAMS.map((name) => ({ name, ...COMMON_DOCS[name] }));
  return {
    type: t.type,
    interaction: [{ code: 'read' }, { code: 'search-type' }],
    versioning: 'versioned',
    readHistory: false,
    searchParam: [...common, ...own],
    ...(exportTypes.includes(t.type) ? { operation: [{ name: 'export', definition: t.type === 'Patient' ? 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/patient-export' : 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/group-export' }] } : {}),
  };
}

/** What this server does, exactly: read and search of each type, bulk export, SMART Backend Services. */
export function capabilityStatement(types: readonly FhirResourceType[], opts: CapabilityOptions) {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: opts.startedAt.toISOString(),
    publisher: 'practice-backend',
    kind: 'instance',
    software: { name: 'practice-backend', version: '1.0.0' },
    implementation: { description: 'Psychology practice records as FHIR R4 (read-only)', url: opts.base },
    fhirVersion: '4.0.1',
    format: ['json', 'application/fhir+json'],
    instantiates: ['http://hl7.org/fhir/uv/bulkdata/CapabilityStatement/bulk-data'],
    rest: [{
      mode: 'server',
      documentation: 'Read-only. Searches take _count (page size) and follow Bundle next links; unknown parameters are refused (400).',
      security: {
        extension: [{
          url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
          extension: [{ url: 'token', valueUri: opts.tokenUrl }],
        }],
        service: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' }] }],
        description: 'Bearer tokens: a user token of the practice API, or a SMART Backend Services access token (client_credentials, private_key_jwt ES384/RS384).',
      },
      resource: types.map((t) => resourceEntry(t, opts.exportTypes)),
      operation: [{ name: 'export', definition: BULK_EXPORT }],
    }],
  };
}
