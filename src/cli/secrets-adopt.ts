// npm run secrets:adopt -- --secret JWT_SECRET — records the current value of a shared secret as
// this database's, after it was changed on purpose: the servers refuse to start with a value other
// than the recorded one (src/platform/secret-checks.ts, docs/scaling.md "Shared secrets").
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, dataDirOf, loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/database.ts';
import { CHECKED_SECRETS, checkValue, type CheckedSecret } from '../platform/secret-checks.ts';
import { commandLine, UsageError } from './args.ts';

const USAGE = `Usage: npm run -s secrets:adopt -- --secret NAME [--secret NAME]

After changing ${CHECKED_SECRETS.join(' or ')} on purpose: records the value this command is given
(from the environment, as the servers will get it) as the one of this database. The servers refuse
to start with any other value, so that every instance uses the same. Stop every instance first,
then start them all with the new value. Changing JWT_SECRET signs every user out; changing
ANALYTICS_PEPPER gives new pseudonyms at the next rebuild (npm run projections:rebuild).
MASTER_KEY changes with npm run keys:rotate; AUDIT_SIGNING_KEY with a handover (docs/audit.md).

Options:
  --secret NAME   ${CHECKED_SECRETS.join(' or ')} (repeat for both)
  --help          this text
`;

const names = commandLine(USAGE, { secret: { type: 'string', multiple: true } }, (v) => {
  const given = v.secret ?? [];
  if (given.length === 0) throw new UsageError('--secret is required');
  const unknown = given.find((n) => !(CHECKED_SECRETS as readonly string[]).includes(n));
  if (unknown) throw new UsageError(`--secret ${unknown}: only ${CHECKED_SECRETS.join(' or ')} (MASTER_KEY: npm run keys:rotate)`);
  return [...new Set(given)] as CheckedSecret[];
});

async function main(): Promise<void> {
  // A value nobody set would be generated here and adopted: refuse instead (the servers must be given it).
  const dataDir = dataDirOf(process.env);
  const missing = names.find((n) => !process.env[n] && !existsSync(join(dataDir, `.${n.toLowerCase()}`)));
  if (missing) throw new ConfigError(`${missing} is not set (nor kept in ${dataDir}): set it to the new value`);
  const config = loadConfig();
  const values: Record<CheckedSecret, string> = { JWT_SECRET: config.jwtSecret, ANALYTICS_PEPPER: config.analyticsPepper };
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 2 });
  try {
    for (const name of names) {
      await db.knex('secret_checks').insert({ name, check_value: checkValue(name, values[name]) })
        .onConflict('name').merge({ check_value: checkValue(name, values[name]), recorded_at: db.knex.fn.now() });
      process.stderr.write(`${name}: the value given is now this database's. Start every instance with it.\n`);
    }
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  process.stderr.write(err instanceof ConfigError ? `Configuration error: ${err.message}\n` : `secrets:adopt failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(err instanceof ConfigError ? 2 : 1);
});
