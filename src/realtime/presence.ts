import type { Knex } from 'knex';
import pg from 'pg';
import type { NotificationSeal } from '../platform/crypto/notifications.ts';
import type { Logger } from '../platform/logger.ts';
import { DEFAULT_INSTANCE_TIMEOUT_MS } from './options.ts';

/**
 * Presence across server instances. Every instance records its STOMP sessions in PostgreSQL and
 * beats its own row; a user is online while any session of theirs lives on a live instance.
 * Changes are announced with NOTIFY on `practice_presence`, sealed (any login may LISTEN), which
 * PostgreSQL delivers at commit to every instance's LISTEN connection, this one's included: presence
 * is short-lived state about running servers, not a fact of the practice, so it stays out of the
 * event log (where it would also be a permanent record of when each patient was online).
 *
 * Every change of one user runs under a per-user advisory lock, so opens, closes and the sweeps
 * of several instances see each other's effects and announce each change exactly once.
 */
export const PRESENCE_CHANNEL = 'practice_presence';
const LOCK_CLASS = 0x50524553; // "PRES": the advisory-lock namespace of presence

export interface PresenceChange {
  idUsuario: number;
  online: boolean;
  version: number;
}

/**
 * The session cap across instances: at most `max` sessions of the user; `held()` of them (this one
 * included) on this instance. A function, read under the user's lock: a count taken before it
 * could miss a session of this instance recorded meanwhile, and let a third one through.
 */
export interface SessionQuota {
  max: number;
  held: () => number;
}

export interface PresenceOptions {
  graceMs: number;
  heartbeatMs: number;
  instanceTimeoutMs: number;
  sweepMs: number;
  /** Seals the announcements: they name a user, and PostgreSQL lets any login listen. */
  seal: NotificationSeal;
}

const liveSession = (timeoutMs: number) => `exists (select 1 from realtime_sesiones s join realtime_instancias i on i.id_instancia = s.id_instancia
  where s.id_usuario = presencia.id_usuario and i.latido > now() - make_interval(secs => ${timeoutMs / 1000}))`;

export { hasLiveSession } from '../queries/presencia.ts';

export class Presence {
  private listener: pg.Client | null = null;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly inflight = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(
    private readonly knex: Knex,
    private readonly databaseUrl: string,
    readonly instanceId: string,
    private readonly options: PresenceOptions,
    private readonly onChange: (change: PresenceChange) => void,
    /** This instance's sessions, re-recorded if the instance was taken for dead. */
    private readonly localSessions: () => { id: string; idUsuario: number }[],
    private readonly logger?: Logger,
  ) {}

  async start(): Promise<void> {
    await this.knex('realtime_instancias').insert({ id_instancia: this.instanceId }).onConflict('id_instancia').merge({ latido: this.knex.fn.now() });
    await this.listen();
    const quietly = (p: Promise<void>) => void p.catch(() => undefined); // track() has logged it
    this.timers.push(setInterval(() => quietly(this.track(this.beat())), this.options.heartbeatMs));
    this.timers.push(setInterval(() => quietly(this.track(this.sweep())), this.options.sweepMs));
  }

  /**
   * Records an authenticated session; the user's first one makes them online. With a `cap`, false
   * (nothing recorded) when the user would hold more than `cap.max` sessions on the live instances.
   */
  open(sessionId: string, idUsuario: number, cap?: SessionQuota): Promise<boolean> {
    return this.track(this.withUser(idUsuario, async (trx) => {
      // Others may have taken this instance for dead after a long pause; DO NOTHING takes no row lock.
      // Touch (and lock) our instance row: a sweep by another instance that judged us dead cannot
      // delete it between here and the session insert (that was a foreign-key error under load).
      await trx('realtime_instancias').insert({ id_instancia: this.instanceId }).onConflict('id_instancia').merge({ latido: trx.fn.now() });
      if (!(await this.record(trx, sessionId, idUsuario, cap))) return false;
      const row = await trx('presencia').where({ id_usuario: idUsuario }).first('online');
      if (row?.online) {
        await trx('presencia').where({ id_usuario: idUsuario }).update({ pendiente_desde: null }); // back within the grace period
        return true;
      }
      await this.announce(trx, idUsuario, true);
      return true;
    }));
  }

  /**
   * The session's row; with a cap, only while the user's sessions stay within it: the other live
   * instances' rows plus `held`, this instance's own count (its memory is exact at once, where the
   * row of a session closed a moment ago may not be deleted yet). The user's lock is held, so two
   * CONNECTs on two instances are counted one after the other and cannot both slip under the cap.
   */
  private async record(trx: Knex.Transaction, sessionId: string, idUsuario: number, cap?: SessionQuota): Promise<boolean> {
    if (!cap) {
      await trx('realtime_sesiones').insert({ id_sesion: sessionId, id_instancia: this.instanceId, id_usuario: idUsuario }).onConflict('id_sesion').ignore();
      return true;
    }
    const { rows } = await trx.raw(
      `insert into realtime_sesiones (id_sesion, id_instancia, id_usuario)
       select :sessionId::uuid, :instance::uuid, :idUsuario::int
       where (select count(*) from realtime_sesiones s join realtime_instancias i on i.id_instancia = s.id_instancia
              where s.id_usuario = :idUsuario and s.id_instancia <> :instance and i.latido > now() - make_interval(secs => :timeout))
         + :held::int <= :max::int
       on conflict (id_sesion) do nothing
       returning 1`,
      { sessionId, instance: this.instanceId, idUsuario, timeout: this.options.instanceTimeoutMs / 1000, held: cap.held(), max: cap.max },
    );
    return rows.length > 0;
  }

  /**
   * Forgets a session; the user's last one starts the grace period, after which a sweep (every
   * `sweepMs`, on whichever instance) marks them offline.
   */
  close(sessionId: string, idUsuario: number): Promise<void> {
    return this.track(this.withUser(idUsuario, async (trx) => {
      await trx('realtime_sesiones').where({ id_sesion: sessionId }).delete();
      await trx.raw(`update presencia set pendiente_desde = now() where id_usuario = ? and online and pendiente_desde is null and not ${liveSession(this.options.instanceTimeoutMs)}`, [idUsuario]);
    }));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    await Promise.allSettled([...this.inflight]);
    // Sessions still recorded here are gone with the instance; the other instances' sweeps take them offline.
    await this.knex('realtime_instancias').where({ id_instancia: this.instanceId }).delete().catch(() => undefined);
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => undefined);
  }

  private track<T>(p: Promise<T>): Promise<T> {
    const guarded = p.catch((err) => {
      this.logger?.error({ err }, 'presence update failed');
      throw err;
    });
    const settled = guarded.catch(() => undefined);
    this.inflight.add(settled);
    void settled.finally(() => this.inflight.delete(settled));
    return guarded;
  }

  private withUser<T>(idUsuario: number, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return this.knex.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(?::int, ?::int)', [LOCK_CLASS, idUsuario]);
      return work(trx);
    });
  }

  private async announce(trx: Knex.Transaction, idUsuario: number, online: boolean): Promise<void> {
    const { rows } = await trx.raw(
      `insert into presencia (id_usuario, online, version, cambiado_en) values (?, ?, 1, now())
       on conflict (id_usuario) do update set online = excluded.online, pendiente_desde = null,
         version = presencia.version + 1, cambiado_en = now()
       returning version`,
      [idUsuario, online],
    );
    const change: PresenceChange = { idUsuario, online, version: Number(rows[0].version) };
    await trx.raw('select pg_notify(?, ?)', [PRESENCE_CHANNEL, this.options.seal.seal(PRESENCE_CHANNEL, JSON.stringify(change))]);
  }

  /** Beats this instance's row; if others took it for dead (a long pause), records its sessions again. */
  private async beat(): Promise<void> {
    const n = await this.knex('realtime_instancias').where({ id_instancia: this.instanceId }).update({ latido: this.knex.fn.now() });
    if (n > 0 || this.stopped) return;
    await this.knex('realtime_instancias').insert({ id_instancia: this.instanceId }).onConflict('id_instancia').merge({ latido: this.knex.fn.now() });
    for (const s of this.localSessions()) await this.open(s.id, s.idUsuario);
  }

  /** Dead instances lose their sessions; users without a live session go offline once the grace period ends. */
  private async sweep(): Promise<void> {
    if (this.stopped) return;
    const timeout = this.options.instanceTimeoutMs / 1000;
    await this.knex.raw('delete from realtime_instancias where latido < now() - make_interval(secs => ?) and id_instancia <> ?', [timeout, this.instanceId]);
    const { rows } = await this.knex.raw(`select id_usuario from presencia where online and not ${liveSession(this.options.instanceTimeoutMs)} order by id_usuario limit 500`);
    for (const { id_usuario: idUsuario } of rows as { id_usuario: number }[]) {
      await this.withUser(idUsuario, async (trx) => {
        const { rows: [p] } = await trx.raw(
          `select pendiente_desde is null as sin_plazo, pendiente_desde <= now() - make_interval(secs => ?) as vencido, ${liveSession(this.options.instanceTimeoutMs)} as live
           from presencia where id_usuario = ? and online`,
          [this.options.graceMs / 1000, idUsuario],
        );
        if (!p || p.live) return;
        // A dead instance's users lost their connection when it stopped beating, at least the
        // timeout ago: their grace period counts from then (it may be over already). Others are due once it ends.
        if (p.sin_plazo) await this.lostWithInstance(trx, idUsuario);
        else if (p.vencido) await this.announce(trx, idUsuario, false);
      });
    }
  }

  private async lostWithInstance(trx: Knex.Transaction, idUsuario: number): Promise<void> {
    if (this.options.instanceTimeoutMs >= this.options.graceMs) return this.announce(trx, idUsuario, false);
    await trx.raw('update presencia set pendiente_desde = now() - make_interval(secs => ?) where id_usuario = ?', [this.options.instanceTimeoutMs / 1000, idUsuario]);
  }

  /** One LISTEN connection; lost, it is opened again (a change missed meanwhile is not replayed). */
  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'practice-presence' });
    const retry = () => {
      if (this.listener !== client) return;
      this.listener = null;
      if (!this.stopped) this.timers.push(setTimeout(() => void this.listen().catch(() => undefined), 1000));
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', (n) => {
      if (n.channel !== PRESENCE_CHANNEL || !n.payload) return;
      const text = this.options.seal.open(PRESENCE_CHANNEL, n.payload);
      if (text === null) {
        this.logger?.warn('presence announcement not sealed with this deployment\'s key: ignored');
        return;
      }
      try {
        this.onChange(JSON.parse(text) as PresenceChange);
      } catch (err) {
        this.logger?.error({ err }, 'presence change not delivered');
      }
    });
    this.listener = client;
    try {
      await client.connect();
      await client.query(`listen ${PRESENCE_CHANNEL}`);
    } catch (err) {
      this.logger?.warn({ err }, 'presence listener not connected; retrying');
      retry();
    }
  }
}
