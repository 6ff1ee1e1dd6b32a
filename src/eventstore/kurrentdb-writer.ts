import { createHash, randomUUID } from 'node:crypto';
import {
  ANY, AppendRecordSizeExceededError, BACKWARDS, END, MaxAppendSizeExceededError, NO_STREAM, StreamNotFoundError, TransactionMaxSizeExceededError, UnsupportedError,
  UnknownError, WrongExpectedVersionError, convertToCommandError, jsonEvent,
  type AppendStreamState, type EventData, type KurrentDBClient,
} from '@kurrent/kurrentdb-client';
import type { KurrentReads } from './kurrentdb-read.ts';
import { CLAIMED, RELEASED, type StreamNames, positionToken, reservationStream, satisfies, toEventData, toStreamState } from './kurrentdb-codec.ts';
import { AppendTooLargeError, type Position, type Reservation, ReservationTakenError, type StreamWrite, WrongExpectedRevisionError } from './port.ts';

// The write half of the KurrentDB adapter: expectations, reservations and the choice between one
// atomic multiStreamAppend (KurrentDB 25.1+) and stream-by-stream appends on older servers.

export interface Written { revisions: Record<string, bigint>; written: StreamWrite[] | null; position: Position | null }

interface ReservationWrite { stream: string; scope: string; event: EventData; expected: AppendStreamState }

const UNIMPLEMENTED = 12; // gRPC status of a server without the v2 append service

/**
 * The id of a claim or release written with an append: derived from the append's first event id, so
 * that the same append sent again (the leader changed before it answered) carries the same ids and
 * the server recognises it as written. Without events there is nothing to tie it to: a fresh id.
 */
function reservationEventId(writes: StreamWrite[], r: Reservation): string {
  const first = writes.find((w) => w.events.length > 0)?.events[0]?.metadata.eventId;
  if (!first) return randomUUID();
  const h = createHash('sha256').update(`${first}|${r.release ? 'release' : 'claim'}|${r.scope}|${r.key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const RESOURCE_EXHAUSTED = 8; // gRPC status of a message over the server's receive limit

/**
 * The server's refusals of an append as too large, as the client raises them: MaxAppendSize on v1
 * appends (MaxAppendSizeExceededError), the transaction size on AppendSession
 * (TransactionMaxSizeExceededError), one event over MaxAppendEventSize (16 MiB on 26.1: on v1 appends
 * an UnknownError "Could not recognize MaximumAppendEventSizeExceeded", the client knowing no class for
 * it; on AppendSession AppendRecordSizeExceededError), and a request over the server's gRPC message
 * limit (RESOURCE_EXHAUSTED). Null for anything else.
 */
export function sizeRefusal(err: unknown): AppendTooLargeError | null {
  if (err instanceof MaxAppendSizeExceededError) return new AppendTooLargeError(err.maxAppendSize ?? null);
  if (err instanceof TransactionMaxSizeExceededError) return new AppendTooLargeError(err.maxSize ?? null);
  if (err instanceof AppendRecordSizeExceededError) return new AppendTooLargeError(err.maxSize ?? null);
  if (err instanceof UnknownError && /MaximumAppendEventSizeExceeded|MaximumAppendSizeExceeded/.test(err.message)) return new AppendTooLargeError(null);
  if ((err as { code?: unknown } | null)?.code === RESOURCE_EXHAUSTED) return new AppendTooLargeError(null);
  return null;
}

export class KurrentWriter {
  private multiAppend: boolean | null = null; // null: not known yet whether the server has multiStreamAppend

  constructor(private readonly client: KurrentDBClient, private readonly reads: KurrentReads, private readonly names: StreamNames) {}

  /**
   * Sends the writes and reservations; `written` lists the writes that carried events (null when
   * nothing at all was sent, the expectations having been only checked); `position` is the last
   * event's $all position when the server's answer tells it exactly (one event written), else null.
   */
  async append(writes: StreamWrite[], reservations: Reservation[]): Promise<Written> {
    const seen = new Set<string>();
    for (const w of writes) {
      if (seen.has(w.streamId)) throw new Error(`stream ${w.streamId} appears more than once in one append`);
      seen.add(w.streamId);
    }
    const revisions: Record<string, bigint> = {};
    // A write without events only checks its expectation: the client cannot send an empty append in
    // a multi-stream request, so it is checked by a read here (a check, nothing to make atomic).
    const writing = writes.filter((w) => w.events.length > 0);
    for (const w of writes.filter((x) => x.events.length === 0)) {
      const actual = (await this.lastEvent(this.names.out(w.streamId)))?.revision ?? null;
      if (!satisfies(w.expected, actual)) throw new WrongExpectedRevisionError(w.streamId, w.expected, actual);
      revisions[w.streamId] = actual ?? -1n;
    }
    const { claims, releases } = await this.reservationWrites(writes, reservations);
    if (writing.length === 0 && claims.length + releases.length === 0) return { revisions, written: null, position: null };
    let position: Position | null = null;
    try {
      if (writing.length === 1 && claims.length + releases.length === 0) {
        const w = writing[0];
        const r = await this.client.appendToStream(this.names.out(w.streamId), w.events.map(toEventData), { streamState: toStreamState(w.expected) });
        revisions[w.streamId] = r.nextExpectedRevision;
        // The server answers with the write's commit position (commit = prepare). For one event that
        // is the event's own position in $all; for several it is not the last one's, so those are read back.
        if (w.events.length === 1 && r.position) position = positionToken(r.position);
      } else {
        Object.assign(revisions, await this.appendMany(writing, claims, releases));
      }
    } catch (err) {
      throw this.conflict(err, writing, claims);
    }
    return { revisions, written: writing, position };
  }

  /** Claims read the reservation stream first: taken unless missing or ending with a release. */
  private async reservationWrites(writes: StreamWrite[], reservations: Reservation[]) {
    const claims: ReservationWrite[] = [];
    const releases: ReservationWrite[] = [];
    for (const r of reservations) {
      const stream = this.names.out(reservationStream(r.scope, r.key));
      const id = reservationEventId(writes, r);
      const event = jsonEvent({ id, type: r.release ? RELEASED : CLAIMED, data: { scope: r.scope, key: r.key, streamId: writes[0]?.streamId ?? null } });
      if (r.release) {
        releases.push({ stream, scope: r.scope, event, expected: ANY });
        continue;
      }
      const last = await this.lastEvent(stream);
      if (last && last.id === id) {
        // This very append, sent again: the same claim at the same expected revision as the first time.
        claims.push({ stream, scope: r.scope, event, expected: last.revision === 0n ? NO_STREAM : last.revision - 1n });
        continue;
      }
      if (last && last.type !== RELEASED) throw new ReservationTakenError(r.scope);
      claims.push({ stream, scope: r.scope, event, expected: last ? last.revision : NO_STREAM });
    }
    return { claims, releases };
  }

  /** One atomic multiStreamAppend (KurrentDB 25.1+); stream by stream on older servers. */
  private async appendMany(writes: StreamWrite[], claims: ReservationWrite[], releases: ReservationWrite[]) {
    if (this.multiAppend !== false) {
      try {
        const r = await this.client.multiStreamAppend([
          ...writes.map((w) => ({ streamName: this.names.out(w.streamId), events: w.events.map(toEventData), expectedState: toStreamState(w.expected) })),
          ...[...claims, ...releases].map((c) => ({ streamName: c.stream, events: [c.event], expectedState: c.expected })),
        ]);
        this.multiAppend = true;
        const revisions: Record<string, bigint> = {};
        for (const w of writes) {
          const found = r.responses.find((x) => x.streamName === this.names.out(w.streamId));
          if (!found) throw new Error(`multiStreamAppend answered without stream ${w.streamId}`);
          revisions[w.streamId] = found.revision;
        }
        return revisions;
      } catch (err) {
        const unsupported = err instanceof UnsupportedError || (err as { code?: number } | null)?.code === UNIMPLEMENTED;
        if (!unsupported) throw err;
        this.multiAppend = false;
      }
    }
    return this.appendSequentially(writes, claims, releases);
  }

  /**
   * Servers before 25.1 have no multi-stream append. NOT ATOMIC: the expectations are checked first, then
   * claims, writes and releases go one by one. A concurrent writer between the check and a write, or a
   * crash half-way, leaves the earlier streams written (claims made before a failed write are released).
   */
  private async appendSequentially(writes: StreamWrite[], claims: ReservationWrite[], releases: ReservationWrite[]) {
    for (const w of writes) {
      const actual = (await this.lastEvent(this.names.out(w.streamId)))?.revision ?? null;
      if (!satisfies(w.expected, actual)) throw new WrongExpectedRevisionError(w.streamId, w.expected, actual);
    }
    const revisions: Record<string, bigint> = {};
    const claimed: ReservationWrite[] = [];
    try {
      for (const c of claims) {
        await this.client.appendToStream(c.stream, c.event, { streamState: c.expected });
        claimed.push(c);
      }
      for (const w of writes) {
        const r = await this.client.appendToStream(this.names.out(w.streamId), w.events.map(toEventData), { streamState: toStreamState(w.expected) });
        revisions[w.streamId] = r.nextExpectedRevision;
      }
    } catch (err) {
      for (const c of claimed) {
        await this.client.appendToStream(c.stream, jsonEvent({ type: RELEASED, data: { scope: c.scope } })).catch(() => {});
      }
      throw err;
    }
    for (const r of releases) await this.client.appendToStream(r.stream, r.event);
    return revisions;
  }

  /**
   * The client's wrong-expected-version error as the port's error (a lost claim: ReservationTakenError);
   * the server's size refusals as AppendTooLargeError (sizeRefusal).
   */
  private conflict(raw: unknown, writes: StreamWrite[], claims: ReservationWrite[]): unknown {
    const err = raw instanceof Error ? convertToCommandError(raw) : raw;
    const tooLarge = sizeRefusal(err);
    if (tooLarge) return tooLarge;
    if (!(err instanceof WrongExpectedVersionError)) return err;
    const claim = claims.find((c) => c.stream === err.streamName);
    if (claim) return new ReservationTakenError(claim.scope);
    const w = writes.find((x) => this.names.out(x.streamId) === err.streamName) ?? (writes.length === 1 && claims.length === 0 ? writes[0] : undefined);
    if (!w) return err;
    const actual = err.actualState === NO_STREAM || err.actualState === undefined ? null : BigInt(err.actualState);
    return new WrongExpectedRevisionError(w.streamId, w.expected, actual);
  }

  /** The last event of a stream, by its name on the server. */
  async lastEvent(streamId: string): Promise<{ revision: bigint; type: string; id: string } | null> {
    try {
      for await (const r of this.reads.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        if (r.event) return { revision: r.event.revision, type: r.event.type, id: r.event.id.toLowerCase() };
      }
    } catch (err) {
      if (!(err instanceof StreamNotFoundError)) throw err;
    }
    return null;
  }
}
