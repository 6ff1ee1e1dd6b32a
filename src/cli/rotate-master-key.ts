// npm run keys:rotate — re-wraps every data key and server key under NEW_MASTER_KEY; events are
// not touched. Stop the servers first, run this, then start them with MASTER_KEY = the new key.
// With no MASTER_KEY in the environment (development), the key file in DATA_DIR is replaced.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../platform/config.ts';
import { KeyRing } from '../platform/crypto/keyring.ts';
import { commandLine } from './args.ts';
import { openServiceDatabase, serviceConfig } from './service-data.ts';

const USAGE = `Usage: NEW_MASTER_KEY=<new key> npm run keys:rotate

Re-wraps every data key and server key under NEW_MASTER_KEY (at least 32 characters); events are not
touched. Stop the servers first, run this, then start them with MASTER_KEY set to the new key. With no
MASTER_KEY in the environment (development), the key file in DATA_DIR is replaced.

Options:
  --help   this text
`;

async function main(): Promise<void> {
  // The service's own data or nothing: without it, a new master key would be made and nothing rotated.
  const config = serviceConfig();
  const next = process.env.NEW_MASTER_KEY ?? '';
  if (next.length < 32) throw new ConfigError('NEW_MASTER_KEY must be set, with at least 32 characters');
  if (next === config.masterKey) throw new ConfigError('NEW_MASTER_KEY is the current master key');
  const db = await openServiceDatabase(config, 2);
  try {
    const count = await new KeyRing(db.knex, config.masterKey).rotateMasterKey(next);
    if (!process.env.MASTER_KEY) writeFileSync(join(config.dataDir, '.master_key'), next, { mode: 0o600 });
    process.stderr.write(`Re-wrapped ${count} data keys. Start the servers with the new MASTER_KEY.\n`);
  } finally {
    await db.close();
  }
}

commandLine(USAGE, {});
main().catch((err) => {
  process.stderr.write(err instanceof ConfigError ? `Configuration error: ${err.message}\n` : `Rotation failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(err instanceof ConfigError ? 2 : 1);
});
