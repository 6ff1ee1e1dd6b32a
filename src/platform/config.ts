import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError } from './config-error.ts';
import { loadLimits, type Limits } from './limits.ts';
import { envInt as int, type Env } from './env.ts';
import { loadAuditConfig, type AuditConfig } from './audit/config.ts';
import { embeddedPgPortOf } from './postgres/port.ts';
import { loadPublicBaseUrl } from './public-url.ts';
import { loadAeatConfig, type AeatConfig } from './verifactu/aeat-config.ts';
import { loadStripeConfig, type StripeConfig } from './stripe/stripe-config.ts';
import { loadUrgentHelpText } from './care-config.ts';
import { loadJitsiConfig, type JitsiConfig } from './video/jitsi-config.ts';

export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** The embedded PostgreSQL's port (EMBEDDED_PG_PORT); null: the one kept in the data folder (src/platform/postgres/port.ts). */
  embeddedPgPort: number | null;
  /** A streaming standby of DATABASE_URL for list and agenda reads (src/http/replica-reads.ts); null: every read on the primary. */
  databaseReplicaUrl: string | null;
  /** How long a read carrying a consistency token waits for the standby before reading the primary. */
  replicaWaitMs: number;
  jwtSecret: string;
  jwtExpirationMs: number;
  practiceTimezone: string;
  smtpUrl: string | null;
  mailFrom: string;
  adminEmail: string | null;
  adminPassword: string | null;
  eventStore: 'postgres' | 'kurrentdb';
  kurrentdbUrl: string | null;
  googleApplicationCredentials: string | null;
  masterKey: string;
  corsOrigins: string[];
  /** Where clients reach the service, for the URLs it hands out (PUBLIC_BASE_URL, no trailing slash); null: from the request. */
  publicBaseUrl: string | null;
  /** The FHIR identifier system of this practice's patient ids (FHIR_PATIENT_ID_SYSTEM; docs/fhir.md "Patient"). */
  fhirPatientIdSystem: string;
  bcryptCost: number;
  jsonLimitBytes: number;
  readYourWritesTimeoutMs: number;
  /** How long an instance's lease on a read model or reactor lasts without renewal (src/projections/lease-keeper.ts). */
  consumerLeaseMs: number;
  /** CONSUMER_COALESCE_MS: after a short batch, how long the reactors and the asynchronous read models gather events before the next (0: at once). */
  consumerCoalesceMs: number;
  /**
   * INSTANCE_ROLE: `all` (default) serves the API and follows the log (asynchronous read models,
   * reactors, outbox, audit log); `api` serves the API only and leaves the log's followers to the
   * `all` instances on the same database (docs/scaling.md "Instance roles").
   */
  instanceRole: 'all' | 'api';
  /** How long an outbox row's claim lasts unless its holder renews it (src/reactors/outbox.ts). */
  outboxClaimMs: number;
  /** How often an instance beats its presence row, and how long silent it is taken for dead (src/realtime/presence.ts). */
  presenceHeartbeatMs: number;
  presenceTimeoutMs: number;
  /** Connections of the main pool (knex) of each instance: docs/scaling.md "Connection budget". */
  databasePoolMax: number;
  /** Years an erased patient's clinical records are kept (from the last activity) before their key is destroyed. */
  clinicalRetentionYears: number;
  /** How often the retention job looks for clinical keys due for destruction. */
  retentionJobIntervalMs: number;
  /** Days the reactors' processed-event markers and finished outbox rows are kept (docs/limits.md "Retention"). */
  bookkeepingRetentionDays: number;
  /** BILLING_REMINDER_DAYS: days after its date of issue that an unpaid invoice is reminded, once (docs/billing.md "Mail"); 0: never. */
  billingReminderDays: number;
  logLevel: string;
  /** Key of the analysts' pseudonyms (src/platform/analytics/pseudonyms.ts): kept like the other secrets. */
  analyticsPepper: string;
  /** Fewest distinct patients behind a figure the analysts' views show (docs/read-models.md "Analytics"). */
  analyticsMinCell: number;
  /** Abuse limits, timeouts and caps (src/platform/limits.ts, docs/limits.md). */
  limits: Limits;
  /** The tamper-evident log's signing key and checkpoint cadence (docs/audit.md). */
  audit: AuditConfig;
  /** Submission of VERI*FACTU records to AEAT: off unless VERIFACTU_SUBMIT=true (docs/billing.md). */
  aeat: AeatConfig;
  /** Online card payments through Stripe: off without STRIPE_SECRET_KEY (docs/billing.md "Online payments (Stripe)"). */
  stripe: StripeConfig;
  /** CARE_URGENT_HELP_TEXT: told to a patient whose answer raised a safety alert (docs/care.md "Safety alert"). */
  careUrgentHelpText: string;
  /** Video rooms of ONLINE appointments on a self-hosted Jitsi Meet: off (null) without JITSI_* (docs/care.md "Online sessions"). */
  jitsi: JitsiConfig | null;
  /** Charges of late cancellations and no-shows (docs/billing.md "Charges"); retention of invoices' personal data ("Retention"). */
  billing: { lateCancelHours: number; lateCancelFeeCents: number; retentionYears: number };
}

export { ConfigError } from './config-error.ts';

/** Default of CONSUMER_LEASE_MS: how long a read model's or reactor's owner may go silent before another instance takes over. */
export const DEFAULT_CONSUMER_LEASE_MS = 5_000;

/** Default of DATABASE_POOL_MAX: the consumers' loops hold about a connection each only while they apply a batch. */
export const DEFAULT_DATABASE_POOL_MAX = 12;

/** PRESENCE_HEARTBEAT_MS and PRESENCE_TIMEOUT_MS: the timeout must leave room for a few missed beats. */
function presenceTimings(env: Env): { presenceHeartbeatMs: number; presenceTimeoutMs: number } {
  const presenceHeartbeatMs = int(env, 'PRESENCE_HEARTBEAT_MS', 1_000, 50, 60_000);
  const presenceTimeoutMs = int(env, 'PRESENCE_TIMEOUT_MS', 3_000, 150, 600_000);
  if (presenceTimeoutMs < 2 * presenceHeartbeatMs) throw new ConfigError(`PRESENCE_TIMEOUT_MS (${presenceTimeoutMs}) must be at least twice PRESENCE_HEARTBEAT_MS (${presenceHeartbeatMs})`);
  return { presenceHeartbeatMs, presenceTimeoutMs };
}

function validTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** A secret from the environment; outside production, generated once and kept in the data folder. */
function secret(env: Env, name: string, production: boolean, dataDir: string, minLength: number): string {
  const value = env[name];
  if (value) {
    if (value.length < minLength) throw new ConfigError(`${name} must have at least ${minLength} characters`);
    return value;
  }
  if (production) throw new ConfigError(`${name} is required in production`);
  const file = join(dataDir, `.${name.toLowerCase()}`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(32).toString('base64url');
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}

/** DATA_DIR, absolute (default ./data): also read alone, by `npm stop`. */
export function dataDirOf(env: Env): string {
  return resolve(env.DATA_DIR || './data');
}

/** Loads and validates the configuration once, at start. */
export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const production = nodeEnv === 'production';
  const dataDir = dataDirOf(env);
  const practiceTimezone = env.PRACTICE_TIMEZONE || 'Europe/Madrid';
  if (!validTimezone(practiceTimezone)) throw new ConfigError('PRACTICE_TIMEZONE must be an IANA time zone');
  const eventStore = env.EVENT_STORE || 'postgres';
  if (eventStore !== 'postgres' && eventStore !== 'kurrentdb') throw new ConfigError('EVENT_STORE must be postgres or kurrentdb');
  if (eventStore === 'kurrentdb' && !env.KURRENTDB_URL) throw new ConfigError('KURRENTDB_URL is required with EVENT_STORE=kurrentdb');
  // Read where loggers are made (src/platform/logger.ts); checked here so that a typo stops the start.
  if (env.LOG_FORMAT && env.LOG_FORMAT !== 'json' && env.LOG_FORMAT !== 'pretty') throw new ConfigError('LOG_FORMAT must be json or pretty');
  if (production && !env.DATABASE_URL) throw new ConfigError('DATABASE_URL is required in production');
  if (production && (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD are required in production');
  }
  return {
    env: nodeEnv,
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    embeddedPgPort: embeddedPgPortOf(env),
    databaseReplicaUrl: env.DATABASE_REPLICA_URL || null,
    replicaWaitMs: int(env, 'REPLICA_WAIT_MS', 500, 0, 60_000),
    jwtSecret: secret(env, 'JWT_SECRET', production, dataDir, 32),
    jwtExpirationMs: int(env, 'JWT_EXPIRATION_MS', 86_400_000, 1000, 31 * 86_400_000),
    practiceTimezone,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Consulta <no-reply@localhost>',
    adminEmail: env.ADMIN_EMAIL || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    eventStore,
    kurrentdbUrl: env.KURRENTDB_URL || null,
    googleApplicationCredentials: env.GOOGLE_APPLICATION_CREDENTIALS || null,
    masterKey: secret(env, 'MASTER_KEY', production, dataDir, 32),
    corsOrigins: (env.CORS_ORIGINS || '').split(',').map((s) => s.trim()).filter(Boolean),
    publicBaseUrl: loadPublicBaseUrl(env),
    fhirPatientIdSystem: loadPatientIdSystem(env),
    bcryptCost: int(env, 'BCRYPT_COST', 10, 4, 15),
    jsonLimitBytes: int(env, 'JSON_LIMIT_BYTES', 1024 * 1024, 1024, 50 * 1024 * 1024),
    readYourWritesTimeoutMs: int(env, 'READ_YOUR_WRITES_TIMEOUT_MS', 5000, 10, 60_000),
    consumerLeaseMs: int(env, 'CONSUMER_LEASE_MS', DEFAULT_CONSUMER_LEASE_MS, 100, 600_000),
    consumerCoalesceMs: int(env, 'CONSUMER_COALESCE_MS', 50, 0, 1_000),
    instanceRole: instanceRoleOf(env),
    outboxClaimMs: int(env, 'OUTBOX_CLAIM_MS', 5_000, 100, 600_000),
    ...presenceTimings(env),
    databasePoolMax: int(env, 'DATABASE_POOL_MAX', DEFAULT_DATABASE_POOL_MAX, 4, 1000),
    clinicalRetentionYears: int(env, 'CLINICAL_RETENTION_YEARS', 5, 0, 100),
    retentionJobIntervalMs: int(env, 'RETENTION_JOB_INTERVAL_MS', 3_600_000, 1000, 7 * 86_400_000),
    bookkeepingRetentionDays: int(env, 'BOOKKEEPING_RETENTION_DAYS', 30, 1, 3650),
    billingReminderDays: int(env, 'BILLING_REMINDER_DAYS', 15, 0, 365),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    analyticsPepper: secret(env, 'ANALYTICS_PEPPER', production, dataDir, 32),
    analyticsMinCell: int(env, 'ANALYTICS_MIN_CELL', 5, 1, 1000),
    limits: loadLimits(env),
    audit: loadAuditConfig(env, production, dataDir),
    aeat: loadAeatConfig(env, production),
    stripe: loadStripeConfig(env, production),
    careUrgentHelpText: loadUrgentHelpText(env),
    jitsi: loadJitsiConfig(env),
    billing: {
      lateCancelHours: int(env, 'BILLING_LATE_CANCEL_HOURS', 24, 0, 720),
      lateCancelFeeCents: int(env, 'BILLING_LATE_CANCEL_FEE_CENTS', 0, 0, 99_999_999),
      // Years after the end of the year of an erased patient's latest invoice that its personal data are kept (docs/billing.md "Retention").
      retentionYears: int(env, 'BILLING_RETENTION_YEARS', 6, 4, 30),
    },
  };
}

function instanceRoleOf(env: Env): 'all' | 'api' {
  const role = env.INSTANCE_ROLE || 'all';
  if (role !== 'all' && role !== 'api') throw new ConfigError('INSTANCE_ROLE must be all or api');
  return role;
}

/** Shared with docs/fhir.md: the default names no practice in particular; a deployment that exchanges records sets its own. */
export const DEFAULT_FHIR_PATIENT_ID_SYSTEM = 'https://practice.example/fhir/CodeSystem/paciente';

/** An absolute URI (http(s) or urn), without `|` (the token separator of FHIR searches) or spaces. */
function loadPatientIdSystem(env: Env): string {
  const value = env.FHIR_PATIENT_ID_SYSTEM || DEFAULT_FHIR_PATIENT_ID_SYSTEM;
  if (!/^(https?:\/\/[^\s|]+|urn:[a-z0-9][a-z0-9-]*:[^\s|]+)$/i.test(value) || value.length > 255) {
    throw new ConfigError('FHIR_PATIENT_ID_SYSTEM must be an absolute http(s) or urn URI without spaces or |');
  }
  return value;
}
