import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import type { AuditConfig } from './audit/config.ts';
import { parseSignerKey } from './audit/note.ts';
import { keyEncryptionKey } from './crypto/aead.ts';
import { StartupError } from './startup-error.ts';

/**
 * Every instance on one database needs the same secrets (docs/scaling.md "Shared secrets"). One
 * started with others (typically generated into a data folder of its own) would fail deep inside
 * (`Unsupported state or unable to authenticate data`) or, worse, run: tokens the other instances
 * reject, other pseudonyms in the analysts' schema, checkpoints of another log. So the start
 * compares each with what the database already holds and refuses, naming the secret:
 * - MASTER_KEY: the id of the key-encryption key its server keys are wrapped with (server_keys);
 * - AUDIT_SIGNING_KEY: the log's name and the verifier keys that have signed it (audit_keys);
 * - JWT_SECRET, ANALYTICS_PEPPER: a keyed check value recorded at the first start (secret_checks):
 *   an HMAC of a fixed text under the secret, which tells nothing of the secret itself.
 */
export interface SharedSecrets {
  dataDir: string;
  masterKey: string;
  jwtSecret: string;
  analyticsPepper: string;
  audit: Pick<AuditConfig, 'signer' | 'previous'>;
}

/** The secrets with a recorded check value, and how `npm run secrets:adopt` names them. */
export const CHECKED_SECRETS = ['JWT_SECRET', 'ANALYTICS_PEPPER'] as const;
export type CheckedSecret = (typeof CHECKED_SECRETS)[number];

const SHARED = 'Every instance on one database needs the same MASTER_KEY, JWT_SECRET, ANALYTICS_PEPPER and AUDIT_SIGNING_KEY (docs/scaling.md "Shared secrets")';

export function checkValue(name: CheckedSecret, secret: string): string {
  return createHmac('sha256', secret).update(`practice secret check v1|${name}`).digest('hex').slice(0, 32);
}

const valueOf = (s: SharedSecrets, name: CheckedSecret) => (name === 'JWT_SECRET' ? s.jwtSecret : s.analyticsPepper);

/** Where a refused value came from, when it is the file generated into the data folder (config.ts). */
function generatedIn(dataDir: string, name: string, matches: (content: string) => boolean): string {
  const file = join(dataDir, `.${name.toLowerCase()}`);
  try {
    if (existsSync(file) && matches(readFileSync(file, 'utf8').trim())) {
      return ` This instance's was generated into ${file}, for its data folder alone: set ${name} in its environment to the other instances' value.`;
    }
  } catch {
    // unreadable: say nothing of it
  }
  return '';
}

async function checkMasterKey(knex: Knex, s: SharedSecrets): Promise<void> {
  const mine = keyEncryptionKey(s.masterKey).id;
  const other = await knex('server_keys').whereNot('master_key_id', mine).first('name');
  if (!other) return;
  throw new StartupError(
    `MASTER_KEY does not match the key this database was created with: its data keys cannot be opened with it. ${SHARED}.` +
    `${generatedIn(s.dataDir, 'MASTER_KEY', (c) => c === s.masterKey)} (A new master key is set with npm run keys:rotate: docs/privacy.md.) Nothing was changed.`,
  );
}

/** The first start records the check values (record); later ones, and the commands, compare. */
async function checkRecorded(knex: Knex, s: SharedSecrets, record: boolean): Promise<void> {
  const rows = CHECKED_SECRETS.map((name) => ({ name, check_value: checkValue(name, valueOf(s, name)) }));
  if (record) await knex('secret_checks').insert(rows).onConflict('name').ignore();
  const stored = await knex('secret_checks').whereIn('name', [...CHECKED_SECRETS]).select('name', 'check_value', 'recorded_at');
  for (const row of stored as { name: CheckedSecret; check_value: string; recorded_at: Date }[]) {
    if (row.check_value === checkValue(row.name, valueOf(s, row.name))) continue;
    throw new StartupError(
      `${row.name} does not match the one this database was created with (recorded ${row.recorded_at.toISOString()}). ${SHARED}.` +
      `${generatedIn(s.dataDir, row.name, (c) => c === valueOf(s, row.name))} If it was changed on purpose, stop every instance and run ` +
      `npm run -s secrets:adopt -- --secret ${row.name} with the new value, then start them all with it. Nothing was changed.`,
    );
  }
}

/** The signing key must sign the log this database holds: its name, and a key that already signs it (or hands over from one). */
async function checkAuditKey(knex: Knex, s: SharedSecrets): Promise<void> {
  const known = (await knex('audit_keys').pluck('verifier_key')) as string[];
  if (known.length === 0) return;
  const { signer, previous } = s.audit;
  const origins = [...new Set(known.map((k) => k.split('+')[0]))];
  const hint = generatedIn(s.dataDir, 'AUDIT_SIGNING_KEY', (c) => parseSignerKey(c).text === signer.text);
  if (!origins.includes(signer.name)) {
    throw new StartupError(
      `AUDIT_SIGNING_KEY does not match the key this database was created with: it signs a log named ${signer.name}, this database's log is ${origins.join(', ')}. ` +
      `${SHARED}.${hint} Nothing was changed.`,
    );
  }
  const signs = (k: { text: string } | null) => k !== null && known.includes(k.text);
  if (signs(signer) || signs(previous)) return;
  throw new StartupError(
    `AUDIT_SIGNING_KEY does not match the key this database was created with: it has never signed ${signer.name}. ${SHARED}. ` +
    `To rotate the key, set AUDIT_PREVIOUS_SIGNING_KEY to the current one for a handover (docs/audit.md "Rotating the key"). Nothing was changed.`,
  );
}

/** Refuses the start (StartupError) when a secret differs from the one the database was created with. */
export async function checkSharedSecrets(knex: Knex, s: SharedSecrets, opts: { record: boolean } = { record: true }): Promise<void> {
  await checkMasterKey(knex, s);
  await checkRecorded(knex, s, opts.record);
  await checkAuditKey(knex, s);
}
