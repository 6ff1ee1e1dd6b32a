// The audit verifier's command: the npm script (src/cli/audit-verify.ts) and the verifier package an
// outside auditor installs alone (audit-verifier/, `npm run audit:pack`) both run this. It reads only
// the bundle and the auditor's files: no server, no database, no configuration; it imports nothing
// but Node and src/platform/audit/, so that the package bundles it without dependencies.
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { parseVerifierKey, type VerifierKey } from '../platform/audit/note.ts';
import { verifyBundle, type Report } from '../platform/audit/verify.ts';
import { usageExit } from './args.ts';

export const usage = (command: string) => `Usage: ${command} DIR [--key FILE] [--trusted-checkpoint FILE]

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

/** Said on stderr when the bundle vouched for itself: a forger would ship a matching key. */
export const OWN_KEY_NOTE = `Note: checked against the bundle's own key (keys.txt), not one you obtained apart from it. This
proves the bundle is consistent, not where it comes from: whoever made the bundle could have made
its key too. To prove it is the practice's log, pass the log's published verifier key (GET
/audit/v1/key, obtained over a channel you trust, saved as key.txt): --key key.txt
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

/** Runs the command on `argv` and exits: 0 verified, 1 not, 2 usage. `command` names it in the usage. */
export async function verifyCommand(argv: string[], command: string): Promise<never> {
  const text = usage(command);
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { key: { type: 'string' }, 'trusted-checkpoint': { type: 'string' }, help: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (err) {
    usageExit((err as Error).message, text);
  }
  if (parsed.values.help) {
    if (parsed.positionals.length > 0) usageExit('--help takes no other argument', text);
    process.stdout.write(text);
    process.exit(0);
  }
  if (parsed.positionals.length !== 1) usageExit('one bundle folder is required', text);
  try {
    const report = await runAuditVerify(parsed.positionals[0], { key: parsed.values.key, trusted: parsed.values['trusted-checkpoint'] });
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    if (!parsed.values.key) process.stderr.write(OWN_KEY_NOTE);
    process.exit(report.verified ? 0 : 1);
  } catch (err) {
    usageExit((err as Error).message, text);
  }
}
