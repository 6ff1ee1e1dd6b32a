import { ConfigError } from './config-error.ts';
import { envFlag as flag, envInt as int, type Env } from './env.ts';

/**
 * Every abuse limit of the service, each from its own environment variable (docs/limits.md lists
 * them). A rate of 0 turns that limit off.
 */
export interface Limits {
  /** Appointments and blocked time start at most this many days ahead (BOOKING_HORIZON_DAYS). */
  bookingHorizonDays: number;
  /** Failed logins of one account within `loginFailureWindowMs` before its logins answer 429. */
  loginMaxFailures: number;
  loginFailureWindowMs: number;
  /** Auth requests (login, registrations) per client address and minute. */
  authRatePerMinute: number;
  /** Self-registrations per client address and hour. */
  registrationsPerHour: number;
  /** Client address from X-Forwarded-For (behind a trusted proxy) instead of the socket. */
  trustProxy: boolean;
  /** Each user's writes (REST and STOMP SEND): refill per minute and bucket size. */
  writesPerMinute: number;
  writeBurst: number;
  /** Concurrent STOMP sessions of one user. */
  stompSessionsPerUser: number;
  /** Largest STOMP frame body a client may send, bytes (headers have their own 8 KiB). */
  stompMaxBodyBytes: number;
  /** STOMP transactions open at once in one session. */
  stompMaxTransactions: number;
  /** Bytes one STOMP session's open transactions may hold until COMMIT (bodies and headers). */
  stompMaxHeldBytes: number;
  /** HTTP server: time to receive the headers, the whole request, idle keep-alive, open sockets. */
  httpHeadersTimeoutMs: number;
  httpRequestTimeoutMs: number;
  httpKeepAliveTimeoutMs: number;
  httpMaxConnections: number;
  /** Bearer token that opens /metrics; null: /metrics answers 404. */
  metricsToken: string | null;
  /** On SIGINT/SIGTERM, how long requests in flight may take to finish before they are cut. */
  shutdownGraceMs: number;
  /** Push device tokens one user keeps; registering one more evicts the oldest (MAX_DEVICE_TOKENS_PER_USER). */
  maxDeviceTokensPerUser: number;
  /** Appointments a patient books themselves, still to come: in all, and with one psychologist (docs/limits.md); 0 turns a count off. */
  patientMaxFutureAppointments: number;
  patientMaxFutureAppointmentsPerPsychologist: number;
  /** The same with every psychologist other than the one the practice assigned, together (free accounts are cheap). */
  patientMaxFutureAppointmentsUnassigned: number;
  /** Longest appointment a patient books themselves, minutes (600, the absolute maximum, adds no bound). */
  patientMaxAppointmentMinutes: number;
  /** Hours a Bulk Data export's manifest and files stay downloadable after it finishes (BULK_EXPORT_TTL_HOURS). */
  bulkExportTtlHours: number;
  /** Seconds a client is told to wait between status polls of an export in progress; sooner is a 429. */
  bulkExportRetryAfterSeconds: number;
  /** Exports one requester (user or machine client) may have queued or running at once; past it a kick-off is a 429 (0: no limit). */
  bulkExportMaxActivePerClient: number;
  /** Exports one requester may keep at once, finished ones until they expire or are deleted included; past it a kick-off is a 429 (0: no limit). */
  bulkExportMaxKeptPerClient: number;
  /** Kick-offs one requester may make in a minute (GETs: the write throttle never sees them); past it a 429 (0: no limit). */
  bulkExportKickoffsPerMinute: number;
  /** Megabytes of finished exports' files kept in all; when reached a kick-off is a 503 until some expire (0: no limit). */
  bulkExportMaxKeptMb: number;
  /** Agenda-days of free time one caller's FHIR Slot searches may compute a minute, in this process (0: no limit). */
  fhirSlotAgendaDaysPerMinute: number;
}

/** Default of MAX_DEVICE_TOKENS_PER_USER, also the bound of code that runs without the config. */
export const DEFAULT_MAX_DEVICE_TOKENS = 10;

export function loadLimits(env: Env): Limits {
  const metricsToken = env.METRICS_TOKEN || null;
  if (metricsToken !== null && metricsToken.length < 16) throw new ConfigError('METRICS_TOKEN must have at least 16 characters');
  return {
    bookingHorizonDays: int(env, 'BOOKING_HORIZON_DAYS', 730, 1, 36_500),
    loginMaxFailures: int(env, 'LOGIN_MAX_FAILURES', 5, 0, 1000),
    loginFailureWindowMs: int(env, 'LOGIN_FAILURE_WINDOW_MS', 15 * 60_000, 1000, 86_400_000),
    authRatePerMinute: int(env, 'AUTH_RATE_PER_MINUTE', 30, 0, 1_000_000),
    registrationsPerHour: int(env, 'REGISTRATIONS_PER_HOUR', 10, 0, 1_000_000),
    trustProxy: flag(env, 'TRUST_PROXY'),
    writesPerMinute: int(env, 'WRITES_PER_MINUTE', 60, 0, 1_000_000),
    writeBurst: int(env, 'WRITE_BURST', 120, 1, 1_000_000),
    stompSessionsPerUser: int(env, 'STOMP_SESSIONS_PER_USER', 10, 0, 10_000),
    stompMaxBodyBytes: int(env, 'STOMP_MAX_BODY_BYTES', 64 * 1024, 1024, 16 * 1024 * 1024),
    stompMaxTransactions: int(env, 'STOMP_MAX_TRANSACTIONS', 4, 1, 1000),
    stompMaxHeldBytes: int(env, 'STOMP_MAX_HELD_BYTES', 256 * 1024, 1024, 1024 * 1024 * 1024),
    httpHeadersTimeoutMs: int(env, 'HTTP_HEADERS_TIMEOUT_MS', 20_000, 1000, 600_000),
    httpRequestTimeoutMs: int(env, 'HTTP_REQUEST_TIMEOUT_MS', 60_000, 1000, 3_600_000),
    httpKeepAliveTimeoutMs: int(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 600_000),
    httpMaxConnections: int(env, 'HTTP_MAX_CONNECTIONS', 1_000, 0, 1_000_000),
    metricsToken,
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    maxDeviceTokensPerUser: int(env, 'MAX_DEVICE_TOKENS_PER_USER', DEFAULT_MAX_DEVICE_TOKENS, 1, 1000),
    patientMaxFutureAppointments: int(env, 'PATIENT_MAX_FUTURE_APPOINTMENTS', 30, 0, 100_000),
    patientMaxFutureAppointmentsPerPsychologist: int(env, 'PATIENT_MAX_FUTURE_APPOINTMENTS_PER_PSYCHOLOGIST', 20, 0, 100_000),
    patientMaxFutureAppointmentsUnassigned: int(env, 'PATIENT_MAX_FUTURE_APPOINTMENTS_UNASSIGNED', 2, 0, 100_000),
    patientMaxAppointmentMinutes: int(env, 'PATIENT_MAX_APPOINTMENT_MINUTES', 120, 1, 600),
    bulkExportTtlHours: int(env, 'BULK_EXPORT_TTL_HOURS', 24, 1, 24 * 365),
    bulkExportRetryAfterSeconds: int(env, 'BULK_EXPORT_RETRY_AFTER_SECONDS', 5, 1, 3600),
    bulkExportMaxActivePerClient: int(env, 'BULK_EXPORT_MAX_ACTIVE_PER_CLIENT', 3, 0, 1000),
    bulkExportMaxKeptPerClient: int(env, 'BULK_EXPORT_MAX_KEPT_PER_CLIENT', 10, 0, 10_000),
    bulkExportKickoffsPerMinute: int(env, 'BULK_EXPORT_KICKOFFS_PER_MINUTE', 6, 0, 10_000),
    bulkExportMaxKeptMb: int(env, 'BULK_EXPORT_MAX_KEPT_MB', 2048, 0, 100_000_000),
    fhirSlotAgendaDaysPerMinute: int(env, 'FHIR_SLOT_AGENDA_DAYS_PER_MINUTE', 640, 0, 1_000_000),
  };
}
