import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { errors } from '../errors.ts';
import { keyEncryptionKey, open, seal } from './aead.ts';
import { KEYS_CHANNEL, KEYS_DESTROYED, KeyDestructionListener } from './keyring-listener.ts';

export type KeyPurpose = 'identity' | 'clinical';

/** A data key, or the fact that it was destroyed (its data is erased for good). */
export type KeyLookup = { key: Buffer } | { destroyed: true } | null;

/**
 * Per-person data keys wrapped by the master key. Subjects are persons (`usuario-<id>`); aliases
 * (`paciente-<id>`) point at them, so every record of a person uses the same keys.
 */
export class KeyRing {
  private kek: { kek: Buffer; id: string };
  // The cache is emptied when another process announces a destruction (watch()); the
  // time bound is the last resort of a ring that does not watch (one-off tools).
  private readonly cache = new Map<string, { key: Buffer; at: number }>();
  private static readonly CACHE_MS = 60_000;
  private listener: KeyDestructionListener | null = null;
  /** Counts evictions: a fetch that overlapped one does not cache what it read before it. */
  private evictions = 0;
  private readonly aliases = new Map<string, string>();
  private readonly pending = new Map<string, Promise<KeyLookup>>();

  constructor(private readonly knex: Knex, masterKey: string) {
    this.kek = keyEncryptionKey(masterKey);
  }

  /** Follows destructions by other processes on the database at `connectionString` (servers). */
  watch(connectionString: string): void {
    this.listener ??= new KeyDestructionListener(connectionString, () => this.evict(null));
    this.listener.start();
  }

  async close(): Promise<void> {
    await this.listener?.stop();
  }

  /** Watching but not listening (connection lost): a cached key may have been destroyed unseen. */
  private cacheTrusted(): boolean {
    return this.listener === null || this.listener.connected;
  }

  private evict(cacheKey: string | null): void {
    this.evictions++;
    if (cacheKey === null) {
      this.cache.clear();
      this.pending.clear();
      return;
    }
    this.cache.delete(cacheKey);
    this.pending.delete(cacheKey);
  }

  async link(alias: string, subject: string): Promise<void> {
    await this.knex('key_aliases').insert({ alias, subject }).onConflict('alias').ignore();
  }

  async resolve(subjectOrAlias: string): Promise<string> {
    const known = this.aliases.get(subjectOrAlias);
    if (known) return known;
    const row = await this.knex('key_aliases').where({ alias: subjectOrAlias }).first('subject');
    // An alias never changes once written, so it can be cached for good.
    if (row) this.aliases.set(subjectOrAlias, row.subject);
    return row?.subject ?? subjectOrAlias;
  }

  /** The subject's key for a purpose, created on first use. */
  async obtain(subject: string, purpose: KeyPurpose): Promise<Buffer> {
    const found = await this.lookup(subject, purpose);
    if (found && 'key' in found) return found.key;
    // Writing personal data of an erased person: refuse it (nothing could ever read it back).
    if (found) throw errors.conflict('Los datos personales de esta persona se han eliminado', "This person's personal data has been erased");
    const key = randomBytes(32);
    const inserted = await this.knex('data_keys')
      .insert({ subject, purpose, wrapped: seal(this.kek.kek, key, `${subject}|${purpose}`), master_key_id: this.kek.id })
      .onConflict(['subject', 'purpose']).ignore()
      .returning('subject');
    if (inserted.length > 0) {
      this.cache.set(`${subject}|${purpose}`, { key, at: Date.now() });
      return key;
    }
    // A concurrent creator won: its row is committed (ON CONFLICT DO NOTHING waits for the other
    // insert to commit or abort). Read it afresh, not through lookup(): a lookup of this key
    // already in flight may have taken its snapshot before that commit and answer "no key".
    const stored = await this.fetch(subject, purpose, `${subject}|${purpose}`);
    if (stored && 'key' in stored) return stored.key;
    if (stored) throw errors.conflict('Los datos personales de esta persona se han eliminado', "This person's personal data has been erased");
    throw new Error('data key unavailable');
  }

  async lookup(subject: string, purpose: KeyPurpose): Promise<KeyLookup> {
    const cacheKey = `${subject}|${purpose}`;
    const cached = this.cache.get(cacheKey);
    if (cached && this.cacheTrusted() && Date.now() - cached.at < KeyRing.CACHE_MS) return { key: cached.key };
    // A batch of events opens many fields of one person at once: one query for all of them.
    const pending = this.pending.get(cacheKey);
    if (pending) return pending;
    const fetched = this.fetch(subject, purpose, cacheKey).finally(() => this.pending.delete(cacheKey));
    this.pending.set(cacheKey, fetched);
    return fetched;
  }

  private async fetch(subject: string, purpose: KeyPurpose, cacheKey: string): Promise<KeyLookup> {
    const seen = this.evictions;
    const row = await this.knex('data_keys').where({ subject, purpose }).first('wrapped', 'destroyed_at');
    if (!row) return null;
    if (!row.wrapped) return { destroyed: true };
    const key = open(this.kek.kek, row.wrapped, cacheKey);
    if (seen === this.evictions) this.cache.set(cacheKey, { key, at: Date.now() });
    return { key };
  }

  /** A server-wide 32-byte secret (e.g. the lookup HMAC key), created on first use, wrapped by the master key. */
  async serverKey(name: string): Promise<Buffer> {
    const aad = `server|${name}`;
    const read = async () => {
      const row = await this.knex('server_keys').where({ name }).first('wrapped');
      return row ? open(this.kek.kek, row.wrapped, aad) : null;
    };
    const existing = await read();
    if (existing) return existing;
    await this.knex('server_keys')
      .insert({ name, wrapped: seal(this.kek.kek, randomBytes(32), aad), master_key_id: this.kek.id })
      .onConflict('name').ignore();
    return (await read())!; // a concurrent creator may have won: everyone uses the stored one
  }

  /** Crypto-shredding: the wrapped key is gone; everything sealed with it is unreadable. */
  async destroy(subject: string, purpose: KeyPurpose, trx: Knex | Knex.Transaction = this.knex): Promise<void> {
    await trx('data_keys')
      .insert({ subject, purpose, wrapped: null, destroyed_at: trx.fn.now() })
      .onConflict(['subject', 'purpose'])
      .merge({ wrapped: null, destroyed_at: trx.fn.now() });
    // Told to every watching process when this write commits (NOTIFY is transactional: inside the
    // reactor's batch, only if the batch commits).
    await trx.raw('select pg_notify(?, ?)', [KEYS_CHANNEL, KEYS_DESTROYED]);
    this.evict(`${subject}|${purpose}`);
  }

  /** Re-wraps every live data key under a new master key; events are not touched. */
  async rotateMasterKey(newMasterKey: string): Promise<number> {
    const next = keyEncryptionKey(newMasterKey);
    let count = 0;
    await this.knex.transaction(async (trx) => {
      const rows = await trx('data_keys').whereNotNull('wrapped').forUpdate().select('subject', 'purpose', 'wrapped');
      for (const r of rows) {
        const aad = `${r.subject}|${r.purpose}`;
        const key = open(this.kek.kek, r.wrapped, aad);
        await trx('data_keys').where({ subject: r.subject, purpose: r.purpose }).update({ wrapped: seal(next.kek, key, aad), master_key_id: next.id });
        count++;
      }
      for (const r of await trx('server_keys').forUpdate().select('name', 'wrapped')) {
        const aad = `server|${r.name}`;
        await trx('server_keys').where({ name: r.name }).update({ wrapped: seal(next.kek, open(this.kek.kek, r.wrapped, aad), aad), master_key_id: next.id });
      }
    });
    this.kek = next;
    this.cache.clear();
    return count;
  }
}
