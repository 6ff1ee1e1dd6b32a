import { fileURLToPath } from 'node:url';

/** Where the generated files live, whatever the working directory. */
export const GENERATED = {
  document: fileURLToPath(new URL('../openapi.json', import.meta.url)),
  schema: fileURLToPath(new URL('../src/schema.d.ts', import.meta.url)),
};
