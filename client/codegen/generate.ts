import { readFile, writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { GENERATED } from './files.ts';
import { render } from './render.ts';
import { fetchServedDocument, stopTestDatabaseServer } from './served.ts';

// npm run client:generate: rewrites client/openapi.json and client/src/schema.d.ts from the
// document a real server serves. Commit both; test/client/generated.test.ts fails until you do.

async function writeIfChanged(path: string, text: string): Promise<void> {
  const before = await readFile(path, 'utf8').catch(() => null);
  const name = relative(process.cwd(), path);
  if (before === text) {
    console.log(`${name}: unchanged`);
    return;
  }
  await writeFile(path, text);
  console.log(`${name}: written`);
}

try {
  const files = await render(await fetchServedDocument());
  await writeIfChanged(GENERATED.document, files.document);
  await writeIfChanged(GENERATED.schema, files.schema);
} finally {
  await stopTestDatabaseServer();
}
