import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { errors } from '../errors.ts';
import { keyEncryptionKey, open, seal } from './aead.ts';
import { AppendKeys, readDataKeys, readKeyRows, type KeyAlias, type KeyNeed, type KeyRow } from './append-keys.ts';
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

  private cached(cacheKey: string): Buffer | null {
    const cached = this.cache.get(cacheKey);
    return cached && this.cacheTrusted() && Date.now() - cached.at < KeyRing.CACHE_MS ? cached.key : null;
  }

  async lookup(subject: string, purpose: KeyPurpose): Promise<KeyLookup> {
    const cacheKey = `${subject}|${purpose}`;
    const cached = this.cached(cacheKey);
    if (cached) return { key: cached };
    // A batch of events opens many fields of one person at once: one query for all of them.
    const pending = this.pending.get(cacheKey);
    if (pending) return pending;
    const fetched = this.fetch(subject, purpose, cacheKey).finally(() => this.pending.delete(cacheKey));
    this.pending.set(cacheKey, fetched);
    return fetched;
  }

  /** Many keys at once (a batch of events being opened): the cache's, the rest read in one query. */
  async lookupMany(pairs: [string, KeyPurpose][]): Promise<Map<string, KeyLookup>> {
    const found = new Map<string, KeyLookup>();
    const missing: [string, KeyPurpose][] = [];
    for (const [subject, purpose] of pairs) {
      const cacheKey = `${subject}|${purpose}`;
      if (found.has(cacheKey)) continue;
      const key = this.cached(cacheKey);
      found.set(cacheKey, key ? { key } : null);
      if (!key) missing.push([subject, purpose]);
    }
    if (missing.length === 0) return found;
    const seen = this.evictions;
    for (const row of await readDataKeys(this.knex, missing)) {
      const cacheKey = `${row.subject}|${row.purpose}`;
      if (!row.wrapped) {
        found.set(cacheKey, { destroyed: true });
        continue;
      }
      const key = open(this.kek.kek, row.wrapped, cacheKey);
      if (seen === this.evictions) this.cache.set(cacheKey, { key, at: Date.now() });
      found.set(cacheKey, { key });
    }
    return found;
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

  /**
   * The keys an append seals with, for the people (or aliases) its events name: from the cache, else
   * read with the aliases in one query. A key a person does not have yet is made here and listed,
   * wrapped, in `keys`: the caller stores it with the events, or before them (storeRows), and calls
   * settle() once they are stored. An erased person's data is refused (409).
   */
  async forAppend(needs: KeyNeed[], aliases: KeyAlias[]): Promise<AppendKeys> {
    const plan = new AppendKeys(this.evictions, aliases);
    const pairs: [string, KeyPurpose | null][] = [];
    const asked = new Map<string, Set<string>>(); // the name read → the events' names for it
    for (const need of needs) {
      if (this.fromCache(plan, need) || this.presumeNew(plan, need)) continue;
      const ref = plan.linked(need.ref) ?? need.ref;
      asked.set(ref, (asked.get(ref) ?? new Set()).add(need.ref));
      if (need.purposes.length === 0) pairs.push([ref, null]);
      for (const purpose of need.purposes) pairs.push([ref, purpose]);
    }
    const rows = pairs.length ? await readKeyRows(this.knex, pairs) : [];
    for (const row of rows) for (const ref of asked.get(row.ref)!) this.fromRow(plan, row, ref);
    // One order for the new rows of every writer: two appends creating the same keys cannot deadlock.
    plan.keys.sort((x, y) => (x.subject === y.subject ? x.purpose.localeCompare(y.purpose) : x.subject < y.subject ? -1 : 1));
    return plan;
  }

  private fromCache(plan: AppendKeys, need: KeyNeed): boolean {
    const subject = plan.linked(need.ref) ?? this.aliases.get(need.ref);
    if (subject === undefined) return false;
    const keys = need.purposes.map((p) => this.cached(`${subject}|${p}`));
    if (keys.some((k) => k === null)) return false;
    plan.set(need.ref, subject);
    need.purposes.forEach((p, i) => plan.set(need.ref, subject, p, keys[i]!));
    return true;
  }

  private presumeNew(plan: AppendKeys, need: KeyNeed): boolean {
    if (!need.fresh || need.purposes.length === 0 || plan.linked(need.ref) !== undefined) return false;
    for (const purpose of need.purposes) this.makeKey(plan, need.ref, need.ref, purpose);
    return true;
  }

  private fromRow(plan: AppendKeys, row: KeyRow, ref: string): void {
    const { subject, purpose } = row;
    plan.set(ref, subject);
    // Aliases never change once written. A name that is no alias but has keys of its own is a
    // person: it is never made an alias afterwards (its data would be split between two keys).
    if (row.aliased !== null) this.aliases.set(row.ref, row.aliased);
    else if (row.found) this.aliases.set(row.ref, row.ref);
    if (purpose === null || plan.has(subject, purpose)) return;
    const cacheKey = `${subject}|${purpose}`;
    if (row.found && !row.wrapped) throw errors.conflict('Los datos personales de esta persona se han eliminado', "This person's personal data has been erased");
    if (row.found) {
      const key = open(this.kek.kek, row.wrapped!, cacheKey);
      if (plan.evictionsSeen === this.evictions) this.cache.set(cacheKey, { key, at: Date.now() });
      plan.set(ref, subject, purpose, key);
      return;
    }
    this.makeKey(plan, ref, subject, purpose);
  }

  private makeKey(plan: AppendKeys, ref: string, subject: string, purpose: KeyPurpose): void {
    const cacheKey = `${subject}|${purpose}`;
    const key = randomBytes(32);
    plan.set(ref, subject, purpose, key);
    plan.made.set(cacheKey, key);
    plan.keys.push({ subject, purpose, wrapped: seal(this.kek.kek, key, cacheKey), masterKeyId: this.kek.id });
  }

  /**
   * For a store that keeps no keys (KurrentDB): the append's aliases and new keys, stored before its
   * events. False when a key was created meanwhile by another writer (or destroyed): seal again.
   */
  async storeRows(plan: AppendKeys): Promise<boolean> {
    for (const a of plan.aliases) await this.link(a.alias, a.subject);
    let all = true;
    for (const k of plan.keys) {
      const inserted = await this.knex('data_keys')
        .insert({ subject: k.subject, purpose: k.purpose, wrapped: k.wrapped, master_key_id: k.masterKeyId })
        .onConflict(['subject', 'purpose']).ignore()
        .returning('subject');
      all &&= inserted.length > 0;
    }
    return all;
  }

  /** The append committed: its aliases and new keys are known from now on. */
  settle(plan: AppendKeys): void {
    for (const a of plan.aliases) this.aliases.set(a.alias, a.subject);
    for (const k of plan.keys) this.aliases.set(k.subject, k.subject);
    if (plan.evictionsSeen !== this.evictions) return; // a destruction meanwhile: read them afresh
    for (const [cacheKey, key] of plan.made) this.cache.set(cacheKey, { key, at: Date.now() });
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
