import { Metadata, status, type sendUnaryData, type ServerDuplexStream, type ServerReadableStream } from '@grpc/grpc-js';
import { Conflict, EventTooLarge, TooLarge, type Expected, type Log, type Proposed, type Rec } from './log.ts';
import {
  AllStreamPosition, AppendRecordSizeExceededErrorDetails, AppendResp, AppendTransactionSizeExceededErrorDetails, MaximumAppendSizeExceeded, AppendResponse, AppendSessionResponse, BatchAppendResp, Empty, SchemaFormat, Status,
  StreamRevisionConflictErrorDetails, streamName, statusBytes, uuidText, wrongExpectedVersion,
  type V1, type V2,
} from './proto.ts';

// The three appends the client may use: Streams.Append (servers that do not list batch append),
// Streams.BatchAppend (what the client prefers when the server lists it) and, for multiStreamAppend,
// the v2 StreamsService.AppendSession: several streams in one atomic write. Each answers a failed
// expectation as a real server does, so that the client raises its own WrongExpectedVersionError.

interface V1Message {
  serializeBinary(): Uint8Array;
  getId(): Parameters<typeof uuidText>[0];
  getMetadataMap(): { get(key: string): string | undefined };
  getCustomMetadata_asU8(): Uint8Array;
  getData_asU8(): Uint8Array;
}

const proposed = (m: V1Message): Proposed => ({
  id: uuidText(m.getId()),
  type: m.getMetadataMap().get('type') ?? '',
  contentType: m.getMetadataMap().get('content-type') ?? 'application/octet-stream',
  data: m.getData_asU8(),
  metadata: m.getCustomMetadata_asU8(),
});

/**
 * Refuses an append with one event over MaxAppendEventSize, or whose events together exceed
 * MaxAppendSize, as the server counts them (encoded size).
 */
function limit(sizes: number[], log: Log): void {
  const over = sizes.findIndex((s) => s > log.maxEventSize);
  if (over >= 0) throw new EventTooLarge(over, sizes[over], log.maxEventSize);
  const size = sizes.reduce((a, b) => a + b, 0);
  if (size > log.maxAppendSize) throw new TooLarge(size, log.maxAppendSize);
}

/**
 * A real 26.1 refuses one event over MaxAppendEventSize on the v1 appends with a status whose detail
 * type the client does not know: it raises `UnknownError: Could not recognize MaximumAppendEventSizeExceeded`.
 */
const EVENT_TOO_LARGE_V1 = 'event_store.client.MaximumAppendEventSizeExceeded';

/** Streams.Append's refusal of one event too large: INVALID_ARGUMENT, the name only in the message. */
function eventTooLargeV1(err: EventTooLarge) {
  const m = new Metadata();
  m.set('grpc-status-details-bin', statusBytes(status.INVALID_ARGUMENT, err.message, EVENT_TOO_LARGE_V1, new Uint8Array()));
  return fail(status.INVALID_ARGUMENT, err.message, m);
}

/** Streams.Append's refusal: INVALID_ARGUMENT with the exception in the trailers (MaxAppendSizeExceededError). */
function tooLargeV1(err: TooLarge) {
  const m = new Metadata();
  m.set('exception', 'maximum-append-size-exceeded');
  m.set('maximum-append-size', String(err.max));
  return fail(status.INVALID_ARGUMENT, err.message, m);
}

const fail = (code: status, details: string, metadata?: Metadata) => Object.assign(new Error(details), { code, details, metadata });
const last = (recs: Rec[]) => recs[recs.length - 1];

type V1Expected = { hasAny(): boolean; hasNoStream(): boolean; hasStreamExists(): boolean };
function expectedOf(o: V1Expected, revision: () => string): Expected {
  if (o.hasNoStream()) return { kind: 'noStream' };
  if (o.hasStreamExists()) return { kind: 'exists' };
  if (o.hasAny()) return { kind: 'any' };
  return { kind: 'exact', revision: BigInt(revision()) };
}

/** Streams.Append: options first, then one message per event; one answer at the end. */
export function append(log: Log) {
  return (call: ServerReadableStream<V1.AppendReq, V1.AppendResp>, done: sendUnaryData<V1.AppendResp>): void => {
    let stream = '';
    let expected: Expected = { kind: 'any' };
    const events: Proposed[] = [];
    const sizes: number[] = [];
    call.on('data', (req: V1.AppendReq) => {
      const o = req.getOptions();
      if (o) {
        stream = streamName(o.getStreamIdentifier());
        expected = expectedOf(o, () => o.getRevision());
      } else if (req.hasProposedMessage()) {
        events.push(proposed(req.getProposedMessage()!));
        sizes.push(req.getProposedMessage()!.serializeBinary().length);
      }
    });
    call.on('end', () => {
      try {
        limit(sizes, log);
        const recs = log.append([{ stream, expected, events }]);
        const success = new AppendResp.Success();
        const current = recs.length ? last(recs).revision : log.current(stream);
        if (current === null) success.setNoStream(new Empty());
        else success.setCurrentRevision(current.toString());
        if (recs.length) {
          const p = last(recs).position.toString();
          success.setPosition(new AppendResp.Position().setCommitPosition(p).setPreparePosition(p));
        }
        done(null, new AppendResp().setSuccess(success));
      } catch (err) {
        if (err instanceof TooLarge) return done(tooLargeV1(err));
        if (err instanceof EventTooLarge) return done(eventTooLargeV1(err));
        if (!(err instanceof Conflict)) return done(fail(status.INTERNAL, String(err)));
        const w = new AppendResp.WrongExpectedVersion();
        if (err.current !== null) w.setCurrentRevision(err.current.toString());
        else w.setCurrentNoStream(new Empty());
        if (err.expected.kind === 'exact') w.setExpectedRevision(err.expected.revision.toString());
        else if (err.expected.kind === 'noStream') w.setExpectedNoStream(new Empty());
        else if (err.expected.kind === 'exists') w.setExpectedStreamExists(new Empty());
        else w.setExpectedAny(new Empty());
        done(null, new AppendResp().setWrongExpectedVersion(w));
      }
    });
  };
}

/**
 * Streams.BatchAppend: one long-lived call carrying many appends, each split in chunks under a
 * correlation id (options in the first, is_final on the last), each answered by correlation id.
 */
export function batchAppend(log: Log) {
  return (call: ServerDuplexStream<V1.BatchAppendReq, V1.BatchAppendResp>): void => {
    const pending = new Map<string, { options: V1.BatchAppendReq.Options; events: Proposed[]; sizes: number[] }>();
    call.on('data', (req: V1.BatchAppendReq) => {
      const id = uuidText(req.getCorrelationId());
      const entry = pending.get(id) ?? { options: req.getOptions()!, events: [], sizes: [] };
      pending.set(id, entry);
      for (const m of req.getProposedMessagesList()) {
        entry.events.push(proposed(m));
        entry.sizes.push(m.serializeBinary().length);
      }
      if (!req.getIsFinal()) return;
      pending.delete(id);
      const o = entry.options;
      const stream = streamName(o.getStreamIdentifier());
      const resp = new BatchAppendResp().setCorrelationId(req.getCorrelationId()).setStreamIdentifier(o.getStreamIdentifier());
      try {
        limit(entry.sizes, log);
        const recs = log.append([{ stream, expected: expectedOf(o, () => o.getStreamPosition()), events: entry.events }]);
        const success = new BatchAppendResp.Success();
        const current = recs.length ? last(recs).revision : log.current(stream);
        // google.protobuf.Empty: the client's Empty encodes the same (no fields).
        if (current === null) success.setNoStream(new Empty() as never);
        else success.setCurrentRevision(current.toString());
        if (recs.length) {
          const p = last(recs).position.toString();
          success.setPosition(new AllStreamPosition().setCommitPosition(p).setPreparePosition(p));
        }
        call.write(resp.setSuccess(success));
      } catch (err) {
        const bytes = err instanceof Conflict
          ? statusBytes(status.FAILED_PRECONDITION, err.message, 'event_store.client.WrongExpectedVersion', wrongExpectedVersion(err.expected, err.current).serializeBinary())
          : err instanceof TooLarge
          ? statusBytes(status.INVALID_ARGUMENT, err.message, 'event_store.client.MaximumAppendSizeExceeded', new MaximumAppendSizeExceeded().setMaxappendsize(err.max).serializeBinary())
          : err instanceof EventTooLarge
          ? statusBytes(status.INVALID_ARGUMENT, err.message, EVENT_TOO_LARGE_V1, new Uint8Array())
          : statusBytes(status.INTERNAL, String(err), 'event_store.client.Unknown', new Uint8Array());
        call.write(resp.setError(Status.deserializeBinary(bytes)));
      }
    });
    call.on('end', () => call.end());
    call.on('error', () => {});
  };
}

/** v2 expected revisions: -1 no stream, -2 any, -4 stream exists, else the exact revision. */
function expectedV2(v: string): Expected {
  if (v === '-1') return { kind: 'noStream' };
  if (v === '-2') return { kind: 'any' };
  if (v === '-4') return { kind: 'exists' };
  return { kind: 'exact', revision: BigInt(v) };
}
const v2Revision = (e: Expected) => (e.kind === 'exact' ? e.revision.toString() : { noStream: '-1', any: '-2', exists: '-4' }[e.kind]);

/**
 * StreamsService.AppendSession (KurrentDB 25.1+): one request per stream, all written atomically.
 * Record properties become the event's JSON metadata, with the record's schema name beside them.
 */
export function appendSession(log: Log) {
  return (call: ServerReadableStream<V2.AppendRequest, V2.AppendSessionResponse>, done: sendUnaryData<V2.AppendSessionResponse>): void => {
    const requests: V2.AppendRequest[] = [];
    call.on('data', (r: V2.AppendRequest) => requests.push(r));
    call.on('end', () => {
      const writes = requests.map((r) => ({
        stream: r.getStream(),
        expected: expectedV2(r.getExpectedRevision() ?? '-2'),
        events: r.getRecordsList().map((rec): Proposed => {
          const schema = rec.getSchema();
          const properties: Record<string, unknown> = {};
          rec.getPropertiesMap().forEach((v, k) => { properties[k] = v.toJavaScript(); });
          return {
            id: (rec.getRecordId() ?? '').toLowerCase(),
            type: schema?.getName() ?? '',
            contentType: schema?.getFormat() === SchemaFormat.SCHEMA_FORMAT_JSON ? 'application/json' : 'application/octet-stream',
            data: rec.getData_asU8(),
            metadata: Buffer.from(JSON.stringify({ ...properties, '$schema.name': schema?.getName() ?? '' })),
          };
        }),
      }));
      try {
        const records = requests.flatMap((r) => r.getRecordsList().map((rec) => ({ stream: r.getStream(), rec })));
        try {
          limit(records.map(({ rec }) => rec.serializeBinary().length), log);
        } catch (err) {
          if (!(err instanceof EventTooLarge)) throw err;
          return done(recordTooLargeV2(err, records[err.index].stream, records[err.index].rec.getRecordId() ?? ''));
        }
        const recs = log.append(writes);
        const out = writes.map((w) => {
          const mine = recs.filter((r) => r.stream === w.stream);
          return new AppendResponse().setStream(w.stream).setStreamRevision(String(mine.length ? last(mine).revision : log.current(w.stream))).setPosition(last(mine).position.toString());
        });
        done(null, new AppendSessionResponse().setOutputList(out).setPosition(last(recs).position.toString()));
      } catch (err) {
        if (err instanceof TooLarge) return done(tooLargeV2(err));
        if (!(err instanceof Conflict)) return done(fail(status.INTERNAL, String(err)));
        const details = new StreamRevisionConflictErrorDetails()
          .setStream(err.stream).setExpectedRevision(v2Revision(err.expected)).setActualRevision(String(err.current ?? -1n));
        const trailers = new Metadata();
        trailers.set('grpc-status-details-bin', statusBytes(status.FAILED_PRECONDITION, err.message,
          'kurrentdb.protocol.v2.streams.errors.StreamRevisionConflictErrorDetails', details.serializeBinary()));
        done(fail(status.FAILED_PRECONDITION, err.message, trailers));
      }
    });
  };
}

/** AppendSession's refusal of one record too large: INVALID_ARGUMENT with AppendRecordSizeExceededErrorDetails. */
function recordTooLargeV2(err: EventTooLarge, stream: string, recordId: string) {
  const details = new AppendRecordSizeExceededErrorDetails().setStream(stream).setRecordId(recordId).setSize(err.size).setMaxSize(err.max);
  const trailers = new Metadata();
  trailers.set('grpc-status-details-bin', statusBytes(status.INVALID_ARGUMENT, err.message,
    'kurrentdb.protocol.v2.streams.errors.AppendRecordSizeExceededErrorDetails', details.serializeBinary()));
  return fail(status.INVALID_ARGUMENT, err.message, trailers);
}

/** AppendSession's refusal: ABORTED with AppendTransactionSizeExceededErrorDetails (TransactionMaxSizeExceededError). */
function tooLargeV2(err: TooLarge) {
  const details = new AppendTransactionSizeExceededErrorDetails().setSize(err.size).setMaxSize(err.max);
  const trailers = new Metadata();
  trailers.set('grpc-status-details-bin', statusBytes(status.ABORTED, err.message,
    'kurrentdb.protocol.v2.streams.errors.AppendTransactionSizeExceededErrorDetails', details.serializeBinary()));
  return fail(status.ABORTED, err.message, trailers);
}
