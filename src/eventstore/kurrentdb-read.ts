import {
  BACKWARDS, END, START, StreamNotFoundError, convertToCommandError,
  type AllStreamResolvedEvent, type Direction as ReadDirection, type Filter, type KurrentDBClient, type Position as KurrentPosition, type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import sharedPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/shared_pb.js';
import streamsGrpc from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_grpc_pb.js';
import streamsPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb.js';
import type * as V1 from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb.js';
import { convertGrpcEvent } from '@kurrent/kurrentdb-client/dist/utils/convertGrpcEvent.js';

// Reads over the client's grpc-js channel instead of its native read bridge. The bridge leaves Nagle's
// algorithm on its sockets and sends a read request in two writes: the second waits for the server's
// delayed ACK, so about a third of reads stalled ~40 ms (a real 26.1 server and the stand-in alike).
// grpc-js (the channel appends and subscriptions already use) sets TCP_NODELAY. The same Streams.Read
// call, built as the client builds its subscriptions, decoded by the client's own converter, errors
// converted as the client converts them (NotLeader reconnects the channel; kurrentdb-retry.ts resends).

// CommonJS modules whose exports the ESM loader cannot list: imported whole, then destructured.
const { StreamsClient } = streamsGrpc;
const { ReadReq } = streamsPb;
const { Empty, StreamIdentifier } = sharedPb;

export interface StreamReadOptions { direction?: ReadDirection; fromRevision?: typeof START | typeof END | bigint; maxCount?: number | bigint }
export interface AllReadOptions { direction?: ReadDirection; fromPosition?: typeof START | typeof END | KurrentPosition; maxCount?: number | bigint; filter?: Filter }

/** The reads the adapter makes: the client's own readStream/readAll signatures, so a test client fits too. */
export interface KurrentReads {
  readStream(stream: string, options?: StreamReadOptions): AsyncIterable<ResolvedEvent>;
  readAll(options?: AllReadOptions): AsyncIterable<AllStreamResolvedEvent>;
}

/** What the client keeps protected (its grpc-js channel and call arguments), used as its own methods do. */
interface Channel {
  execute<T>(ctor: typeof StreamsClient, name: string, action: (c: InstanceType<typeof StreamsClient>) => Promise<T>): Promise<T>;
  callArguments(o: { requiresLeader?: boolean }): [unknown, unknown];
}

const hasChannel = (c: unknown): c is Channel => typeof (c as Channel).execute === 'function' && typeof (c as Channel).callArguments === 'function';

/** Reads through grpc-js when `client` is the real client; a client without a channel (tests) reads itself. */
export function kurrentReads(client: KurrentDBClient): KurrentReads {
  if (!hasChannel(client)) return client;
  return {
    readStream: (stream, o = {}) => read(client, streamOptions(stream, o), stream),
    readAll: (o = {}) => read(client, allOptions(o), null) as AsyncIterable<AllStreamResolvedEvent>,
  };
}

function streamOptions(stream: string, o: StreamReadOptions): V1.ReadReq.Options {
  const s = new ReadReq.Options.StreamOptions().setStreamIdentifier(new StreamIdentifier().setStreamName(Buffer.from(stream, 'utf8')));
  const from = o.fromRevision ?? START;
  if (from === START) s.setStart(new Empty());
  else if (from === END) s.setEnd(new Empty());
  else s.setRevision(from.toString());
  return base(o).setStream(s).setNoFilter(new Empty());
}

function allOptions(o: AllReadOptions): V1.ReadReq.Options {
  const a = new ReadReq.Options.AllOptions();
  const from = o.fromPosition ?? START;
  if (from === START) a.setStart(new Empty());
  else if (from === END) a.setEnd(new Empty());
  else a.setPosition(new ReadReq.Options.Position().setCommitPosition(from.commit.toString()).setPreparePosition(from.prepare.toString()));
  const options = base(o).setAll(a);
  if (!o.filter) return options.setNoFilter(new Empty());
  const f = o.filter;
  const expr = new ReadReq.Options.FilterOptions.Expression();
  if ('prefixes' in f && f.prefixes) expr.setPrefixList(f.prefixes);
  if ('regex' in f && f.regex) expr.setRegex(f.regex);
  const filter = new ReadReq.Options.FilterOptions().setCheckpointintervalmultiplier(1);
  if (f.filterOn === 'streamName') filter.setStreamIdentifier(expr);
  else filter.setEventType(expr);
  if (typeof f.maxSearchWindow === 'number') filter.setMax(f.maxSearchWindow);
  else filter.setCount(new Empty());
  return options.setFilter(filter);
}

function base(o: { direction?: ReadDirection; maxCount?: number | bigint }): V1.ReadReq.Options {
  const count = o.maxCount === undefined ? 2n ** 64n - 1n : BigInt(o.maxCount);
  return new ReadReq.Options()
    .setReadDirection(o.direction === BACKWARDS ? ReadReq.Options.ReadDirection.BACKWARDS : ReadReq.Options.ReadDirection.FORWARDS)
    .setResolveLinks(false)
    .setCount(count.toString())
    .setUuidOption(new ReadReq.Options.UUIDOption().setString(new Empty()));
}

/** One Streams.Read, answered whole (the adapter's reads are bounded or read one stream). */
async function* read(client: Channel, options: V1.ReadReq.Options, stream: string | null): AsyncGenerator<ResolvedEvent> {
  const req = new ReadReq().setOptions(options);
  const messages = await client.execute(StreamsClient, 'read', (c) => new Promise<V1.ReadResp[]>((resolve, reject) => {
    const out: V1.ReadResp[] = [];
    const call = c.read(req, ...(client.callArguments({ requiresLeader: false }) as [never, never]));
    call.on('data', (m: V1.ReadResp) => out.push(m));
    call.on('end', () => resolve(out));
    call.on('error', (err: Error) => reject(convertToCommandError(err)));
  }));
  for (const m of messages) {
    if (m.hasStreamNotFound()) throw new StreamNotFoundError(undefined, stream ?? '');
    if (m.hasEvent()) yield convertGrpcEvent(m.getEvent()!);
  }
}
