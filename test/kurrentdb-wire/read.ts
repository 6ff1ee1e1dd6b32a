import { randomUUID } from 'node:crypto';
import { status, type ServerWritableStream } from '@grpc/grpc-js';
import { type Filter, type Log, type Rec, passes } from './log.ts';
import { ReadReq, ReadResp, readEvent, streamIdentifier, streamName, type V1 } from './proto.ts';

// Streams.Read: reads of a stream or of $all (forwards, backwards, filtered) and catch-up
// subscriptions to either, going live. The client library reads through its native bridge and
// subscribes through grpc-js: both send this one call.

type ReadCall = ServerWritableStream<V1.ReadReq, V1.ReadResp>;

const NO_LIMIT = 2n ** 64n - 1n;
/** The server's search window when the client sends `count` (no maxSearchWindow of its own). */
const DEFAULT_WINDOW = 32;

function toFilter(f: V1.ReadReq.Options.FilterOptions): Filter {
  const on = f.hasStreamIdentifier() ? 'streamName' : 'eventType';
  const expr = f.hasStreamIdentifier() ? f.getStreamIdentifier()! : f.getEventType()!;
  const regex = expr.getRegex();
  return { on, regex: regex ? new RegExp(regex) : null, prefixes: expr.getPrefixList() };
}

/**
 * A filtered subscription to $all hears a Checkpoint every (window × multiplier) events the server
 * searched, matching or not, catching up and live alike: where the filter passes little, the client
 * still learns how far the log has been searched.
 */
function checkpoints(call: ReadCall, f: V1.ReadReq.Options.FilterOptions): (r: Rec) => void {
  const every = Math.max(1, (f.hasMax() ? f.getMax() : DEFAULT_WINDOW) * Math.max(1, f.getCheckpointintervalmultiplier()));
  let n = 0;
  return (r) => {
    if (++n % every !== 0) return;
    const p = r.position.toString();
    call.write(new ReadResp().setCheckpoint(new ReadResp.Checkpoint().setCommitPosition(p).setPreparePosition(p)));
  };
}

export class Reads {
  /** Open subscriptions, so that tests can drop them as a server restart would. */
  private readonly live = new Set<{ call: ReadCall; stop: () => void }>();

  constructor(private readonly log: Log, private readonly sayCaughtUp: boolean) {}

  handle = (call: ReadCall): void => {
    const o = call.request.getOptions();
    if (!o) {
      call.emit('error', Object.assign(new Error('read without options'), { code: status.INVALID_ARGUMENT }));
      return;
    }
    const structured = o.getUuidOption()?.hasStructured() ?? false;
    const filter = o.hasFilter() ? toFilter(o.getFilter()!) : null;
    if (o.hasSubscription()) return this.subscribe(call, o, filter, structured);
    const backwards = o.getReadDirection() === ReadReq.Options.ReadDirection.BACKWARDS;
    const max = o.hasCount() ? BigInt(o.getCount()) : NO_LIMIT;
    if (o.hasStream()) {
      const s = o.getStream()!;
      const name = streamName(s.getStreamIdentifier());
      const from = s.hasRevision() ? BigInt(s.getRevision()) : s.hasEnd() ? 'end' : 'start';
      const recs = this.log.readStream(name, from, backwards, max);
      if (recs === null) {
        call.write(new ReadResp().setStreamNotFound(new ReadResp.StreamNotFound().setStreamIdentifier(streamIdentifier(name))));
      } else {
        for (const r of recs) call.write(readEvent(r, structured));
      }
    } else {
      const a = o.getAll()!;
      const from = a.hasPosition() ? BigInt(a.getPosition()!.getCommitPosition()) : a.hasEnd() ? 'end' : 'start';
      for (const r of this.log.readAll(from, backwards, filter, max)) call.write(readEvent(r, structured));
    }
    call.end();
  };

  /**
   * Confirmation, the events after the starting point (exclusive, as the server does), CaughtUp (unless
   * playing a server before 23.10), then every later matching write. The catch-up read and the start
   * of listening happen in one turn of the event loop, so no write falls between them.
   */
  private subscribe(call: ReadCall, o: V1.ReadReq.Options, filter: Filter | null, structured: boolean): void {
    let match: (r: Rec) => boolean;
    let backlog: Rec[];
    let scanned = (_r: Rec) => {};
    if (o.hasStream()) {
      const s = o.getStream()!;
      const name = streamName(s.getStreamIdentifier());
      const after = s.hasRevision() ? BigInt(s.getRevision()) : s.hasEnd() ? null : -1n;
      match = (r) => r.stream === name;
      backlog = after === null ? [] : (this.log.stream(name) ?? []).filter((r) => r.revision > after);
    } else {
      const a = o.getAll()!;
      const after = a.hasPosition() ? BigInt(a.getPosition()!.getCommitPosition()) : a.hasEnd() ? null : -1n;
      match = (r) => passes(filter, r);
      backlog = after === null ? [] : this.log.after(after);
      if (o.hasFilter()) scanned = checkpoints(call, o.getFilter()!);
    }
    call.write(new ReadResp().setConfirmation(new ReadResp.SubscriptionConfirmation().setSubscriptionId(randomUUID())));
    for (const r of backlog) {
      if (match(r)) call.write(readEvent(r, structured));
      scanned(r);
    }
    if (this.sayCaughtUp) call.write(new ReadResp().setCaughtUp(new ReadResp.CaughtUp()));
    const unlisten = this.log.listen((recs) => {
      for (const r of recs) {
        if (match(r)) call.write(readEvent(r, structured));
        scanned(r);
      }
    });
    const entry = { call, stop: () => { unlisten(); this.live.delete(entry); } };
    this.live.add(entry);
    call.on('cancelled', entry.stop).on('close', entry.stop).on('error', entry.stop);
  }

  /** Ends every open subscription with UNAVAILABLE, as a restarting server does. */
  dropSubscriptions(): number {
    const all = [...this.live];
    for (const { call, stop } of all) {
      stop();
      // grpc-js sends an emitted error as the call's status; destroy() would cut the stream without one.
      call.emit('error', Object.assign(new Error('Server restarting'), { code: status.UNAVAILABLE, details: 'Server restarting' }));
    }
    return all.length;
  }

  /** Ends open subscriptions cleanly (server shutdown). */
  endAll(): void {
    for (const { call, stop } of [...this.live]) { stop(); call.end(); }
  }
}
