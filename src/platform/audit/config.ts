import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config-error.ts';
import { envInt, type Env } from '../env.ts';
import { generateSignerKey, NoteError, parseSignerKey, validKeyName, type SignerKey } from './note.ts';

export interface AuditConfig {
  /** The key that signs checkpoints; its name is the log's origin. */
  signer: SignerKey;
  /** A key being retired: while set, checkpoints carry its signature too (docs/audit.md "Rotating the key"). */
  previous: SignerKey | null;
  /** Longest wait of a leaf for a signed checkpoint (ms). */
  checkpointIntervalMs: number;
  /** Unsigned leaves that make a checkpoint due at once. */
  checkpointMaxLeaves: number;
}

function signerKey(name: string, text: string): SignerKey {
  try {
    return parseSignerKey(text);
  } catch (err) {
    throw new ConfigError(`${name} is not a signed-note Ed25519 signer key (PRIVATE+KEY+<name>+<id>+<key>): ${(err as NoteError).message}`);
  }
}

/** AUDIT_SIGNING_KEY: required in production; elsewhere generated once into the data folder (0600). */
function currentKey(env: Env, production: boolean, dataDir: string): SignerKey {
  if (env.AUDIT_SIGNING_KEY) return signerKey('AUDIT_SIGNING_KEY', env.AUDIT_SIGNING_KEY);
  if (production) throw new ConfigError('AUDIT_SIGNING_KEY is required in production (npm run -s audit:keygen -- --origin <name>)');
  const file = join(dataDir, '.audit_signing_key');
  if (existsSync(file)) return signerKey(file, readFileSync(file, 'utf8'));
  mkdirSync(dataDir, { recursive: true });
  const origin = env.AUDIT_LOG_ORIGIN || `practice.invalid/audit/${randomBytes(6).toString('hex')}`;
  if (!validKeyName(origin)) throw new ConfigError('AUDIT_LOG_ORIGIN must be a name without spaces or "+" (e.g. clinic.example/audit)');
  const text = generateSignerKey(origin);
  try {
    writeFileSync(file, `${text}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process of the same folder wrote it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return signerKey(file, readFileSync(file, 'utf8'));
    throw err;
  }
  return parseSignerKey(text);
}

export function loadAuditConfig(env: Env, production: boolean, dataDir: string): AuditConfig {
  const signer = currentKey(env, production, dataDir);
  const previous = env.AUDIT_PREVIOUS_SIGNING_KEY ? signerKey('AUDIT_PREVIOUS_SIGNING_KEY', env.AUDIT_PREVIOUS_SIGNING_KEY) : null;
  if (previous && previous.name !== signer.name) {
    throw new ConfigError(`AUDIT_PREVIOUS_SIGNING_KEY is named ${previous.name}, the log is ${signer.name}: a rotated key keeps the log's name`);
  }
  if (previous && previous.id === signer.id) throw new ConfigError('AUDIT_PREVIOUS_SIGNING_KEY is the current key');
  return {
    signer,
    previous,
    checkpointIntervalMs: envInt(env, 'AUDIT_CHECKPOINT_INTERVAL_MS', 500, 50, 1000),
    checkpointMaxLeaves: envInt(env, 'AUDIT_CHECKPOINT_MAX_LEAVES', 1000, 1, 1000),
  };
}
