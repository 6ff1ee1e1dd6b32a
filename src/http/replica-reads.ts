import knexFactory, { type Knex } from 'knex';
import type { Context } from 'koa';
import type { Position } from '../eventstore/port.ts';
import { AppError } from '../platform/errors.ts';
import { knexLog, type Logger } from '../platform/logger.ts';
import { tokenPosition } from './consistency.ts';
import { isListRoute } from './paging.ts';
import type { RouteDef } from './routes.ts';

// List and agenda reads on a streaming standby (DATABASE_REPLICA_URL; docs/operations.md "Read
// replica"). Commands, authentication and single-item reads stay on the primary. A read with a
// consistency token is answered from the standby once its projection checkpoints (replayed in the
// same transactions as the read models' rows) have passed the token's position, else after
// REPLICA_WAIT_MS from the primary; a standby that fails is left alone for a while.

/**
 * The consumer name of the standby's log itself: the inline read models (PostgreSQL) are written in
 * the appends' own transactions, so they are replayed on the standby with the events: a token's
 * position is reached when the standby's readable log (below its horizon) has passed it.
 */
export const LOG_CONSUMER = '$log';

/** Between two reads of the standby's checkpoints while a read waits. */
const POLL_MS = 20;
/** How long a standby that failed is not asked (every read goes to the primary meanwhile). */
const RETRY_AFTER_MS = 5_000;

/** Read models and queries of the API's own: auth lists and audit reads must be fresh, and stay on the primary. */
export const readsOnReplica = (def: RouteDef): boolean =>
  isListRoute(def) && !/^\/(auth|audit)\//.test(def.path) && !def.path.startsWith('/api/admin/auditoria/');

/** A small pool on the standby, its sessions set as the primary's (createKnex in src/platform/database.ts). */
function replicaKnex(url: string, poolMax: number, logger: Logger): Knex {
  return knexFactory({
    client: 'pg',
    log: knexLog(logger),
    connection: { connectionString: url, application_name: 'practice-replica', connectionTimeoutMillis: 2_000 } as Knex.PgConnectionConfig,
    acquireConnectionTimeout: 2_000,
    pool: {
      min: 0,
      max: poolMax,
      afterCreate: (conn: { query: (sql: string, cb: (err: Error | null) => void) => void }, done: (err: Error | null, c: unknown) => void) => {
        conn.query("set timezone = 'UTC'; set search_path to public, analitica", (err) => done(err, conn));
      },
    },
  });
}

export interface ReplicaOptions {
  url: string;
  waitMs: number;
  /** The read models a token's read waits for: those a write waits for (readYourWrites), less those retrying a bad event (the primary does not wait for them either). */
  consumers: () => string[];
  compare: (a: Position | null, b: Position | null) => number;
  logger: Logger;
  poolMax?: number;
}

export class ReplicaReads {
  readonly knex: Knex;
  private checkpoints = new Map<string, Position | null>();
  private reading: Promise<void> | null = null;
  private downUntil = 0;
  private down = false;

  constructor(private readonly options: ReplicaOptions) {
    this.knex = replicaKnex(options.url, options.poolMax ?? 5, options.logger);
  }

  /** Where a read goes: the standby, unless it is down or has not reached `position` within REPLICA_WAIT_MS. */
  async choose(position: Position | null): Promise<'replica' | 'primary'> {
    if (Date.now() < this.downUntil) return 'primary';
    if (position === null) return 'replica';
    const deadline = Date.now() + this.options.waitMs;
    for (let first = true; ; first = false) {
      if (!first || !this.reached(position)) await this.read();
      if (Date.now() < this.downUntil) return 'primary';
      if (this.reached(position)) return 'replica';
      const left = deadline - Date.now();
      if (left <= 0) return 'primary';
      await new Promise((r) => setTimeout(r, Math.min(POLL_MS, left)));
    }
  }

  /** A read on the standby failed: the primary answers, and the standby is left alone for a while. */
  failed(err: unknown): void {
    this.downUntil = Date.now() + RETRY_AFTER_MS;
    if (this.down) return;
    this.down = true;
    const e = err as { code?: string; message?: string };
    // The error's code and text only: never the URL (it holds the password).
    this.options.logger.warn({ code: e?.code, reason: e?.message }, 'read replica unavailable: list reads go to the primary');
  }

  /** A read on the standby answered: say so once after it had failed. */
  answered(): void {
    if (!this.down) return;
    this.down = false;
    this.options.logger.info('read replica answering again');
  }

  close(): Promise<void> {
    return this.knex.destroy();
  }

  private reached(position: Position): boolean {
    const c = this.options.compare;
    return this.options.consumers().every((name) => c(this.checkpoints.get(name) ?? null, position) >= 0);
  }

  /** The standby's newest readable event (a PostgreSQL position; HEAD_SQL of the store). */
  private async logHead(): Promise<Position | null> {
    const { rows } = await this.knex.raw(`select tx_id::text as tx, global_position::text as gp from events
      where tx_id < (select practice_log_horizon()) order by events.tx_id desc, events.global_position desc limit 1`);
    return rows.length ? `${rows[0].tx}/${rows[0].gp}` : null;
  }

  /** The standby's checkpoints; concurrent waiters share one read. */
  private read(): Promise<void> {
    this.reading ??= (async () => {
      try {
        const rows: { name: string; position: Position | null }[] = await this.knex('projection_checkpoints').select('name', 'position');
        this.checkpoints = new Map(rows.map((r) => [r.name, r.position]));
        if (this.options.consumers().includes(LOG_CONSUMER)) this.checkpoints.set(LOG_CONSUMER, await this.logHead());
        this.answered();
      } catch (err) {
        this.failed(err);
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }
}

/**
 * The routes with list reads sent to the standby: `twins` are the same routes built on the
 * standby's connections. A standby that fails mid-read is read no more for a while and the primary
 * answers; errors of the API's own (a 404, a 400) are answers, not failures.
 */
export function withReplicaReads(defs: RouteDef[], twins: RouteDef[], reads: ReplicaReads): RouteDef[] {
  const byId = new Map(twins.map((t) => [t.operationId, t]));
  return defs.map((def) => {
    const twin = byId.get(def.operationId);
    if (!twin || !readsOnReplica(def)) return def;
    const handler: RouteDef['handler'] = async (ctx: Context, input) => {
      if ((await reads.choose(tokenPosition(ctx))) === 'primary') return def.handler(ctx, input);
      try {
        await twin.handler(ctx, input);
        reads.answered();
      } catch (err) {
        if (err instanceof AppError) throw err;
        reads.failed(err);
        await def.handler(ctx, input);
      }
    };
    return { ...def, handler };
  });
}
