// npm run -s audit:verify -- DIR [--key FILE] [--trusted-checkpoint FILE] — checks an audit bundle
// offline: no server, no database, no configuration (docs/audit.md "Verifying a bundle").
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { parseVerifierKey, type VerifierKey } from '../platform/audit/note.ts';
import { verifyBundle, type Report } from '../platform/audit/verify.ts';
import { isMainModule, usageExit } from './args.ts';

const USAGE = `Usage: npm run -s audit:verify -- DIR [--key FILE] [--trusted-checkpoint FILE]

Verifies an audit bundle written by audit:export, without the server or its database: every leaf
recomputed from its event, the root at the signed checkpoint, the signature, log order, contiguous
stream revisions, no event missing from the tree nor leaf without its event, signed records
unchanged after signing. Prints a JSON report; exits 0 when verified, 1 when not (naming the first
offending event), 2 on a usage error.

Options:
  --key FILE                 verifier key(s), one per line, as GET /audit/v1/key serves them (obtain them
                             apart from the bundle; without --key the bundle's own key.txt is used,
                             which proves integrity only against whoever made the bundle)
  --trusted-checkpoint FILE  a checkpoint you saved earlier (GET /audit/v1/checkpoint): the bundle must extend it
  --help                     this text
`;

const lines = (path: string) => createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });

function readKeys(path: string): VerifierKey[] {
  return readFileSync(path, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean).map((l) => parseVerifierKey(l));
}

export async function runAuditVerify(dir: string, opts: { key?: string; trusted?: string } = {}): Promise<Report & { keySource: string }> {
  for (const f of ['events.ndjson', 'leaves.ndjson', 'checkpoint.txt']) {
    if (!existsSync(join(dir, f))) throw new Error(`${dir} is not an audit bundle: ${f} is missing`);
  }
  const keys = opts.key ? readKeys(opts.key) : readKeys(join(dir, existsSync(join(dir, 'keys.txt')) ? 'keys.txt' : 'key.txt'));
  const report = await verifyBundle({
    events: lines(join(dir, 'events.ndjson')),
    leaves: lines(join(dir, 'leaves.ndjson')),
    checkpoint: readFileSync(join(dir, 'checkpoint.txt'), 'utf8'),
    keys,
    trustedCheckpoint: opts.trusted ? readFileSync(opts.trusted, 'utf8') : undefined,
  });
  return { ...report, keySource: opts.key ? opts.key : 'the bundle (pass --key with a key obtained apart from it)' };
}

if (isMainModule(import.meta.url)) {
  let parsed;
  try {
    parsed = parseArgs({ options: { key: { type: 'string' }, 'trusted-checkpoint': { type: 'string' }, help: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (err) {
    usageExit((err as Error).message, USAGE);
  }
  if (parsed.values.help) {
    if (parsed.positionals.length > 0) usageExit('--help takes no other argument', USAGE);
    process.stdout.write(USAGE);
    process.exit(0);
  }
  if (parsed.positionals.length !== 1) usageExit('one bundle folder is required', USAGE);
  try {
    const report = await runAuditVerify(parsed.positionals[0], { key: parsed.values.key, trusted: parsed.values['trusted-checkpoint'] });
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    process.exit(report.verified ? 0 : 1);
  } catch (err) {
    usageExit((err as Error).message, USAGE);
  }
}
