import { AppError } from '../platform/errors.ts';

/**
 * Open STOMP sessions per user in this process (decisions.md "Limits": STOMP_SESSIONS_PER_USER).
 * A slot is taken synchronously right after authentication, before anything is awaited, so two
 * CONNECTs of one user racing each other on this instance cannot both slip under the cap; it is
 * given back when the session ends, whatever ended it. `max` 0: no cap. This is the fast refusal
 * and this instance's share of the count: the cap across instances is checked when the session is
 * recorded (Presence.open, under the user's lock, with `held` standing for this instance's rows).
 */
export class SessionCap<S> {
  private readonly byUser = new Map<number, Set<S>>();

  constructor(private readonly max: number) {}

  /** Takes a slot for `session`; the refusal to send when the user already holds `max`. */
  take(idUsuario: number, session: S): AppError | null {
    let held = this.byUser.get(idUsuario);
    if (this.max > 0 && held && held.size >= this.max && !held.has(session)) return tooManySessions(this.max);
    if (!held) this.byUser.set(idUsuario, (held = new Set()));
    held.add(session);
    return null;
  }

  /** Idempotent; a session that never got a slot frees nothing. */
  release(idUsuario: number, session: S): void {
    const held = this.byUser.get(idUsuario);
    if (!held?.delete(session)) return;
    if (held.size === 0) this.byUser.delete(idUsuario);
  }

  held(idUsuario: number): number {
    return this.byUser.get(idUsuario)?.size ?? 0;
  }
}

export function tooManySessions(max: number): AppError {
  return new AppError(429, {
    es: `Demasiadas sesiones en tiempo real abiertas para este usuario (máximo ${max}); cierre alguna antes de abrir otra`,
    en: `Too many real-time sessions open for this user (at most ${max}); close one before opening another`,
  });
}
