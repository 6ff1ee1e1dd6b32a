import type { KeyLookup, KeyPurpose, KeyRing } from '../platform/crypto/keyring.ts';
import { open, seal } from '../platform/crypto/aead.ts';
import type { AppendKeys, KeyAlias, KeyNeed } from '../platform/crypto/append-keys.ts';
import type { SealSpec } from '../events/personal-data.ts';
import { appendsKeyRows, DataKeyTakenError } from './key-rows.ts';
import type { EventStore, NewEvent, Position, Reservation, StoredEvent, StreamWrite, StreamsOfQuery, SubscribeOptions } from './port.ts';
import { lastEvents, streamsOf } from './port.ts';

/** Appends that lose the race to create a person's key are sealed again this many times at most. */
const KEY_RACE_ATTEMPTS = 5;

const present = (value: unknown) => value !== undefined && value !== null;

/**
 * Seals the personal fields of events before they reach the store and opens them on the way out.
 * Each field is AES-256-GCM under the person's data key, bound to its stream and field name.
 * A field whose key was destroyed reads as null and is listed in `erased`.
 */
export class SealingEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly keys: KeyRing,
    private readonly specs: Record<string, SealSpec>,
  ) {}

  /**
   * Seals and appends. The keys come from the ring's cache or from one query; a person's first key
   * is written in the append's own statement where the store can (PostgreSQL), else just before.
   * When another writer created that key meanwhile, nothing was written: seal again with theirs.
   */
  async append(writes: StreamWrite[], reservations: Reservation[] = []) {
    for (let attempt = 1; ; attempt++) {
      // Only the first time, and only where the store checks the presumption in the append itself:
      // a person presumed new who was not is looked up on the next attempt.
      const plan = await this.keys.forAppend(...this.needs(writes, attempt === 1 && appendsKeyRows(this.inner)));
      const sealed = writes.map((w) => ({ ...w, events: w.events.map((e) => this.sealEvent(w.streamId, e, plan)) }));
      try {
        // The read models written inline see what a replay sees: the data opened, the metadata as stored (its `sealing`).
        const opened = writes.map((w, i) => ({ ...w, events: w.events.map((e, k) => ({ ...e, metadata: sealed[i].events[k].metadata })) }));
        const result = await this.write(sealed, reservations, plan, opened);
        this.keys.settle(plan);
        return result;
      } catch (err) {
        if (!(err instanceof DataKeyTakenError) || attempt >= KEY_RACE_ATTEMPTS) throw err;
      }
    }
  }

  /** `opened`: the writes before sealing, for the read models a store writes in the append's transaction. */
  private async write(writes: StreamWrite[], reservations: Reservation[], plan: AppendKeys, opened: StreamWrite[]) {
    if (appendsKeyRows(this.inner)) return this.inner.appendWithKeyRows(writes, reservations, plan, opened);
    if (!(await this.keys.storeRows(plan))) throw new DataKeyTakenError();
    return this.inner.append(writes, reservations);
  }

  /**
   * The people the writes' events name, with the purposes of their fields present, and the aliases
   * they establish. A person whose own stream this append creates (`usuario-<id>`, expected
   * noStream: a registration) is presumed to have no keys yet (`fresh`, see KeyRing.forAppend).
   */
  private needs(writes: StreamWrite[], presume: boolean): [KeyNeed[], KeyAlias[]] {
    const created = new Set(presume ? writes.filter((w) => w.expected === 'noStream').map((w) => w.streamId) : []);
    const needs = new Map<string, Set<KeyPurpose>>();
    const aliases: KeyAlias[] = [];
    for (const e of writes.flatMap((w) => w.events)) {
      const spec = this.specs[e.type];
      if (!spec) continue;
      for (const [alias, subject] of spec.links?.(e.data) ?? []) aliases.push({ alias, subject });
      const ref = spec.subject(e.data);
      const purposes = needs.get(ref) ?? new Set();
      needs.set(ref, purposes);
      for (const [field, purpose] of Object.entries(spec.fields)) if (present(e.data[field])) purposes.add(purpose);
    }
    return [[...needs].map(([ref, purposes]) => ({ ref, purposes: [...purposes], fresh: created.has(ref) })), aliases];
  }

  private sealEvent(streamId: string, event: NewEvent, plan: AppendKeys): NewEvent {
    const spec = this.specs[event.type];
    if (!spec) return event;
    const subject = plan.subjectOf(spec.subject(event.data));
    const data = { ...event.data };
    const fields: Record<string, KeyPurpose> = {};
    for (const [field, purpose] of Object.entries(spec.fields)) {
      if (!present(data[field])) continue;
      data[field] = seal(plan.key(subject, purpose), Buffer.from(JSON.stringify(data[field]), 'utf8'), `${streamId}|${field}`).toString('base64');
      fields[field] = purpose;
    }
    return { ...event, data, metadata: { ...event.metadata, sealing: { subject, fields } } };
  }

  private openEvent(event: StoredEvent, keys: Map<string, KeyLookup>): StoredEvent {
    const sealing = event.metadata.sealing;
    if (!sealing) return event;
    const data = { ...event.data };
    const erased: string[] = [];
    for (const [field, purpose] of Object.entries(sealing.fields)) {
      const found = keys.get(`${sealing.subject}|${purpose}`);
      if (found && 'key' in found) {
        data[field] = JSON.parse(open(found.key, Buffer.from(String(data[field]), 'base64'), `${event.streamId}|${field}`).toString('utf8'));
      } else {
        data[field] = null;
        erased.push(field);
      }
    }
    return erased.length ? { ...event, data, erased } : { ...event, data };
  }

  /** The keys of a whole batch are read at once (one query for those the cache lacks), then each event is opened. */
  private async openAll(events: StoredEvent[]): Promise<StoredEvent[]> {
    const pairs: [string, KeyPurpose][] = [];
    for (const e of events) {
      const sealing = e.metadata.sealing;
      if (sealing) for (const purpose of Object.values(sealing.fields)) pairs.push([sealing.subject, purpose]);
    }
    if (pairs.length === 0) return events;
    const keys = await this.keys.lookupMany(pairs);
    return events.map((e) => this.openEvent(e, keys));
  }

  async readStream(streamId: string) {
    return this.openAll(await this.inner.readStream(streamId));
  }

  /** Every stream's events opened together: one key query at most for all of them. */
  async readStreams(streamIds: readonly string[]) {
    const lists = await this.inner.readStreams(streamIds);
    const opened = await this.openAll(lists.flat());
    let at = 0;
    return lists.map((events) => opened.slice(at, (at += events.length)));
  }

  /** The last events opened together; a store without the shortcut reads the whole streams (lastEvents). */
  async readLastEvents(streamIds: readonly string[]) {
    const last = await lastEvents(this.inner, streamIds);
    const opened = await this.openAll(last.filter((e): e is StoredEvent => e !== null));
    let at = 0;
    return last.map((e) => (e === null ? null : opened[at++]));
  }

  readStreamAsStored(streamId: string) {
    return this.inner.readStream(streamId);
  }

  /** Metadata is never sealed: the inner store answers. */
  get skipsFreshReads() {
    return this.inner.skipsFreshReads;
  }

  streamsOf(query: StreamsOfQuery) {
    return streamsOf(this.inner, query);
  }

  async readAll(from: Position | null, limit: number) {
    const r = await this.inner.readAll(from, limit);
    return { ...r, events: await this.openAll(r.events) };
  }

  subscribe(from: Position | null, handler: (events: StoredEvent[]) => Promise<void>, options?: SubscribeOptions) {
    return this.inner.subscribe(from, async (events) => handler(await this.openAll(events)), options);
  }

  waitForEvents(timeoutMs: number) {
    return this.inner.waitForEvents(timeoutMs);
  }
  compare(a: Position | null, b: Position | null) {
    return this.inner.compare(a, b);
  }
  head() {
    return this.inner.head();
  }
  close() {
    return this.inner.close();
  }
}
