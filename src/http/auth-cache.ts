import { asStored, lastEvents, streamsOf, type EventStore, type StoredEvent, type StreamsOfQuery, type Subscription } from '../eventstore/port.ts';
import type { LiveTail } from '../eventstore/live-tail.ts';
import type { Logger } from '../platform/logger.ts';
import type { AuthState, AuthUser } from '../queries/usuarios.ts';

/**
 * The events that change what `findAuthUser` answers (the `usuarios` row, and the `pacientes` /
 * `psicologos` rows it joins for the caller's ids). Each carries the person's `idUsuario`.
 */
export const AUTH_EVENTS: ReadonlySet<string> = new Set([
  'UsuarioRegistrado', 'UsuarioDesactivado', 'PacienteRegistrado', 'PacienteDadoDeBaja', 'PacienteEliminado',
  'PsicologoRegistrado', 'PsicologoEliminado',
]);
/** After these a person never signs in again (no event re-activates a user). */
const ENDING_EVENTS: ReadonlySet<string> = new Set(['UsuarioDesactivado', 'PacienteEliminado']);

export interface AuthCacheOptions {
  /** After an event about a person, their row is read afresh on every request for this long (the read model may lag). */
  unsettledMs?: number;
  /** A backstop: an entry is re-read at least this often, whatever the subscription saw. */
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
  /**
   * The row's current id, role and activo, read on every request that a kept entry would answer
   * (one indexed, prepared statement): a change committed by another instance is in force here as
   * soon as it is in the read model, before this instance hears of it through the log.
   */
  check?: (emailHash: string) => Promise<AuthState | null>;
}

type Entry = { user: AuthUser; at: number };

/** How long a person's row is read afresh after an event about them: the projections' usual lag, with room. */
export const UNSETTLED_MS = 3_000;

/**
 * The authenticated user of each request, kept in memory by e-mail hash (the token's subject) and
 * evicted by the events about that user, from this process (`observe`, synchronously after the
 * append) and from any other (a catch-up subscription on the event store, from the head at start).
 *
 * Races with the read model, which lags the log:
 * - a fill that was reading while an event about anyone arrived is not kept (generation check);
 * - after an event about a person, their row is not cached for `unsettledMs`: it is read from the
 *   read model on each request, so a change shows as soon as it is projected, never held stale;
 * - a person whose deactivation or erasure was seen is refused from then on, even while the read
 *   model still shows them active: the read can never bring them back.
 */
export class AuthUserCache {
  private readonly entries = new Map<string, Entry>();
  private readonly hashesOf = new Map<number, Set<string>>();
  private readonly unsettled = new Map<number, number>();
  private readonly ended = new Set<number>();
  private generation = 0;
  private subscription: Subscription | null = null;
  private readonly unsettledMs: number;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly check: AuthCacheOptions['check'];

  constructor(private readonly read: (emailHash: string) => Promise<AuthUser | null>, options: AuthCacheOptions = {}) {
    this.unsettledMs = options.unsettledMs ?? UNSETTLED_MS;
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
    this.check = options.check;
  }

  /** Follows the log from the tail's place (its head when started); call before the cache serves anything. */
  follow(tail: LiveTail, logger?: Logger): void {
    this.subscription = tail.follow(async (events) => this.saw(events), {
      onError: (err) => logger?.error({ err }, 'auth cache subscription failed; retrying'),
    });
  }

  async stop(): Promise<void> {
    const s = this.subscription;
    this.subscription = null;
    await s?.stop();
  }

  /** The store, with every append of this process evicting before it returns. */
  observe(store: EventStore): EventStore {
    return new ObservedStore(store, (events) => this.saw(events));
  }

  /** The user behind an e-mail hash: from memory, or read (and kept when nothing about them is in flight). */
  async get(emailHash: string): Promise<AuthUser | null> {
    const hit = this.entries.get(emailHash);
    if (hit && this.now() - hit.at < this.ttlMs && (await this.current(emailHash, hit.user))) return hit.user;
    const generation = this.generation;
    const user = await this.read(emailHash);
    if (!user) return null;
    if (this.ended.has(user.idUsuario)) return user.activo ? { ...user, activo: false } : user;
    if (generation === this.generation && !this.isUnsettled(user.idUsuario)) this.keep(emailHash, user);
    return user;
  }

  /** Events of the log (or of an append here): evict the people they are about. */
  saw(events: readonly { type: string; data: unknown }[]): void {
    for (const e of events) {
      if (!AUTH_EVENTS.has(e.type)) continue;
      const id = (e.data as { idUsuario?: unknown } | null)?.idUsuario;
      this.generation++;
      if (typeof id !== 'number') {
        this.clear(); // an event of these types without its person: forget everyone, to be safe
        continue;
      }
      if (ENDING_EVENTS.has(e.type)) this.ended.add(id);
      this.unsettled.set(id, this.now() + this.unsettledMs);
      this.evict(id);
    }
  }

  /** Whether a kept entry still says what the read model says (without `check`: trusted until evicted). */
  private async current(emailHash: string, kept: AuthUser): Promise<boolean> {
    if (!this.check) return true;
    const row = await this.check(emailHash);
    if (row && row.idUsuario === kept.idUsuario && row.rol === kept.rol && row.activo === kept.activo) return true;
    this.evict(kept.idUsuario);
    return false;
  }

  private isUnsettled(idUsuario: number): boolean {
    const until = this.unsettled.get(idUsuario);
    if (until === undefined) return false;
    if (this.now() < until) return true;
    this.unsettled.delete(idUsuario);
    return false;
  }

  private keep(emailHash: string, user: AuthUser): void {
    if (this.entries.size >= this.maxEntries) this.clear();
    this.entries.set(emailHash, { user, at: this.now() });
    let hashes = this.hashesOf.get(user.idUsuario);
    if (!hashes) this.hashesOf.set(user.idUsuario, (hashes = new Set()));
    hashes.add(emailHash);
  }

  private evict(idUsuario: number): void {
    for (const h of this.hashesOf.get(idUsuario) ?? []) this.entries.delete(h);
    this.hashesOf.delete(idUsuario);
  }

  private clear(): void {
    this.entries.clear();
    this.hashesOf.clear();
  }
}

/** Delegates to the store; after a successful append, hands the events written to `saw`. */
class ObservedStore implements EventStore {
  constructor(private readonly inner: EventStore, private readonly saw: (events: StoredEvent[] | { type: string; data: unknown }[]) => void) {}

  async append(...args: Parameters<EventStore['append']>) {
    const result = await this.inner.append(...args);
    for (const w of args[0]) this.saw(w.events);
    return result;
  }
  readStream(streamId: string) { return this.inner.readStream(streamId); }
  readStreams(streamIds: readonly string[]) { return this.inner.readStreams(streamIds); }
  readStreamAsStored(streamId: string) { return asStored(this.inner, streamId); }
  readLastEvents(streamIds: readonly string[]) { return lastEvents(this.inner, streamIds); }
  streamsOf(query: StreamsOfQuery) { return streamsOf(this.inner, query); }
  get skipsFreshReads() { return this.inner.skipsFreshReads; }
  readAll(...args: Parameters<EventStore['readAll']>) { return this.inner.readAll(...args); }
  subscribe(...args: Parameters<EventStore['subscribe']>) { return this.inner.subscribe(...args); }
  waitForEvents(timeoutMs: number) { return this.inner.waitForEvents(timeoutMs); }
  compare(...args: Parameters<EventStore['compare']>) { return this.inner.compare(...args); }
  head() { return this.inner.head(); }
  close() { return this.inner.close(); }
}
