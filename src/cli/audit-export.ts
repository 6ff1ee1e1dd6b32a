// npm run -s audit:export -- --out DIR [--force] — the audit bundle an outside auditor verifies
// offline with audit:verify (docs/audit.md): events as stored (sealed), leaves, latest checkpoint, keys.
import { resolve } from 'node:path';
import { openRawStore } from '../eventstore/transfer.ts';
import { ConfigError, type Config } from '../platform/config.ts';
import { verifierKeys } from '../queries/audit-log.ts';
import { commandLine, isMainModule, UsageError } from './args.ts';
import { discardBundle, prepareBundleDir, writeBundle, type BundleSummary } from './audit-bundle.ts';
import { openServiceDatabase, serviceConfig } from './service-data.ts';

/** The folder is made or checked only once the service's data opened: a failed export leaves nothing behind. */
export async function runAuditExport(config: Config, dir: string, force = false): Promise<BundleSummary> {
  const db = await openServiceDatabase(config, 3);
  try {
    const source = await openRawStore(config, db.knex, db.url);
    try {
      const created = prepareBundleDir(dir, force);
      const current = config.audit.signer.text;
      const all = (await verifierKeys(db.knex)).filter((k) => k !== current);
      return await writeBundle(db.knex, source.store, { current, all: [...all, current] }, dir).catch((err) => {
        discardBundle(dir, created);
        throw err;
      });
    } finally {
      await source.store.close();
    }
  } finally {
    await db.close();
  }
}

const USAGE = `Usage: npm run -s audit:export -- --out DIR [--force]

Writes an audit bundle into DIR for audit:verify: the events exactly as stored (personal fields
sealed: the bundle holds no readable health data), their leaves in the Merkle tree, the latest
signed checkpoint and the verifier keys (docs/audit.md). The server may keep running.

Options:
  --out DIR    the folder to write: created (0700) if missing; an existing one must be yours and
               writable by no one else. Files are created new as .partial, renamed when whole
  --force      replace a bundle already in DIR
  --help       this text
`;

if (isMainModule(import.meta.url)) {
  const { out, force } = commandLine(USAGE, { out: { type: 'string' }, force: { type: 'boolean' } }, (v) => {
    if (!v.out) throw new UsageError('--out is required');
    return { out: v.out, force: v.force === true };
  });
  try {
    const s = await runAuditExport(serviceConfig(), resolve(out), force);
    process.stderr.write(`Wrote ${s.events} events and ${s.leaves} leaves of log ${s.origin} (checkpoint of ${s.treeSize}) to ${out}.\n`);
    process.exit(0);
  } catch (err) {
    const config = err instanceof ConfigError;
    process.stderr.write(config ? `Configuration error: ${(err as Error).message}\n` : `Export failed: ${(err as Error).message}\n`);
    process.exit(config ? 2 : 1);
  }
}
