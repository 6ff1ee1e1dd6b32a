import { Readable } from 'node:stream';
import {
  StreamNotFoundError, UnsupportedError, WrongExpectedVersionError,
  type AppendStreamRequest, type AppendStreamState, type EventData, type Filter, type KurrentDBClient,
} from '@kurrent/kurrentdb-client';

// An in-memory stand-in for the KurrentDB client, for running the adapter's logic (paging, filters,
// reservations, subscriptions and their drops) where no server is available. It encodes what the
// client's .d.ts and the server documentation promise, nothing more; the real server is still the
// judge (test/eventstore/kurrentdb.test.ts runs the contract against it when KURRENTDB_URL is set).

interface Rec {
  streamId: string; id: string; type: string; revision: bigint; isJson: true; created: Date;
  data: unknown; metadata: unknown; position: { commit: bigint; prepare: bigint };
}
interface Live { stream: Readable & { unsubscribe(): Promise<void> }; filter?: Filter }

const tick = () => new Promise<void>((r) => setImmediate(r));
const clone = <T>(v: T): T => (v === undefined ? v : JSON.parse(JSON.stringify(v)));

function passes(filter: Filter | undefined, e: Rec): boolean {
  if (!filter) return true;
  const value = filter.filterOn === 'eventType' ? e.type : e.streamId;
  return 'regex' in filter ? new RegExp(filter.regex).test(value) : filter.prefixes.some((p) => value.startsWith(p));
}

const after = (a: Rec['position'], b: Rec['position']) => a.commit > b.commit || (a.commit === b.commit && a.prepare > b.prepare);

export class FakeKurrentClient {
  readonly log: Rec[] = [];
  private readonly streams = new Map<string, Rec[]>();
  private readonly live = new Set<Live>();
  /** Positions start past 2^53: tokens must stay exact bigints. */
  private next = 2n ** 60n;
  multiStreamSupported = true;
  /** Counts calls, so tests can tell which path an append took. */
  readonly calls = { appendToStream: 0, multiStreamAppend: 0 };

  asClient(): KurrentDBClient {
    return this as unknown as KurrentDBClient;
  }

  private current(name: string): bigint | 'no_stream' {
    const s = this.streams.get(name);
    return s?.length ? BigInt(s.length - 1) : 'no_stream';
  }

  private check(name: string, expected: AppendStreamState): void {
    const current = this.current(name);
    const ok = expected === 'any' || (expected === 'no_stream' && current === 'no_stream') ||
      (expected === 'stream_exists' && current !== 'no_stream') || (typeof expected === 'bigint' && current === expected);
    if (!ok) throw new WrongExpectedVersionError(undefined, { streamName: name, expected, current });
  }

  /** Writes events; those of one call share a commit position (a transaction), with rising prepares. */
  private write(writes: { name: string; events: EventData[]; metadata: (e: EventData) => unknown }[]): Rec[] {
    const commit = (this.next += 10n);
    const out: Rec[] = [];
    for (const w of writes) {
      const s = this.streams.get(w.name) ?? [];
      this.streams.set(w.name, s);
      for (const e of w.events) {
        const rec: Rec = {
          streamId: w.name, id: e.id, type: e.type, revision: BigInt(s.length), isJson: true, created: new Date(),
          data: clone(e.data), metadata: w.metadata(e), position: { commit, prepare: (this.next += 7n) },
        };
        s.push(rec);
        this.log.push(rec);
        out.push(rec);
      }
    }
    for (const l of this.live) for (const r of out) if (passes(l.filter, r)) l.stream.push({ event: r, commitPosition: r.position.commit });
    return out;
  }

  async appendToStream(name: string, events: EventData | EventData[], options: { streamState?: AppendStreamState } = {}) {
    this.calls.appendToStream++;
    await tick();
    const list = Array.isArray(events) ? events : [events];
    this.check(name, options.streamState ?? 'any');
    const recs = this.write([{ name, events: list, metadata: (e) => clone(e.metadata) }]);
    return { success: true, nextExpectedRevision: recs.length ? recs[recs.length - 1].revision : BigInt(this.current(name)), position: recs[0]?.position };
  }

  async multiStreamAppend(requests: AppendStreamRequest[]) {
    this.calls.multiStreamAppend++;
    if (!this.multiStreamSupported) throw new UnsupportedError('multiStreamAppend', '25.1');
    for (const r of requests) {
      if (r.events.length === 0) throw new Error(`fake: empty append request for ${r.streamName}`);
      for (const e of r.events) {
        const m = e.metadata as Record<string, unknown> | undefined;
        if (m && Object.values(m).some((v) => typeof v !== 'string')) {
          throw new Error('multiStreamAppend requires metadata to be a plain object with string keys and string values.');
        }
      }
    }
    await tick();
    for (const r of requests) this.check(r.streamName, r.expectedState);
    // The server keeps record properties as JSON metadata, adding its own schema keys.
    const recs = this.write(requests.map((r) => ({ name: r.streamName, events: r.events, metadata: (e) => ({ ...clone(e.metadata as object), '$schema.name': e.type }) })));
    const last = recs[recs.length - 1];
    return { position: last.position.commit, responses: requests.map((r) => ({ streamName: r.streamName, revision: BigInt(this.current(r.streamName)) })) };
  }

  readStream(name: string, o: { direction?: string; fromRevision?: 'start' | 'end' | bigint; maxCount?: number | bigint } = {}) {
    const self = this;
    return (async function* () {
      await tick();
      const s = self.streams.get(name);
      if (!s) throw new StreamNotFoundError(undefined, name);
      const backwards = o.direction === 'backwards';
      let list = backwards ? [...s].reverse() : [...s];
      const from = o.fromRevision ?? (backwards ? 'end' : 'start');
      if (typeof from === 'bigint') list = list.filter((e) => (backwards ? e.revision <= from : e.revision >= from));
      yield* list.slice(0, Number(o.maxCount ?? Number.MAX_SAFE_INTEGER)).map((event) => ({ event }));
    })();
  }

  readAll(o: { direction?: string; fromPosition?: 'start' | 'end' | Rec['position']; maxCount?: number | bigint; filter?: Filter } = {}) {
    const self = this;
    return (async function* () {
      await tick();
      const backwards = o.direction === 'backwards';
      const from = o.fromPosition ?? (backwards ? 'end' : 'start');
      let list = self.log.filter((e) => passes(o.filter, e));
      if (typeof from === 'object') {
        // Forwards from a position includes the event at it; backwards starts before it.
        list = list.filter((e) => (backwards ? after(from, e.position) : !after(from, e.position)));
      } else if (from === (backwards ? 'start' : 'end')) {
        list = [];
      }
      if (backwards) list.reverse();
      yield* list.slice(0, Number(o.maxCount ?? Number.MAX_SAFE_INTEGER)).map((event) => ({ event, commitPosition: event.position.commit }));
    })();
  }

  subscribeToAll(o: { fromPosition?: 'start' | 'end' | Rec['position']; filter?: Filter } = {}) {
    const stream = Object.assign(new Readable({ objectMode: true, read() {} }), {
      unsubscribe: async () => {
        this.live.delete(entry);
        stream.destroy();
      },
    });
    const entry: Live = { stream, filter: o.filter };
    const from = o.fromPosition ?? 'start';
    if (from !== 'end') {
      for (const e of this.log) {
        if ((from === 'start' || after(e.position, from)) && passes(o.filter, e)) stream.push({ event: e, commitPosition: e.position.commit });
      }
    }
    this.live.add(entry);
    // As the client does on the server's CaughtUp (23.10+), once the backlog is in the stream.
    setImmediate(() => { if (!stream.destroyed) stream.emit('caughtUp', {}); });
    return stream;
  }

  /** Drops every live subscription with an error, as a server restart would. */
  dropSubscriptions(err = new Error('14 UNAVAILABLE: connection reset')): number {
    const n = this.live.size;
    for (const l of [...this.live]) {
      this.live.delete(l);
      l.stream.destroy(err);
    }
    return n;
  }

  async dispose(): Promise<void> {
    for (const l of [...this.live]) l.stream.destroy();
    this.live.clear();
  }
}
