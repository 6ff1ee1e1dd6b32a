import type { AuthState } from '../queries/usuarios.ts';

type Waiter = { resolve: (s: AuthState | null) => void; reject: (err: unknown) => void };

/** The most e-mail hashes one read asks for; more wait for the next read. */
const MAX_BATCH = 500;

/**
 * The per-request check of the caller's row (id, rol, activo: AuthUserCache's `check`), with the
 * checks that arrive while a read is in flight coalesced into the next read: under load one
 * statement answers many requests instead of one each (a user's requests at once share a row).
 *
 * The guarantee stays the single read's: each check is answered by a read SENT AFTER the check was
 * asked for, so it sees every change committed before the request reached the guard (a deactivation
 * answered by another instance included). A check never joins a read already sent: that read's
 * snapshot may predate such a change.
 */
export class CoalescedAuthChecks {
  private waiting = new Map<string, Waiter[]>();
  private inFlight = 0;

  constructor(
    private readonly readMany: (emailHashes: string[]) => Promise<Map<string, AuthState>>,
    /** Reads at once: with 1, the checks of a burst wait at most for the read before theirs. */
    private readonly maxInFlight = 1,
  ) {}

  readonly check = (emailHash: string): Promise<AuthState | null> =>
    new Promise((resolve, reject) => {
      const list = this.waiting.get(emailHash);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(emailHash, [{ resolve, reject }]);
      this.send();
    });

  private send(): void {
    if (this.inFlight >= this.maxInFlight || this.waiting.size === 0) return;
    const batch = this.take();
    this.inFlight++;
    let read: Promise<Map<string, AuthState>>;
    try {
      read = this.readMany([...batch.keys()]);
    } catch (err) {
      read = Promise.reject(err);
    }
    read.then(
      (rows) => {
        for (const [hash, waiters] of batch) for (const w of waiters) w.resolve(rows.get(hash) ?? null);
      },
      (err) => {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
      },
    ).finally(() => {
      this.inFlight--;
      this.send();
    });
  }

  /** The waiting checks for one read (all of them, up to MAX_BATCH hashes). */
  private take(): Map<string, Waiter[]> {
    if (this.waiting.size <= MAX_BATCH) {
      const all = this.waiting;
      this.waiting = new Map();
      return all;
    }
    const some = new Map<string, Waiter[]>();
    for (const [hash, waiters] of this.waiting) {
      if (some.size === MAX_BATCH) break;
      some.set(hash, waiters);
      this.waiting.delete(hash);
    }
    return some;
  }
}
