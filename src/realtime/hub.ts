import type { Knex } from 'knex';
import type { Logger } from '../platform/logger.ts';
import { DESTINATIONS } from './options.ts';
import type { PresenceChange } from './presence.ts';
import type { StompSession } from './session.ts';
import { canSee, presenceAudience, visibleOnline } from './visibility.ts';

/** This instance's open STOMP sessions, by user: where deliveries and presence changes go. */
export class Hub {
  private readonly byUser = new Map<number, Set<StompSession>>();
  private readonly all = new Set<StompSession>();

  constructor(private readonly knex: Knex, private readonly logger?: Logger) {}

  add(session: StompSession): void {
    const id = session.user!.idUsuario;
    this.all.add(session);
    let set = this.byUser.get(id);
    if (!set) this.byUser.set(id, (set = new Set()));
    set.add(session);
  }

  remove(session: StompSession): void {
    if (!this.all.delete(session)) return;
    const id = session.user!.idUsuario;
    const set = this.byUser.get(id);
    set?.delete(session);
    if (set?.size === 0) this.byUser.delete(id);
  }

  sessions(): StompSession[] {
    return [...this.all];
  }

  get size(): number {
    return this.all.size;
  }

  /** A MESSAGE to every local session of the user subscribed to the destination; how many got it. */
  deliverToUser(idUsuario: number, destination: string, body: string): number {
    let n = 0;
    for (const s of this.byUser.get(idUsuario) ?? []) if (s.deliver(destination, body)) n++;
    return n;
  }

  /** The user was deactivated or erased: their open sessions end now, not when their token expires. */
  closeUser(idUsuario: number): void {
    for (const s of [...(this.byUser.get(idUsuario) ?? [])]) s.fail('unauthorized', 'The user is no longer active');
  }

  /** A presence change (from any instance, through NOTIFY) to the local subscribers allowed to see it. */
  async presenceChanged(change: PresenceChange): Promise<void> {
    const watchers = [...this.all].filter((s) => s.isOpen && s.hasSubscription(DESTINATIONS.presence));
    if (watchers.length === 0) return;
    const audience = await presenceAudience(this.knex, change.idUsuario);
    for (const s of watchers) if (canSee(audience, s.user!)) this.tell(s, change);
  }

  /** On SUBSCRIBE to /topic/presence: who is online now, as the same messages a change would send. */
  async presenceSnapshot(session: StompSession): Promise<void> {
    session.presenceSeen.clear(); // a new subscription starts from the snapshot
    try {
      const online = await visibleOnline(this.knex, session.user!);
      for (const u of online) this.tell(session, { idUsuario: u.idUsuario, online: true, version: u.version });
    } catch (err) {
      this.logger?.error({ err }, 'presence snapshot failed');
    }
  }

  /** Versions only move forward per user and session: a stale snapshot never overwrites a newer change. */
  private tell(session: StompSession, change: PresenceChange): void {
    const seen = session.presenceSeen.get(change.idUsuario) ?? 0;
    if (change.version <= seen) return;
    session.presenceSeen.set(change.idUsuario, change.version);
    session.deliver(DESTINATIONS.presence, JSON.stringify({ idUsuario: change.idUsuario, online: change.online }));
  }
}
