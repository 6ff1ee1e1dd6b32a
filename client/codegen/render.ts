import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

// Both the generator (npm run client:generate) and the freshness test (test/client/generated.test.ts)
// turn the served document into files through this one function, so "up to date" means byte-equal.

const HEADER = `/**
 * Generated from the served OpenAPI document (GET /v3/api-docs) by openapi-typescript.
 * Do not edit: run \`npm run client:generate\` at the repository root.
 */

`;

export interface GeneratedFiles {
  /** client/openapi.json: the document as served, pretty-printed. */
  document: string;
  /** client/src/schema.d.ts: its TypeScript types. */
  schema: string;
}

export async function render(document: unknown): Promise<GeneratedFiles> {
  // openapi-typescript may annotate the object it is given; hand it a copy.
  const copy = structuredClone(document) as OpenAPI3;
  const ast = await openapiTS(copy, { silent: true });
  return {
    document: `${JSON.stringify(document, null, 2)}\n`,
    schema: HEADER + astToString(ast),
  };
}
