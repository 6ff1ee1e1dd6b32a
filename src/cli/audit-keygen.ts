// npm run -s audit:keygen -- --origin NAME — a new Ed25519 signer key for AUDIT_SIGNING_KEY, printed
// once on stdout (keep it like the other secrets); its verifier key on stderr.
import { generateSignerKey, parseSignerKey, validKeyName } from '../platform/audit/note.ts';
import { commandLine, isMainModule, UsageError } from './args.ts';

const USAGE = `Usage: npm run -s audit:keygen -- --origin NAME

Prints a new signer key for AUDIT_SIGNING_KEY (PRIVATE+KEY+NAME+id+key) on stdout and its verifier
key on stderr. NAME is the log's origin, e.g. clinic.example/audit; a rotated key keeps the name
(docs/audit.md "Rotating the key").

Options:
  --origin NAME  the log's name (no spaces, no '+')
  --help         this text
`;

if (isMainModule(import.meta.url)) {
  const { origin } = commandLine(USAGE, { origin: { type: 'string' } }, (v) => {
    if (!v.origin || !validKeyName(v.origin)) throw new UsageError('--origin NAME is required: no spaces, no "+"');
    return { origin: v.origin };
  });
  const key = generateSignerKey(origin);
  process.stdout.write(`${key}\n`);
  process.stderr.write(`Verifier key: ${parseSignerKey(key).text}\n`);
}
