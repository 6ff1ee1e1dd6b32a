import type { KeyPurpose, KeyRing } from '../platform/crypto/keyring.ts';
import { open, seal } from '../platform/crypto/aead.ts';
import type { SealSpec } from '../events/personal-data.ts';
import type { EventStore, NewEvent, Position, Reservation, StoredEvent, StreamWrite, SubscribeOptions } from './port.ts';

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

  async append(writes: StreamWrite[], reservations?: Reservation[]) {
    const sealed: StreamWrite[] = [];
    for (const w of writes) {
      const events: NewEvent[] = [];
      for (const e of w.events) events.push(await this.sealEvent(w.streamId, e));
      sealed.push({ ...w, events });
    }
    return this.inner.append(sealed, reservations);
  }

  private async sealEvent(streamId: string, event: NewEvent): Promise<NewEvent> {
    const spec = this.specs[event.type];
    if (!spec) return event;
    for (const [alias, person] of spec.links?.(event.data) ?? []) await this.keys.link(alias, person);
    const subject = await this.keys.resolve(spec.subject(event.data));
    const data = { ...event.data };
    const fields: Record<string, KeyPurpose> = {};
    for (const [field, purpose] of Object.entries(spec.fields)) {
      if (data[field] === undefined || data[field] === null) continue;
      const key = await this.keys.obtain(subject, purpose);
      data[field] = seal(key, Buffer.from(JSON.stringify(data[field]), 'utf8'), `${streamId}|${field}`).toString('base64');
      fields[field] = purpose;
    }
    return { ...event, data, metadata: { ...event.metadata, sealing: { subject, fields } } };
  }

  private async openEvent(event: StoredEvent): Promise<StoredEvent> {
    const sealing = event.metadata.sealing;
    if (!sealing) return event;
    const data = { ...event.data };
    const erased: string[] = [];
    for (const [field, purpose] of Object.entries(sealing.fields)) {
      const found = await this.keys.lookup(sealing.subject, purpose);
      if (found && 'key' in found) {
        data[field] = JSON.parse(open(found.key, Buffer.from(String(data[field]), 'base64'), `${event.streamId}|${field}`).toString('utf8'));
      } else {
        data[field] = null;
        erased.push(field);
      }
    }
    return erased.length ? { ...event, data, erased } : { ...event, data };
  }

  private openAll(events: StoredEvent[]): Promise<StoredEvent[]> {
    return Promise.all(events.map((e) => this.openEvent(e)));
  }

  async readStream(streamId: string) {
    return this.openAll(await this.inner.readStream(streamId));
  }

  async readStreams(streamIds: readonly string[]) {
    return Promise.all((await this.inner.readStreams(streamIds)).map((events) => this.openAll(events)));
  }

  readStreamAsStored(streamId: string) {
    return this.inner.readStream(streamId);
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
