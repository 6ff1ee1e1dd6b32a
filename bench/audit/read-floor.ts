// node --import tsx bench/audit/read-floor.ts DIR — the least audit:verify's walk can cost: both
// NDJSON files of a bundle read side by side, line by line, as the verifier reads them, and each
// line parsed (the leaf decoded from base64), nothing checked. Prints the counts.
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const lines = (path: string) => createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });

const dir = process.argv[2];
const leaves = lines(join(dir, 'leaves.ndjson'))[Symbol.asyncIterator]();
let events = 0;
let bytes = 0;
for await (const line of lines(join(dir, 'events.ndjson'))) {
  const e = JSON.parse(line) as { metadata: { eventId: string } };
  const next = await leaves.next();
  if (next.done) break;
  bytes += Buffer.from((JSON.parse(next.value) as { leaf: string }).leaf, 'base64').length + e.metadata.eventId.length;
  events++;
}
process.stdout.write(`${JSON.stringify({ events, bytes })}\n`);
process.exit(0);
