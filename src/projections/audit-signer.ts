import type { Knex } from 'knex';
import type { AuditConfig } from '../platform/audit/config.ts';
import { signCheckpoint } from '../platform/audit/checkpoint.ts';
import { rootAt } from '../platform/audit/merkle.ts';
import { overStoredTree } from '../platform/audit/tree-store.ts';
import type { Logger } from '../platform/logger.ts';

interface Due {
  size: number;
  signed: number | null;
  /** How long the oldest unsigned leaf has waited (ms, the database's clock). */
  waitedMs: number;
}

const DUE_SQL = `
  with t as (select coalesce((select leaf_index + 1 from audit_leaves order by leaf_index desc limit 1), 0) as size),
       c as (select (select tree_size from audit_checkpoints order by tree_size desc limit 1) as signed)
  select t.size, c.signed,
         coalesce((select extract(epoch from clock_timestamp() - added_at) * 1000 from audit_leaves
                   where leaf_index = coalesce(c.signed, 0)), 0) as waited_ms
  from t, c`;

/**
 * Signs a checkpoint when leaves wait: once `checkpointMaxLeaves` are unsigned, or once the oldest
 * has waited `checkpointIntervalMs`. Every instance may run one: Ed25519 signatures are
 * deterministic and a tree size is signed once (its row is the primary key), so two signers of the
 * same size write the same note and the second insert does nothing.
 */
export class CheckpointSigner {
  private stopped = true;
  private running: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private readonly knex: Knex,
    private readonly config: AuditConfig,
    private readonly logger?: Logger,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.running = this.loop();
  }

  /** New leaves were committed (the audit consumer's batch). */
  nudge(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
  }

  private async loop(): Promise<void> {
    await this.recordKeys().catch((err) => this.logger?.warn({ err }, 'audit: could not record the signing keys'));
    while (!this.stopped) {
      let pause = 1000;
      try {
        pause = await this.step();
      } catch (err) {
        this.logger?.error({ err }, 'audit: checkpoint signing failed; retrying');
      }
      if (pause > 0 && !this.stopped) await this.pause(pause);
    }
  }

  /** Signs if due; returns how long to wait before looking again. */
  async step(): Promise<number> {
    const { rows } = await this.knex.raw(DUE_SQL);
    const due: Due = { size: Number(rows[0].size), signed: rows[0].signed === null ? null : Number(rows[0].signed), waitedMs: Number(rows[0].waited_ms) };
    if (due.signed !== null && due.size <= due.signed) return 1000;
    const { checkpointIntervalMs: interval, checkpointMaxLeaves: max } = this.config;
    // The first checkpoint (maybe of the empty tree) at once: /audit/v1/checkpoint always has one.
    if (due.signed !== null && due.size - due.signed < max && due.waitedMs < interval) return Math.max(5, interval - due.waitedMs);
    await this.sign(due.size);
    return 0;
  }

  async sign(size: number): Promise<void> {
    const root = await overStoredTree(this.knex, (read) => rootAt(read, size));
    const keys = this.config.previous ? [this.config.signer, this.config.previous] : [this.config.signer];
    const note = signCheckpoint(this.config.signer.name, size, root, keys);
    await this.knex.raw('insert into audit_checkpoints (tree_size, root, note) values (?, ?, ?) on conflict (tree_size) do nothing', [size, root, note]);
  }

  /** Every verifier key that signs is kept, with the first tree size it signed (docs/audit.md). */
  private async recordKeys(): Promise<void> {
    const keys = this.config.previous ? [this.config.signer, this.config.previous] : [this.config.signer];
    for (const key of keys) {
      await this.knex.raw(
        `insert into audit_keys (verifier_key, first_tree_size)
         values (?, coalesce((select leaf_index + 1 from audit_leaves order by leaf_index desc limit 1), 0))
         on conflict (verifier_key) do nothing`,
        [key.text],
      );
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
