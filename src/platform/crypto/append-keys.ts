import type { Knex } from 'knex';
import type { KeyPurpose } from './keyring.ts';

/** A data key made for an append, wrapped by the master key: what the store keeps, never the key itself. */
export interface NewDataKey {
  subject: string;
  purpose: KeyPurpose;
  wrapped: Buffer;
  masterKeyId: string;
}

/** An alias (`paciente-<id>`) of a person (`usuario-<id>`) that an append's events establish. */
export interface KeyAlias {
  alias: string;
  subject: string;
}

/** A person (or an alias of one) named by an append's events, and the purposes of the fields it seals (none: resolve only). */
export interface KeyNeed {
  ref: string;
  purposes: KeyPurpose[];
  /**
   * The append creates this person's own stream: they should have no keys yet, which are then made
   * without a lookup. The store refuses them if the person has keys after all (or the name is an
   * alias), and the append is sealed again after a lookup.
   */
  fresh?: boolean;
}

/** The keys one append seals with (KeyRing.forAppend), and the rows to store with it. */
export class AppendKeys {
  /** Keys the people do not have yet, wrapped: stored with the events (or before them). */
  readonly keys: NewDataKey[] = [];
  /** Their plain values, cached by KeyRing.settle once the append committed. */
  readonly made = new Map<string, Buffer>();
  private readonly subjects = new Map<string, string>();
  private readonly opened = new Map<string, Buffer>();

  constructor(
    /** The ring's eviction count when the keys were read: a destruction meanwhile keeps them out of the cache. */
    readonly evictionsSeen: number,
    readonly aliases: KeyAlias[],
  ) {}

  /** The person an alias of this append names, before it is stored. */
  linked(ref: string): string | undefined {
    return this.aliases.find((a) => a.alias === ref)?.subject;
  }

  set(ref: string, subject: string, purpose?: KeyPurpose, key?: Buffer): void {
    this.subjects.set(ref, subject);
    if (purpose && key) this.opened.set(`${subject}|${purpose}`, key);
  }

  has(subject: string, purpose: KeyPurpose): boolean {
    return this.opened.has(`${subject}|${purpose}`);
  }

  subjectOf(ref: string): string {
    const subject = this.subjects.get(ref);
    if (subject === undefined) throw new Error(`no person resolved for ${ref}`);
    return subject;
  }

  key(subject: string, purpose: KeyPurpose): Buffer {
    const key = this.opened.get(`${subject}|${purpose}`);
    if (!key) throw new Error(`no ${purpose} key read for ${subject}`);
    return key;
  }
}

export interface KeyRow {
  /** The name asked about. */
  ref: string;
  purpose: KeyPurpose | null;
  /** The person it is an alias of (null: not an alias). */
  aliased: string | null;
  /** The person: `aliased`, else `ref`. */
  subject: string;
  /** A row exists for the person and purpose; `wrapped` null then means destroyed. */
  found: boolean;
  wrapped: Buffer | null;
}

// Aliases resolved and keys read in one round trip, for every (name, purpose) of an append that
// the cache cannot answer. A null purpose only resolves the name.
const READ_KEYS = `select r.ref, r.purpose, a.subject as aliased, coalesce(a.subject, r.ref) as subject,
    k.subject is not null as found, k.wrapped
  from unnest(?::text[], ?::text[]) as r(ref, purpose)
  left join key_aliases a on a.alias = r.ref
  left join data_keys k on k.subject = coalesce(a.subject, r.ref) and k.purpose = r.purpose`;

export async function readKeyRows(knex: Knex, pairs: [string, KeyPurpose | null][]): Promise<KeyRow[]> {
  const result = await knex.raw(READ_KEYS, [pairs.map((p) => p[0]), pairs.map((p) => p[1]) as string[]]);
  return result.rows as KeyRow[];
}

const READ_DATA_KEYS = `select k.subject, k.purpose, k.wrapped
  from unnest(?::text[], ?::text[]) as m(subject, purpose)
  join data_keys k on k.subject = m.subject and k.purpose = m.purpose`;

/** The stored rows of many (subject, purpose) at once; `wrapped` null: destroyed. */
export async function readDataKeys(knex: Knex, pairs: [string, KeyPurpose][]): Promise<{ subject: string; purpose: KeyPurpose; wrapped: Buffer | null }[]> {
  const result = await knex.raw(READ_DATA_KEYS, [pairs.map((p) => p[0]), pairs.map((p) => p[1])]);
  return result.rows;
}
