import { createServer, type Server } from 'node:http';
import { availableParallelism } from 'node:os';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { bootstrapAdmin } from './commands/bootstrap.ts';
import { commandLookups } from './command-lookups.ts';
import { seedSituaciones } from './commands/catalogo-situaciones.ts';
import { upgradeLegacyAgendas } from './commands/agenda-upgrade.ts';
import { openEventStore } from './eventstore/open.ts';
import type { Position } from './eventstore/port.ts';
import { LiveTail } from './eventstore/live-tail.ts';
import { checkLogIdentity, logIdentity } from './eventstore/log-identity.ts';
import { createApp } from './http/app.ts';
import { AuthUserCache } from './http/auth-cache.ts';
import { CoalescedAuthChecks } from './http/auth-checks.ts';
import { LOG_CONSUMER, ReplicaReads } from './http/replica-reads.ts';
import { findAuthStates, findAuthUser } from './queries/usuarios.ts';
import type { AppDeps } from './http/deps.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import { openDatabase } from './platform/database.ts';
import { checkSharedSecrets } from './platform/secret-checks.ts';
import { HttpDrain } from './platform/http-drain.ts';
import { sequenceIds } from './platform/ids.ts';
import { createLogger, type Logger } from './platform/logger.ts';
import { lookupHasher } from './platform/security.ts';
import { createThrottles } from './platform/throttle.ts';
import { scheduleThrottlePurge, throttlePool } from './platform/throttle-shared.ts';
import { allProjections } from './projections/index.ts';
import { setMinCell } from './platform/analytics/views.ts';
import { CheckpointRunner, projectionHandlers, type Projection } from './projections/runner.ts';
import { instanceName } from './projections/lease-keeper.ts';
import { voidLeases } from './projections/leases.ts';
import { AUDIT_LOG_CONSUMER, AUDIT_RUNNER, auditLogHandler } from './projections/audit-log.ts';
import { CheckpointSigner } from './projections/audit-signer.ts';
import { allReactors } from './reactors/index.ts';
import { createMailer, type Mailer } from './reactors/mail/mailer.ts';
import { OutboxWorker } from './reactors/outbox.ts';
import { correoDe } from './reactors/mail/correo.ts';
import { startRecordatoriosFacturas, type RecordatoriosFacturasWorker } from './reactors/facturacion/recordatorios.ts';
import { reactorHandlers } from './reactors/reactor.ts';
import { scheduleRetentionJob } from './reactors/retention.ts';
import { startReminderWorker, type ReminderWorker } from './reactors/reminders.ts';
import { startCuestionarioWorker, type CuestionarioWorker } from './reactors/cuestionarios-pauta.ts';
import { dropUnregisteredToken } from './reactors/notifications/unregistered.ts';
import { createFirebasePush } from './reactors/push/firebase.ts';
import { RecordingPush, type PushTransport } from './reactors/push/push.ts';
import { startRealtime, type Realtime, type RealtimeOptions } from './realtime/index.ts';
import { fhirExportWorker } from './http/fhir/bulk/worker.ts';
import type { FhirExportWorker } from './queries/fhir/bulk/worker.ts';
import { AeatSender } from './reactors/aeat/sender.ts';
import { SoapAeatSubmitter } from './platform/verifactu/aeat-soap.ts';
import type { AeatSubmitter } from './platform/verifactu/aeat-tipos.ts';
import type { PasarelaPago } from './platform/stripe/pasarela.ts';
import { StripeAdapter } from './platform/stripe/stripe-adapter.ts';
import { useInlineModels } from './projections/inline.ts';
import { adoptInline } from './projections/inline-adoption.ts';

export interface ServerOptions {
  config: Config;
  clock?: Clock;
  mailer?: Mailer;
  push?: PushTransport;
  /** Where VERI*FACTU records go (tests: RecordingAeat); otherwise AEAT's SOAP service when VERIFACTU_SUBMIT=true, else nowhere. */
  aeat?: AeatSubmitter;
  /** Online card payments (tests: RecordingStripe); otherwise Stripe's API when STRIPE_SECRET_KEY is set, else none. */
  stripe?: PasarelaPago;
  logger?: Logger;
  /** An already-migrated database (tests); otherwise DATABASE_URL or the embedded server. */
  database?: { knex: Knex; url: string };
  /** Timings and limits of the STOMP channel (tests shorten them). */
  realtime?: Partial<RealtimeOptions>;
  /**
   * Read models run beside the service's own (their tables made by the caller): only the bench's
   * "adding a read model" figure and its test use it (bench/lib/extra-read-model.ts); a deployment has none.
   */
  extraProjections?: Projection[];
}

export interface RunningServer {
  url: string;
  server: Server;
  deps: AppDeps;
  reactors: CheckpointRunner;
  outbox: OutboxWorker;
  reminders: ReminderWorker;
  /** Requests of scheduled questionnaires (docs/care.md "Outcome measures"). */
  cuestionarios: CuestionarioWorker;
  /** Reminders of unpaid invoices (BILLING_REMINDER_DAYS; idle at 0). */
  recordatoriosFacturas: RecordatoriosFacturasWorker;
  realtime: Realtime;
  users: AuthUserCache;
  /** FHIR Bulk Data export jobs (docs/fhir.md "Bulk Data export"). */
  fhirExport: FhirExportWorker;
  /** The VERI*FACTU sender; null when records are not submitted (they stay PENDIENTE). */
  aeatSender: AeatSender | null;
  close(): Promise<void>;
}

/**
 * The HTTP server with the limits of decisions.md "Limits": time to send the headers and the whole
 * request, idle keep-alive, and open sockets (0: no cap; past it node closes new sockets at once).
 * Node checks the first two only every `connectionsCheckingInterval` (30 s by default): checked
 * every second, a client dripping its headers is cut within about a second of the timeout.
 */
function createHttpServer(config: Config, handler: Parameters<typeof createServer>[1]): Server {
  const l = config.limits;
  const server = createServer({
    requestTimeout: l.httpRequestTimeoutMs,
    headersTimeout: Math.min(l.httpHeadersTimeoutMs, l.httpRequestTimeoutMs), // node refuses headers > request
    connectionsCheckingInterval: Math.min(1000, l.httpHeadersTimeoutMs),
  }, handler!);
  server.keepAliveTimeout = l.httpKeepAliveTimeoutMs;
  if (l.httpMaxConnections > 0) server.maxConnections = l.httpMaxConnections;
  return server;
}

/** Wires every part and serves the API; `close` stops them in reverse order. */
export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const { config } = opts;
  const logger = opts.logger ?? createLogger(config.logLevel);
  const owned = opts.database ? null : await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.databasePoolMax, logger, embeddedPort: config.embeddedPgPort });
  const { knex, url } = opts.database ?? owned!;
  // Another instance's database with this one's own secrets: refused here, naming the secret; and
  // a database whose checkpoints are positions of another log (another store or streamPrefix).
  await checkSharedSecrets(knex, config).then(() => checkLogIdentity(knex, logIdentity(config), { record: true })).catch(async (err) => {
    await owned?.close();
    throw err;
  });
  // This process has just started the embedded PostgreSQL: a crashed run's consumer leases are void at once.
  if (owned && !config.databaseUrl) await voidLeases(knex);
  const opened = await openEventStore(config, knex, url);
  // PostgreSQL: the read models a client reads back are written in each append's own transaction
  // (docs/read-models.md "Inline and asynchronous"); the runner replays them only until it adopts them.
  const inline = useInlineModels(opened.raw, knex, allProjections(config));
  // Which are inline already (another instance adopted them): known before anything waits for them.
  await inline?.refresh();
  // The callers' users in memory, evicted by their events: this process's appends (observe) and any other's (follow).
  // Every hit is checked against the read model (a prepared read sent after the request arrived; the checks
  // waiting together share one, src/http/auth-checks.ts): a change answered by another instance is in force here at once.
  const checks = new CoalescedAuthChecks((emailHashes) => findAuthStates(knex, emailHashes));
  const users = new AuthUserCache((emailHash) => findAuthUser(knex, emailHash), { check: checks.check });
  // One live read of the log for this process's followers without a checkpoint (the user cache here,
  // the STOMP gateway's chat and alerts below): read and opened once per batch for all of them.
  const tail = new LiveTail(opened.store);
  await tail.start();
  users.follow(tail, logger);
  const { keys } = opened;
  keys.watch(url); // an erasure by another instance takes effect here at once
  const store = users.observe(opened.store);
  await setMinCell(knex, config.analyticsMinCell);
  // One name for this process in the consumer leases, shared by its runners (/health shows who owns what).
  const lease = { instance: instanceName(), ms: config.consumerLeaseMs };
  const projections = new CheckpointRunner(knex, store, projectionHandlers([...allProjections(config), ...(opts.extraProjections ?? [])]), {
    table: 'projection_checkpoints', lease, coalesceMs: config.consumerCoalesceMs, servesWrites: true, inline: inline ? { models: inline, adopt: (handler, from) => adoptInline(knex, store, handler, from) } : undefined,
  }, logger);
  // The tamper-evident log: its own loop on the store as stored, so that it never waits for a read model.
  const signer = new CheckpointSigner(knex, config.audit, logger);
  const auditLog = new CheckpointRunner(knex, opened.raw, [auditLogHandler()], {
    table: 'projection_checkpoints', onBatch: (name) => name === AUDIT_LOG_CONSUMER && signer.nudge(), lease: { ...lease, pool: AUDIT_LOG_CONSUMER },
    ...AUDIT_RUNNER,
  }, logger);
  const reactors = new CheckpointRunner(knex, store, reactorHandlers(allReactors(keys, { practiceTimezone: config.practiceTimezone, maxDeviceTokens: config.limits.maxDeviceTokensPerUser, publicBaseUrl: config.publicBaseUrl, cargos: { store, ...config.billing }, facturacion: () => deps, correoFacturacion: { store, aeatEndpoint: config.aeat.endpoint } })), { table: 'reactor_checkpoints', lease, coalesceMs: config.consumerCoalesceMs }, logger);
  const mailer = opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  const push = opts.push ?? (config.googleApplicationCredentials ? await createFirebasePush() : new RecordingPush());
  // An invoice's mail gets its PDF drawn here, at delivery (correoDe): the outbox keeps the view, not the file.
  const outbox = new OutboxWorker(knex, { mail: async (p, row) => mailer.send({ ...(await correoDe(p)), noticeId: row.noticeId }), push: async (p, row) => {
    // A token FCM no longer knows is dropped from the user's devices (deps is set before the outbox starts).
    if ((await push.send({ ...p, noticeId: row.noticeId })) === 'unregistered') await dropUnregisteredToken(deps, p.token);
  } }, logger, undefined, config.outboxClaimMs);
  // The shared limits' checks, on a small pool of their own (prepared statements: about a round trip each).
  const throttleDb = throttlePool(url, (err) => logger.warn({ err }, 'throttle connection lost'));
  const deps: AppDeps = {
    store, knex, clock: opts.clock ?? systemClock, config, ids: sequenceIds(knex),
    lookupHash: lookupHasher(await keys.serverKey('lookup')), lookups: commandLookups(knex), logger, projections, reactors, auditLog, mailer, push, keys,
    throttles: createThrottles(config.limits, availableParallelism(), throttleDb),
    pasarela: opts.stripe ?? (config.stripe.secretKey ? new StripeAdapter({ secretKey: config.stripe.secretKey, webhookSecret: config.stripe.webhookSecret }) : null),
  };
  // INSTANCE_ROLE=api: this process serves requests only; the `all` instances follow the log (their
  // runners commit, this one's waits hear them through the checkpoints, as across any instances).
  const followsLog = config.instanceRole === 'all';
  if (followsLog) for (const part of [projections, auditLog, signer, reactors, outbox]) part.start();
  // VERI*FACTU submission (docs/billing.md "Submission to AEAT"): one sender per deployment, by its lease.
  const aeat = opts.aeat ?? (config.aeat.enviar ? new SoapAeatSubmitter({ endpoint: config.aeat.endpoint, certificado: config.aeat.certificado! }) : null);
  const aeatSender = aeat && followsLog ? new AeatSender({ knex, submitter: aeat, clock: deps.clock, lease, logger }) : null;
  await aeatSender?.start();
  // The read models a client reads back are adopted as inline within milliseconds on a fresh or
  // up-to-date database: serve once they are, so the first writes do not meet each adoption's brief
  // exclusive lock (a burst of writers to one stream then retried past their attempts). A long
  // backlog (an upgrade) is not waited for: those read models follow the log and writes wait for them.
  if (!(await projections.inlineAdopted(10_000))) logger.info('inline read models still catching up; writes wait for them until adopted');
  // The first start's writes wait for every read model where this process runs them, else for those a write waits for.
  const started = followsLog ? projections : { waitFor: (p: Position | null, ms: number) => projections.waitForReads(p, ms) };
  await bootstrapAdmin(deps, started, logger);
  await seedSituaciones(deps, started, logger);
  // Agendas written before the per-day streams, before any request can book (PostgreSQL: one indexed
  // query when there are none; KurrentDB: a scan of the log since the last start). A failure stops the start.
  const upgraded = await upgradeLegacyAgendas(deps, (line, level) => logger[level](line));
  if (upgraded.streams > 0) logger.info({ ...upgraded }, 'legacy agendas carried into day streams');
  const retention = scheduleRetentionJob({
    knex, store, clock: deps.clock, logger, retentionYears: config.clinicalRetentionYears, bookkeepingDays: config.bookkeepingRetentionDays,
    billingRetentionYears: config.billing.retentionYears,
  }, config.retentionJobIntervalMs);
  const reminders = startReminderWorker({ knex, store, clock: deps.clock, logger, practiceTimezone: config.practiceTimezone });
  // Questionnaires on a schedule (every N weeks, before each appointment): their requests as they fall due.
  const cuestionarios = startCuestionarioWorker(deps);
  const recordatoriosFacturas = startRecordatoriosFacturas({ knex, store, clock: deps.clock, logger, practiceTimezone: config.practiceTimezone, dias: config.billingReminderDays });
  const fhirExport = fhirExportWorker(deps);
  fhirExport.start();
  // The throttles' rows that say nothing any more (a full bucket, an ended window): a minute is plenty.
  const stopThrottlePurge = scheduleThrottlePurge(throttleDb, 60_000, (err) => logger.warn({ err }, 'throttle purge failed'));

  // List and agenda reads on a standby when one is configured; its token reads wait there for the read models a write waits for.
  const replica = config.databaseReplicaUrl ? new ReplicaReads({
    url: config.databaseReplicaUrl, waitMs: config.replicaWaitMs, compare: (a, b) => store.compare(a, b), logger,
    // LOG_CONSUMER: the standby's log itself, where the inline read models are (same transactions).
    consumers: () => [...(inline ? [LOG_CONSUMER] : []), ...projections.readers().filter((n) => !projections.failing().some((f) => f.name === n))],
  }) : undefined;
  const drain = new HttpDrain();
  const server = createHttpServer(config, drain.wrap(createApp(deps, { users, replica }).callback()));
  // STOMP over WebSocket at /ws and SockJS at /ws/*, on the same port as the API.
  const realtime = await startRealtime(deps, server, url, tail, opts.realtime);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      // 1. No new work: the port closes, STOMP sessions get an ERROR saying why, and the requests in
      //    flight finish (bounded by SHUTDOWN_GRACE_MS) while the projections they may wait for still run.
      const drained = drain.drain(server, config.limits.shutdownGraceMs);
      await realtime.close();
      const cut = await drained;
      if (cut > 0) logger.warn({ cut, graceMs: config.limits.shutdownGraceMs }, 'requests still running at the end of the shutdown grace period were cut');
      // 2. The workers, each after its current batch; 3. the connections, and the embedded database last.
      retention.stop();
      stopThrottlePurge();
      await reminders.stop();
      await cuestionarios.stop();
      await recordatoriosFacturas.stop();
      await fhirExport.stop();
      await aeatSender?.stop();
      await Promise.all([projections.stop(), auditLog.stop(), signer.stop(), reactors.stop(), outbox.stop(), users.stop()]);
      await tail.stop();
      mailer.close?.();
      await throttleDb.end();
      await replica?.close();
      await store.close();
      await keys.close();
      await owned?.close();
    })());
  return { url: `http://${host}:${port}`, server, deps, reactors, outbox, reminders, cuestionarios, recordatoriosFacturas, realtime, users, fhirExport, aeatSender, close };
}
