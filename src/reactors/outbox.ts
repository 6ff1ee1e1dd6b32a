import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from '../platform/logger.ts';

/** What a sender knows of the row besides its payload: `noticeId` is the same at every attempt. */
export interface OutboxRow {
  id: string;
  /** Derived from the row's dedupe key: a resend after a crash carries the same id, so a receiver can drop it. */
  noticeId: string;
}

export type OutboxSender = (payload: any, row: OutboxRow) => Promise<void>;

/** A stable, opaque id of one notice (event, recipient, channel): no personal data, the dedupe key hashed. */
export const noticeIdOf = (dedupeKey: string): string => createHash('sha256').update(dedupeKey).digest('hex').slice(0, 32);

interface Claimed {
  id: string;
  dedupe_key: string;
  kind: string;
  payload: unknown;
  attempts: number;
}

/** Default of OUTBOX_CLAIM_MS: how long a claim lasts unless its holder renews it. */
export const DEFAULT_OUTBOX_CLAIM_MS = 5_000;
const MAX_ATTEMPTS = 10;

/**
 * Delivers outbox rows. A row is claimed in a short transaction (SKIP LOCKED, so several
 * processes share the work) and marked SENT after delivery; its payload is then emptied so no
 * personal data stays behind. A claim lasts `claimMs` and is renewed every third of it while its
 * holder lives (however slow the SMTP server), so a dead holder's rows are taken over within
 * `claimMs` and a poll. A crash between delivery and marking re-sends once after the claim
 * expires: delivery is at-least-once with duplicates only across a crash.
 */
export class OutboxWorker {
  private stopped = true;
  private loop: Promise<void> | null = null;
  private wake: () => void = () => {};
  /** The rows this worker holds: id -> the attempt number of its claim (only that claim settles or renews them). */
  private readonly held = new Map<string, number>();
  private renewal: NodeJS.Timeout | null = null;

  constructor(
    private readonly knex: Knex,
    private readonly senders: Record<string, OutboxSender>,
    private readonly logger?: Logger,
    private readonly pollMs = 250,
    private readonly claimMs = DEFAULT_OUTBOX_CLAIM_MS,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = (async () => {
      while (!this.stopped) {
        const n = await this.drainOnce().catch((err) => {
          this.logger?.error({ err }, 'outbox drain failed');
          return 0;
        });
        if (n === 0 && !this.stopped) await new Promise<void>((r) => { this.wake = r; setTimeout(r, this.pollMs); });
      }
    })();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loop;
  }

  /** What a crash leaves (tests): the loop and the renewals stop; the rows held are neither settled nor released. */
  abandon(): void {
    this.stopped = true;
    this.wake();
    this.stopRenewing();
    this.held.clear();
  }

  /**
   * Claims and delivers due rows, up to `limit` of each kind; returns how many were handled. Per
   * kind, so a backlog of one (thousands of pushes) does not hold back the others (a booking's
   * mail): each drain takes the oldest of every kind. A kind without a sender is claimed too,
   * and fails like any undeliverable row.
   */
  async drainOnce(limit = 20): Promise<number> {
    const kinds = Object.keys(this.senders);
    const others = kinds.length ? `kind not in (${kinds.map(() => '?').join(', ')})` : 'true';
    // One locked pick per kind (FOR UPDATE is not allowed on a UNION, so each in its own CTE).
    const picks = [...kinds.map(() => 'kind = ?'), others].map((filter, i) => `k${i} as (select id from outbox
      where ${filter} and (status = 'PENDING' or status = 'SENDING') and next_attempt_at <= now()
      order by id limit ? for update skip locked)`);
    const { rows } = await this.knex.raw(
      `with ${picks.join(', ')}
       update outbox set status = 'SENDING', next_attempt_at = now() + ${this.claimInterval()}, attempts = attempts + 1
       where id in (${picks.map((_, i) => `select id from k${i}`).join(' union all ')})
       returning id, dedupe_key, kind, payload, attempts`,
      [...kinds.flatMap((k) => [k, limit]), ...kinds, limit],
    );
    // UPDATE … RETURNING gives rows in scan order, not the subquery's: sort, so messages queued in
    // order (waitlist notices in join order, say) are also delivered in that order.
    const claimed = (rows as Claimed[]).sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    this.hold(claimed);
    // Each kind in its own order, the kinds side by side: a slow mail server does not hold the pushes.
    const claimedKinds = [...new Set(claimed.map((row) => row.kind))];
    await Promise.all(claimedKinds.map((kind) => this.deliverInOrder(claimed.filter((row) => row.kind === kind))));
    if (this.held.size === 0) this.stopRenewing();
    return rows.length;
  }

  private async deliverInOrder(rows: Claimed[]): Promise<void> {
    for (const row of rows) {
      if (this.stopped && !this.held.has(String(row.id))) break; // abandoned
      try {
        await this.deliver(row);
      } finally {
        this.held.delete(String(row.id));
      }
    }
  }

  private claimInterval(): string {
    return `interval '${Math.max(1, Math.round(this.claimMs))} milliseconds'`;
  }

  private hold(rows: Claimed[]): void {
    for (const r of rows) this.held.set(String(r.id), r.attempts);
    if (rows.length === 0 || this.renewal) return;
    this.renewal = setInterval(() => void this.renew(), Math.max(10, Math.floor(this.claimMs / 3)));
    this.renewal.unref();
  }

  /** One statement extends every claim this worker still holds (a row taken over meanwhile has another attempt number). */
  private async renew(): Promise<void> {
    if (this.held.size === 0) return;
    const ids = [...this.held.keys()];
    const attempts = ids.map((id) => this.held.get(id)!);
    await this.knex.raw(
      `update outbox set next_attempt_at = now() + ${this.claimInterval()}
       where status = 'SENDING' and (id, attempts) in (select * from unnest(?::bigint[], ?::int[]))`,
      [ids, attempts],
    ).catch((err) => this.logger?.warn({ err }, 'outbox claim renewal failed'));
  }

  private stopRenewing(): void {
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = null;
  }

  private async deliver(row: Claimed): Promise<void> {
    const send = this.senders[row.kind];
    // Only the current claim settles the row: if this delivery outlived its claim and another
    // worker took the row over (and maybe sent it), a late outcome here must not undo that.
    const claim = () => this.knex('outbox').where({ id: row.id, status: 'SENDING', attempts: row.attempts });
    try {
      if (!send) throw new Error(`no sender for ${row.kind}`);
      await send(row.payload, { id: String(row.id), noticeId: noticeIdOf(row.dedupe_key) });
      await claim().update({ status: 'SENT', sent_at: this.knex.fn.now(), payload: '{}', last_error: null });
    } catch (err) {
      const failed = row.attempts >= MAX_ATTEMPTS;
      const backoffSeconds = Math.min(3600, 2 ** row.attempts);
      // The error's name only: a transport error's message can echo the recipient or the content.
      const reason = (err as Error)?.name ?? 'Error';
      this.logger?.warn({ outboxId: row.id, kind: row.kind, attempts: row.attempts, reason }, 'outbox delivery failed');
      await claim().update({
        status: failed ? 'FAILED' : 'PENDING',
        last_error: reason,
        next_attempt_at: this.knex.raw(`now() + interval '${backoffSeconds} seconds'`),
        ...(failed ? { payload: '{}' } : {}),
      });
    }
  }
}
